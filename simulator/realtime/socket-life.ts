/**
 * What a control socket's life is bound to. A socket is opened with one access token of one grant
 * and lives no longer than either: it closes when the token is revoked, when its grant ends (sign-out,
 * a refresh replay, an admin's revocation, a removed user or client), when the token expires, and at
 * the latest after `maxLifetimeMs` however long the token runs, so a stolen token cannot be turned
 * into a socket that outlives what was done about it. A client reconnects with a fresh token.
 */

/** What the hub remembers of a socket's credential. */
export interface SocketCredential {
  token: string;
  grantId: string;
  /** When the token expires naturally, ms since the epoch. */
  expiresAt: number;
  /** When the socket was opened, ms since the epoch. */
  openedAt: number;
}

/** How the hub asks after a credential now. */
export interface CredentialCheck {
  now: number;
  /** Longest life of a socket on one handshake's token, ms. */
  maxLifetimeMs: number;
  tokenLive(token: string): boolean;
  grantLive(grantId: string): boolean;
}

/** The reason the socket must close now, or null while its credential stands. */
export function socketEnd(credential: SocketCredential, check: CredentialCheck): string | null {
  if (check.now >= credential.expiresAt) return 'the access token expired: reconnect with a fresh one';
  if (!check.tokenLive(credential.token)) return 'the access token was revoked';
  if (!check.grantLive(credential.grantId)) return 'the sign-in this socket was opened with has ended';
  if (check.now - credential.openedAt >= check.maxLifetimeMs)
    return 'the socket reached its longest life on one token: reconnect with a fresh one';
  return null;
}
