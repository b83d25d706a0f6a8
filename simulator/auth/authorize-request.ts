import type { FatalReason } from './page-words.ts';
import type { AccountDirectory } from './accounts.ts';
import type { OAuthErrorCode } from './oauth-error.ts';
import { isValidChallenge, PKCE_METHOD } from './pkce.ts';
import { redirectUriAllowed } from './redirect-uri.ts';
import { resolveScope } from './scope.ts';
import type { ClientAccount } from './types.ts';

/** Validation of an authorization request (RFC 6749 §4.1.1, §4.2.1; RFC 7636 §4.3). */

export interface AuthorizeParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  /** OpenID Connect Core §3.1.2.1; only `login` is honoured (ask for credentials again). */
  prompt?: string;
}

export interface ValidAuthorizeRequest {
  client: ClientAccount;
  redirectUri: string;
  responseType: 'code' | 'token';
  state: string | undefined;
  scope: string;
  codeChallenge: string | null;
  /** `prompt=login`: show the login page even when the browser has a login session. */
  promptLogin: boolean;
  /** The parameters as received, for the login form to post back. */
  params: AuthorizeParams;
}

export type AuthorizeCheck =
  /** The redirect URI cannot be trusted: tell the user, never redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'fatal'; reason: FatalReason; message: string }
  /** Everything else goes back to the client at its (verified) redirect URI. */
  | { kind: 'error'; location: string }
  | { kind: 'ok'; request: ValidAuthorizeRequest };

/**
 * Appends response parameters: in the query for the code flow (RFC 6749 §4.1.2), in the fragment for
 * the implicit flow (§4.2.2), where they never reach a server.
 */
export function redirectWith(
  redirectUri: string,
  inFragment: boolean,
  params: Record<string, string | undefined>,
): string {
  const defined = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (inFragment) return `${redirectUri}#${new URLSearchParams(defined).toString()}`;
  const url = new URL(redirectUri);
  for (const [key, value] of defined) url.searchParams.append(key, value);
  return url.toString();
}

export function checkAuthorizeRequest(accounts: AccountDirectory, params: AuthorizeParams): AuthorizeCheck {
  if (params.client_id === undefined || params.client_id === '')
    return {
      kind: 'fatal',
      reason: 'noClient',
      message: 'The request names no application (client_id is missing).',
    };
  const client = accounts.client(params.client_id);
  if (client === null)
    return {
      kind: 'fatal',
      reason: 'unknownClient',
      message: 'The application is not registered with this service.',
    };
  const redirectUri = params.redirect_uri;
  if (redirectUri === undefined || redirectUri === '')
    return { kind: 'fatal', reason: 'noRedirect', message: 'The request has no redirect_uri.' };
  if (!redirectUriAllowed(client.redirectUris, redirectUri)) {
    return {
      kind: 'fatal',
      reason: 'unknownRedirect',
      message: 'The redirect_uri is not registered for this application.',
    };
  }

  const inFragment = params.response_type === 'token';
  const fail = (error: OAuthErrorCode, description: string): AuthorizeCheck => ({
    kind: 'error',
    location: redirectWith(redirectUri, inFragment, {
      error,
      error_description: description,
      state: params.state,
    }),
  });

  const responseType = params.response_type;
  if (responseType === undefined || responseType === '')
    return fail('invalid_request', 'response_type is required');
  if (responseType !== 'code' && responseType !== 'token') {
    return fail('unsupported_response_type', 'response_type must be code or token');
  }
  const grant = responseType === 'code' ? 'authorization_code' : 'implicit';
  if (!client.grants.includes(grant)) {
    return fail('unauthorized_client', `this client may not use response_type=${responseType}`);
  }
  const scope = resolveScope(params.scope, client.scopes);
  if (scope === null) return fail('invalid_scope', 'the requested scope is not allowed for this client');

  let codeChallenge: string | null = null;
  if (responseType === 'code') {
    const challenge = params.code_challenge;
    const method = params.code_challenge_method;
    if (challenge === undefined || challenge === '') {
      if (method !== undefined)
        return fail('invalid_request', 'code_challenge_method without code_challenge');
      // RFC 7636 §4.4.1, RFC 9700 §2.1.1: a public client cannot authenticate, so PKCE is its only binding.
      if (client.secretHash === null)
        return fail('invalid_request', 'code_challenge is required for public clients');
    } else {
      // RFC 7636 §4.3: a missing method means `plain`, which is refused like an explicit one.
      if (method !== PKCE_METHOD) return fail('invalid_request', 'code_challenge_method must be S256');
      if (!isValidChallenge(challenge)) return fail('invalid_request', 'code_challenge is malformed');
      codeChallenge = challenge;
    }
  }

  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      responseType,
      state: params.state,
      scope,
      codeChallenge,
      promptLogin: (params.prompt ?? '').split(' ').includes('login'),
      params,
    },
  };
}

/** Only the authorize parameters, so credentials from the login form are never echoed back. */
export function pickAuthorizeParams(source: AuthorizeParams): AuthorizeParams {
  const {
    client_id,
    redirect_uri,
    response_type,
    state,
    scope,
    code_challenge,
    code_challenge_method,
    prompt,
  } = source;
  const picked: AuthorizeParams = {
    client_id,
    redirect_uri,
    response_type,
    state,
    scope,
    code_challenge,
    code_challenge_method,
  };
  // Only when sent, so the login form does not post back an empty prompt field.
  if (prompt !== undefined) picked.prompt = prompt;
  return picked;
}
