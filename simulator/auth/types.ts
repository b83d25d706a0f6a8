/** Account and token shapes shared by the auth modules; the wire shapes live in schemas.ts. */

export type UserRole = 'admin' | 'support' | 'user';

/** Who is calling the control API, resolved from a bearer token. */
export interface Principal {
  userId: string;
  username: string;
  name: string;
  role: UserRole;
  clientId: string;
  scope: string;
}

/** The domain a user authenticates against (the spec's `authority` of the password grant). */
export interface Authority {
  id: string;
  name: string;
}

export interface UserAccount {
  id: string;
  /** Unique across authorities: the login form asks for no authority. */
  username: string;
  name: string;
  role: UserRole;
  authority: string;
  /** Output of `hashSecret` (passwords.ts); the plain password is never kept. */
  passwordHash: string;
}

/**
 * `implicit` names the `response_type=token` flow, which has no grant_type of its own; `device_code`
 * names RFC 8628's device grant.
 */
export type GrantType = 'authorization_code' | 'implicit' | 'password' | 'refresh_token' | 'device_code';

/** RFC 8628 §3.4: the device grant's `grant_type` on the wire (`device_code` in a client's grants). */
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

export interface ClientAccount {
  id: string;
  /** Shown on the login page. */
  name: string;
  /** `null` makes a public client (RFC 6749 §2.1), which must use PKCE for the code flow. */
  secretHash: string | null;
  redirectUris: string[];
  grants: GrantType[];
  /** Scopes the client may ask for; all of them are granted when it asks for none. */
  scopes: string[];
}

export interface DemoAccounts {
  authorities: Authority[];
  users: UserAccount[];
  clients: ClientAccount[];
}

export interface AuthOptions {
  accounts: DemoAccounts;
  tokenTtlSeconds: number;
  /**
   * Seconds a rotated-out refresh token is still accepted (a client whose refresh answer was lost
   * retries with it); 0 = strict. Reuse after it is a replay: refused, and the grant revoked.
   */
  refreshReuseSeconds?: number;
  /** Milliseconds since the Unix epoch; injectable so tests can expire codes and tokens. */
  now?: () => number;
}
