import { AccountDirectory } from './accounts.ts';
import { CodeStore } from './code-store.ts';
import { CsrfTokens } from './csrf.ts';
import { type DeviceRecord, DeviceStore, type IssuedDeviceCode } from './device-store.ts';
import { LoginThrottle } from './login-throttle.ts';
import { OAuthError } from './oauth-error.ts';
import { isValidVerifier, verifierMatches } from './pkce.ts';
import { narrowScope } from './scope.ts';
import { type SessionRecord, SessionStore } from './session-store.ts';
import { openSuccessor, sealSuccessor } from './successor-seal.ts';
import {
  type AccessTokenRecord,
  type IssuedTokens,
  type RefreshTokenRecord,
  TokenStore,
} from './token-store.ts';
import { randomToken } from './tokens.ts';
import type { AuthOptions, ClientAccount, Principal, UserAccount } from './types.ts';

/** What survives a restart. Codes are left out on purpose: they live 60 s. */
export interface AuthSnapshot {
  version: 1;
  accessTokens: AccessTokenRecord[];
  refreshTokens: RefreshTokenRecord[];
  sessions: SessionRecord[];
}

/** The token endpoint's success body (spec §2.3, RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  created_at: number;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: 'bearer';
}

export interface BearerRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
}

/** A sealed successor answer as it was issued (successor-seal.ts returns unknown JSON). */
function isTokenResponse(value: unknown): value is TokenResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.access_token === 'string' &&
    typeof v.created_at === 'number' &&
    typeof v.expires_in === 'number' &&
    (v.refresh_token === undefined || typeof v.refresh_token === 'string') &&
    typeof v.scope === 'string' &&
    v.token_type === 'bearer'
  );
}

/** The device's polling answers, in words a log reader understands. */
const DEVICE_ERRORS = {
  authorization_pending: 'the person has not answered yet',
  slow_down: 'polling faster than the interval; the interval grows by 5 seconds',
  access_denied: 'the person denied the request',
  expired_token: 'the device code has expired; start again',
} as const;

/** RFC 6750 §2.1: `Bearer` (any case) then a b64token. */
const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

function positiveSeconds(seconds: number): number {
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new RangeError(`token TTL must be a positive whole number of seconds, got ${seconds}`);
  }
  return seconds;
}

function bearerToken(request: BearerRequest): string | null {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : BEARER.exec(value);
  if (match?.[1] !== undefined) return match[1];
  // RFC 6750 §2.3, named `bearer_token` by the spec (§5.1).
  const query = request.query;
  if (typeof query === 'object' && query !== null && 'bearer_token' in query) {
    const token = query.bearer_token;
    if (typeof token === 'string' && token !== '') return token;
  }
  return null;
}

/**
 * The simulator's authorization server state: accounts, codes, tokens and login sessions. The HTTP
 * side lives in the routes; the control API only calls `authenticate`.
 */
export class AuthService {
  readonly accounts: AccountDirectory;
  /** Back-off on wrong passwords, shared by the login form and the password grant. */
  readonly throttle: LoginThrottle;
  /** Back-off on wrong user codes at the device verification page, per address (RFC 8628 §5.1). */
  readonly codeGuesses: LoginThrottle;
  /** CSRF tokens of the login and consent forms. */
  readonly csrf = new CsrfTokens();
  readonly #tokens: TokenStore;
  readonly #codes = new CodeStore();
  readonly #devices = new DeviceStore();
  readonly #sessions: SessionStore;
  readonly #now: () => number;
  readonly #listeners: Array<() => void> = [];
  #ttlSeconds: number;
  readonly #reuseMs: number;

  constructor(options: AuthOptions, persisted?: AuthSnapshot) {
    this.#reuseMs = Math.max(0, options.refreshReuseSeconds ?? 30) * 1000;
    this.accounts = new AccountDirectory(options.accounts);
    this.#now = options.now ?? Date.now;
    const now = this.#now;
    this.throttle = new LoginThrottle(() => now());
    this.codeGuesses = new LoginThrottle(() => now());
    this.#ttlSeconds = positiveSeconds(options.tokenTtlSeconds);
    const usable = persisted?.version === 1 ? persisted : undefined;
    this.#tokens = new TokenStore(usable);
    this.#sessions = new SessionStore(usable?.sessions);
  }

  /** Reads `Authorization: Bearer …` (scheme case-insensitive) or `?bearer_token=`; null when missing, unknown, expired or revoked. */
  authenticate(request: BearerRequest): Principal | null {
    const token = bearerToken(request);
    const record = token === null ? null : this.#tokens.findAccess(token, this.#now());
    if (record === null) return null;
    // A token outlives nothing it was issued to: a removed user or client makes it worthless.
    const user = this.accounts.user(record.userId);
    if (user === null || this.accounts.client(record.clientId) === null) return null;
    return {
      userId: user.id,
      username: user.username,
      name: user.name,
      role: user.role,
      clientId: record.clientId,
      scope: record.scope,
    };
  }

  /**
   * The grant a live access token belongs to, and when the token expires; null when it is unknown,
   * expired or revoked. The control websocket binds each socket to both.
   */
  accessGrant(token: string): { grantId: string; expiresAt: number } | null {
    const record = this.#tokens.findAccess(token, this.#now());
    return record === null ? null : { grantId: record.grantId, expiresAt: record.expiresAt };
  }

  /**
   * Whether a grant still stands: some token of it is held (a refresh token outlives its access
   * tokens) and its user and client still exist. Sign-out, a refresh replay and revocation end it.
   */
  grantLive(grantId: string): boolean {
    const holder = this.#tokens.grantHolder(grantId, this.#now());
    return (
      holder !== null &&
      this.accounts.user(holder.userId) !== null &&
      this.accounts.client(holder.clientId) !== null
    );
  }

  snapshot(): AuthSnapshot {
    const now = this.#now();
    return { version: 1, ...this.#tokens.snapshot(now), sessions: this.#sessions.snapshot(now) };
  }

  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Applies to tokens issued from now on. */
  setTokenTtl(seconds: number): void {
    this.#ttlSeconds = positiveSeconds(seconds);
  }

  get tokenTtlSeconds(): number {
    return this.#ttlSeconds;
  }

  // ---- used by the routes ----

  startSession(user: UserAccount): string {
    const id = this.#sessions.create(user.id, this.#now());
    this.#changed();
    return id;
  }

  /** The login session's sign-out. */
  endSession(sessionId: string | undefined): void {
    if (sessionId !== undefined && this.#sessions.delete(sessionId)) this.#changed();
  }

  sessionUser(sessionId: string | undefined): UserAccount | null {
    const userId = sessionId === undefined ? null : this.#sessions.userId(sessionId, this.#now());
    return userId === null ? null : this.accounts.user(userId);
  }

  issueCode(
    client: ClientAccount,
    user: UserAccount,
    redirectUri: string,
    codeChallenge: string | null,
    scope: string,
  ): string {
    return this.#codes.issue(
      { clientId: client.id, userId: user.id, redirectUri, codeChallenge, scope, grantId: randomToken() },
      this.#now(),
    );
  }

  /** RFC 6749 §4.1.3 with RFC 7636 §4.6. The client is already authenticated. */
  redeemCode(
    client: ClientAccount,
    code: string,
    redirectUri: string,
    verifier: string | undefined,
  ): TokenResponse {
    const found = this.#codes.lookup(code, this.#now());
    if (found.kind === 'replayed') {
      // RFC 6749 §4.1.2: a code used twice was probably stolen; kill what the first use obtained.
      if (this.#tokens.revokeGrant(found.record.grantId)) this.#changed();
      throw new OAuthError('invalid_grant', 'authorization code has already been used');
    }
    if (found.kind === 'invalid')
      throw new OAuthError('invalid_grant', 'authorization code is invalid or expired');
    const record = found.record;
    if (record.clientId !== client.id)
      throw new OAuthError('invalid_grant', 'authorization code was issued to another client');
    if (record.redirectUri !== redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
    }
    if (record.codeChallenge === null) {
      // RFC 9700 §2.1.1: a verifier without a challenge means someone is trying a PKCE downgrade.
      if (verifier !== undefined)
        throw new OAuthError('invalid_grant', 'code_verifier sent but no code_challenge was');
    } else {
      if (verifier === undefined) throw new OAuthError('invalid_grant', 'code_verifier is required');
      if (!isValidVerifier(verifier))
        throw new OAuthError('invalid_request', 'code_verifier is malformed (RFC 7636 §4.1)');
      if (!verifierMatches(verifier, record.codeChallenge)) {
        throw new OAuthError('invalid_grant', 'code_verifier does not match code_challenge');
      }
    }
    const user = this.accounts.user(record.userId);
    if (user === null) throw new OAuthError('invalid_grant', 'the user no longer exists');
    // Redeemed only on success: a failed attempt (perhaps by someone holding a stolen code) must not burn the legitimate client's code.
    this.#codes.markRedeemed(record);
    return this.#issue(client, user, record.scope, record.grantId);
  }

  // ---- device authorization (RFC 8628) ----

  beginDeviceAuthorization(client: ClientAccount, scope: string): IssuedDeviceCode {
    return this.#devices.issue(client.id, scope, this.#now());
  }

  /** The request a person typed the user code of, while it still waits for an answer; else null. */
  pendingDevice(userCode: string): DeviceRecord | null {
    return this.#devices.pendingByUserCode(userCode, this.#now());
  }

  answerDevice(record: DeviceRecord, user: UserAccount, approve: boolean): void {
    this.#devices.answer(record, user.id, approve);
  }

  /** RFC 8628 §3.4/§3.5: the device's poll; tokens once, after the person approved. */
  pollDevice(client: ClientAccount, deviceCode: string): TokenResponse {
    const outcome = this.#devices.poll(deviceCode, client.id, this.#now());
    if (outcome.kind === 'invalid') throw new OAuthError('invalid_grant', outcome.reason);
    if (outcome.kind === 'error') throw new OAuthError(outcome.error, DEVICE_ERRORS[outcome.error]);
    const user = outcome.record.userId === null ? null : this.accounts.user(outcome.record.userId);
    if (user === null) throw new OAuthError('invalid_grant', 'the user no longer exists');
    this.#devices.markIssued(outcome.record);
    return this.#issue(client, user, outcome.record.scope, randomToken());
  }

  issueForUser(client: ClientAccount, user: UserAccount, scope: string): TokenResponse {
    return this.#issue(client, user, scope, randomToken());
  }

  /** RFC 6749 §6 with rotation: the presented refresh token is dead once this returns. */
  refresh(client: ClientAccount, refreshToken: string, requestedScope: string | undefined): TokenResponse {
    const record = this.#tokens.findRefresh(refreshToken);
    if (record === null) throw new OAuthError('invalid_grant', 'refresh token is invalid or revoked');
    const now = this.#now();
    if (record.rotatedAt !== undefined && now - record.rotatedAt > this.#reuseMs) {
      // A rotated-out token after the reuse interval: a replay (RFC 9700 §4.14.2). The whole grant goes.
      this.#tokens.revokeGrant(record.grantId);
      this.#changed();
      throw new OAuthError('invalid_grant', 'refresh token was already used; the grant is revoked');
    }
    if (record.clientId !== client.id)
      throw new OAuthError('invalid_grant', 'refresh token was issued to another client');
    if (record.rotatedAt !== undefined) return this.#sameSuccessor(record, refreshToken);
    const user = this.accounts.user(record.userId);
    if (user === null) throw new OAuthError('invalid_grant', 'the user no longer exists');
    const scope = narrowScope(requestedScope, record.scope);
    if (scope === null) throw new OAuthError('invalid_scope', 'scope exceeds the original grant');
    const answer = this.#mint(client, user, scope, record.grantId);
    const successor = this.#reuseMs > 0 ? sealSuccessor(refreshToken, answer) : null;
    this.#tokens.consumeRefresh(record, now, successor);
    this.#changed();
    return answer;
  }

  /**
   * A rotated-out token inside the reuse interval: the retry of a refresh whose answer was lost. It
   * gets that answer again (the same refresh and access token, as Okta and Auth0 do), never a new
   * successor, so the grant keeps one chain and a thief using it stays on the owner's chain, where
   * the owner's next rotation exposes the thief. The answer's own tokens may have moved on since
   * (rotated or revoked); they then meet the same rules as anyone else's.
   */
  #sameSuccessor(record: RefreshTokenRecord, refreshToken: string): TokenResponse {
    const answer = record.successor === undefined ? null : openSuccessor(refreshToken, record.successor);
    if (!isTokenResponse(answer)) {
      // Rotated before successors were kept (an older data file): nothing to answer with.
      throw new OAuthError('invalid_grant', 'refresh token was already used; use its successor');
    }
    return answer;
  }

  /** RFC 6749 §4.2.2: implicit tokens come without a refresh token. */
  issueImplicit(client: ClientAccount, user: UserAccount, scope: string): IssuedTokens {
    const issued = this.#tokens.issue(
      { userId: user.id, clientId: client.id, scope, grantId: randomToken() },
      this.#now(),
      this.#ttlSeconds,
      false,
    );
    this.#changed();
    return issued;
  }

  /**
   * RFC 7009 §2.1. An access token dies alone; a refresh token takes its whole grant with it (every
   * access token issued with it or its predecessors). `clientId`, when the caller authenticated, limits
   * revocation to that client's tokens. Unknown tokens are silently fine (§2.2).
   */
  revoke(token: string, clientId: string | null): void {
    const now = this.#now();
    const access = this.#tokens.findAccess(token, now);
    if (access !== null && (clientId === null || access.clientId === clientId)) {
      this.#tokens.revokeAccess(access);
      this.#changed();
      return;
    }
    const refresh = this.#tokens.findRefresh(token);
    if (refresh !== null && (clientId === null || refresh.clientId === clientId)) {
      this.#tokens.revokeGrant(refresh.grantId);
      this.#changed();
    }
  }

  #issue(client: ClientAccount, user: UserAccount, scope: string, grantId: string): TokenResponse {
    const answer = this.#mint(client, user, scope, grantId);
    this.#changed();
    return answer;
  }

  /** New tokens of a grant, not yet announced to the change listeners. */
  #mint(client: ClientAccount, user: UserAccount, scope: string, grantId: string): TokenResponse {
    const withRefresh = client.grants.includes('refresh_token');
    const issued = this.#tokens.issue(
      { userId: user.id, clientId: client.id, scope, grantId },
      this.#now(),
      this.#ttlSeconds,
      withRefresh,
    );
    return {
      access_token: issued.accessToken,
      created_at: Math.floor(issued.createdAt / 1000),
      expires_in: issued.expiresIn,
      ...(issued.refreshToken === null ? {} : { refresh_token: issued.refreshToken }),
      scope: issued.scope,
      token_type: 'bearer',
    };
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        // Failing to persist must not fail the login or the token request that triggered it.
        process.emitWarning(`auth change listener failed: ${String(error)}`);
      }
    }
  }
}
