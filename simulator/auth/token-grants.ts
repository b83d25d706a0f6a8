import type { Static } from '@sinclair/typebox';
import { authenticateClient } from './client-auth.ts';
import { refusalMessage } from './login-throttle.ts';
import { OAuthError } from './oauth-error.ts';
import type { TokenBody } from './schemas.ts';
import { resolveScope } from './scope.ts';
import type { AuthService, TokenResponse } from './service.ts';
import { type ClientAccount, DEVICE_GRANT_TYPE, type GrantType } from './types.ts';

/** The token endpoint's grants (RFC 6749 §4.1.3, §4.3.2, §6). Every failure is an OAuthError. */

type TokenRequest = Static<typeof TokenBody>;

const GRANT_TYPES: readonly string[] = ['authorization_code', 'password', 'refresh_token', DEVICE_GRANT_TYPE];

/** The name a client's registration uses for a wire `grant_type`. */
const registeredName = (grantType: string): GrantType =>
  (grantType === DEVICE_GRANT_TYPE ? 'device_code' : grantType) as GrantType;

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

function codeGrant(auth: AuthService, client: ClientAccount, body: TokenRequest): TokenResponse {
  const code = required(body.code, 'code');
  // RFC 6749 §4.1.3: required because the authorization request always carries it here.
  const redirectUri = required(body.redirect_uri, 'redirect_uri');
  return auth.redeemCode(client, code, redirectUri, body.code_verifier);
}

async function passwordGrant(
  auth: AuthService,
  client: ClientAccount,
  body: TokenRequest,
  address: string,
): Promise<TokenResponse> {
  const username = required(body.username, 'username');
  const password = required(body.password, 'password');
  if (body.authority !== undefined && !auth.accounts.hasAuthority(body.authority)) {
    throw new OAuthError('invalid_request', 'unknown authority');
  }
  const scope = resolveScope(body.scope, client.scopes);
  if (scope === null)
    throw new OAuthError('invalid_scope', 'the requested scope is not allowed for this client');
  const checked = await auth.throttle.attempt(username, address, () =>
    auth.accounts.verifyUser(username, password, body.authority),
  );
  if (checked.refusal !== null) {
    const { refusal } = checked;
    throw new OAuthError('temporarily_unavailable', refusalMessage(refusal), refusal.retryAfterSeconds);
  }
  if (checked.result === null) throw new OAuthError('invalid_grant', 'wrong username, password or authority');
  return auth.issueForUser(client, checked.result, scope);
}

export async function grantTokens(
  auth: AuthService,
  body: TokenRequest,
  authorization: string | undefined,
  /** The caller's address, for the back-off on wrong passwords. */
  address: string,
): Promise<TokenResponse> {
  const grantType = required(body.grant_type, 'grant_type');
  if (!GRANT_TYPES.includes(grantType))
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
  const client = await authenticateClient(auth.accounts, {
    authorization,
    clientId: body.client_id,
    clientSecret: body.client_secret,
  });
  // RFC 6749 §10.7 / RFC 9700 §2.4: handing user passwords to code that cannot keep a secret is never allowed.
  const publicPassword = grantType === 'password' && client.secretHash === null;
  if (publicPassword || !client.grants.includes(registeredName(grantType))) {
    throw new OAuthError('unauthorized_client', `this client may not use grant_type ${grantType}`);
  }
  switch (grantType) {
    case 'authorization_code':
      return codeGrant(auth, client, body);
    case 'password':
      return passwordGrant(auth, client, body, address);
    case DEVICE_GRANT_TYPE:
      return auth.pollDevice(client, required(body.device_code, 'device_code'));
    default:
      return auth.refresh(client, required(body.refresh_token, 'refresh_token'), body.scope);
  }
}
