import type { AccountDirectory } from './accounts.ts';
import { OAuthError } from './oauth-error.ts';
import type { ClientAccount } from './types.ts';

/** Client authentication at the token and revocation endpoints (RFC 6749 §2.3.1). */

export interface ClientCredentials {
  authorization: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

const BASIC = /^basic +([A-Za-z0-9+/]+=*) *$/i;

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded. */
function formDecode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_client', 'malformed HTTP Basic credentials');
  }
}

function parseBasic(header: string): { id: string; secret: string } | null {
  const match = BASIC.exec(header);
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'malformed HTTP Basic credentials');
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

/** True when the request carries any client identification at all. */
export function presentsClient(credentials: ClientCredentials): boolean {
  return (
    credentials.clientId !== undefined ||
    (credentials.authorization !== undefined && BASIC.test(credentials.authorization))
  );
}

/**
 * The authenticated client, or an `invalid_client` error. Confidential clients prove their secret;
 * public clients (RFC 6749 §2.1) only identify themselves and must not claim a secret.
 */
export async function authenticateClient(
  accounts: AccountDirectory,
  credentials: ClientCredentials,
): Promise<ClientAccount> {
  const basic = credentials.authorization === undefined ? null : parseBasic(credentials.authorization);
  if (basic !== null && credentials.clientSecret !== undefined) {
    // RFC 6749 §2.3: a client MUST NOT use more than one authentication method per request.
    throw new OAuthError(
      'invalid_request',
      'client credentials sent both in the Authorization header and in the body',
    );
  }
  if (basic !== null && credentials.clientId !== undefined && credentials.clientId !== basic.id) {
    throw new OAuthError('invalid_request', 'client_id does not match the Authorization header');
  }
  const clientId = basic?.id ?? credentials.clientId;
  const secret = basic?.secret ?? credentials.clientSecret;
  if (clientId === undefined || clientId === '')
    throw new OAuthError('invalid_client', 'client authentication required');
  const client = accounts.client(clientId);
  if (client === null) throw new OAuthError('invalid_client', 'unknown client');
  if (client.secretHash === null) {
    if (secret !== undefined && secret !== '')
      throw new OAuthError('invalid_client', 'public client must not send a secret');
    return client;
  }
  if (secret === undefined || secret === '') throw new OAuthError('invalid_client', 'client secret required');
  if (!(await accounts.verifyClientSecret(client, secret)))
    throw new OAuthError('invalid_client', 'client authentication failed');
  return client;
}
