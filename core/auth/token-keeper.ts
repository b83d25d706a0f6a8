import type { Clock, TimerHandle } from '../api/clock.ts';
import { AuthError, type RoomdeckError, toBridgeError } from '../api/errors.ts';
import type { StoredTokens, TokenVault } from '../store/vault.ts';
import { endsSession, type OAuthContext, refreshGrant, revokeTokens, type TokenSet } from './flows.ts';
import type { RefreshOutcome } from './session-types.ts';
import { refreshDelay, retryDelay } from './timing.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/** Repeated 401s renew the token at most this often (a refresh does not cure a gateway glitch). */
const UNAUTHORIZED_REFRESH_EVERY_MS = 30_000;

export interface TokenKeeperOptions {
  oauth: OAuthContext;
  vault: TokenVault;
  /** Origin of the service, stored with the tokens so another service's are never used. */
  server: string;
  clientId: string;
  clock: Clock;
  /** [0, 1); jitter for retry delays. */
  random: () => number;
  /** The error for "no tokens": it depends on why the session ended, which the Session knows. */
  notSignedIn: () => AuthError;
  /** The authorization server ended the session: the tokens are gone, memory and vault. */
  ended: (error: RoomdeckError) => void;
  /** Told how each refresh went (the log): never given a token. */
  onRefresh?: ((outcome: RefreshOutcome) => void) | undefined;
}

/**
 * Holds the tokens: stores them in the vault before using them, renews them ahead of expiry and
 * after a 401 with one shared refresh (single flight), retries a failed renewal on a back-off, and
 * revokes them when they are let go. The rest of the app only ever asks it for an access token.
 */
export class TokenKeeper {
  readonly #options: TokenKeeperOptions;
  #tokens: TokenSet | null = null;
  #refreshing: Promise<void> | null = null;
  #renewedFor401At = Number.NEGATIVE_INFINITY;
  #timer: TimerHandle | null = null;
  #failures = 0;
  /** After a failed refresh, no new attempt before this (unless the token has expired). */
  #retryAt = 0;
  /** Bumped whenever the tokens are replaced or dropped, so late results of old work are discarded. */
  #epoch = 0;
  /** The session ended by the server, told once the vault is wiped; meanwhile the reason there is no token. */
  #ending: RoomdeckError | null = null;
  #disposed = false;

  constructor(options: TokenKeeperOptions) {
    this.#options = options;
  }

  get hasTokens(): boolean {
    return this.#tokens !== null;
  }

  /** Which tokens are held: work started under another epoch must not touch them. */
  get epoch(): number {
    return this.#epoch;
  }

  /** Tokens of this service and client from the vault, or null (none, or someone else's). */
  async load(): Promise<TokenSet | null> {
    const stored: StoredTokens | null = await this.#options.vault.load();
    if (
      stored === null ||
      stored.server !== this.#options.server ||
      stored.clientId !== this.#options.clientId
    )
      return null;
    const { accessToken, refreshToken, scope, issuedAt, expiresAt } = stored;
    return { accessToken, refreshToken, scope, issuedAt, expiresAt };
  }

  /** Tokens read back from the vault: held as they are (they are stored already). */
  restore(tokens: TokenSet): void {
    this.#tokens = tokens;
  }

  /** Stores new tokens (vault first: with rotation the old refresh token is already dead), then holds them. */
  async adopt(tokens: TokenSet): Promise<void> {
    try {
      await this.#persist(tokens);
    } catch (err) {
      void this.revoke(tokens);
      throw err;
    }
    this.#epoch++;
    this.#tokens = tokens;
    this.#ending = null;
    this.#failures = 0;
    this.#retryAt = 0;
  }

  /** Lets go of the tokens here (nothing can use them any more) and returns them. */
  drop(): TokenSet | null {
    const tokens = this.#tokens;
    this.#epoch++;
    this.#tokens = null;
    this.#failures = 0;
    this.#retryAt = 0;
    this.#disarm();
    return tokens;
  }

  /** Sign-out: wipes the vault (a vault that cannot be written is still left behind in memory). */
  async forget(): Promise<void> {
    await this.#options.vault.clear().catch(() => undefined);
  }

  /** Tokens that belong to nobody (a sign-in that lost a race, a sign-out): revoked, best effort. */
  revoke(tokens: TokenSet): Promise<void> {
    return revokeTokens(this.#options.oauth, tokens);
  }

  /**
   * The access token to send now. Renews first when renewal is due (a timer may not have fired: a
   * sleeping laptop); if that fails and the token has not expired, the old one still works.
   */
  async accessToken(): Promise<string> {
    const tokens = this.#tokens;
    if (tokens === null) throw this.#noToken();
    const now = this.#options.clock.now();
    const expired = tokens.expiresAt !== null && now >= tokens.expiresAt;
    const due = this.#isDue(tokens, now) && (expired || now >= this.#retryAt);
    if (!due) return tokens.accessToken;
    try {
      await this.refresh();
    } catch (err) {
      // The session is still there (only the authorization server ends it): until it expires, the
      // current token is as good as it was a moment ago, whatever went wrong with the renewal.
      if (!expired && this.#tokens === tokens) return tokens.accessToken;
      throw err;
    }
    const renewed = this.#tokens as TokenSet | null;
    if (renewed === null) throw this.#noToken();
    return renewed.accessToken;
  }

  /** A 401 for `rejectedToken`: see Session.onUnauthorized. */
  async onUnauthorized(rejectedToken: string): Promise<void> {
    const tokens = this.#tokens;
    if (tokens === null) throw this.#noToken();
    if (tokens.accessToken !== rejectedToken) return;
    const now = this.#options.clock.now();
    if (this.#refreshing === null && now - this.#renewedFor401At < UNAUTHORIZED_REFRESH_EVERY_MS) return;
    this.#renewedFor401At = now;
    await this.refresh();
  }

  /** Renews the access token. Concurrent callers share one request (single flight). */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const { oauth, clock, random, onRefresh } = this.#options;
    const tokens = this.#tokens;
    if (tokens === null) throw this.#noToken();
    if (tokens.refreshToken === null) {
      const ended = new AuthError(ErrorCode.ROOMDECK_SESSION_ENDED, { cause: 'no refresh token was issued' });
      await this.#end(ended);
      throw ended;
    }
    const epoch = this.#epoch;
    let next: TokenSet;
    try {
      next = await refreshGrant(oauth, tokens.refreshToken);
    } catch (err) {
      if (epoch !== this.#epoch) throw this.#noToken();
      // Only the authorization server ends a session: the grant is gone (invalid_grant), or this
      // client is no longer accepted (invalid_client). Anything else is kept and retried.
      if (endsSession(err)) {
        await this.#end(err as RoomdeckError);
        onRefresh?.({ ok: false, code: codeOf(err), endsSession: true, retryInMs: null });
        throw err;
      }
      // Network, 5xx, a confused answer: keep the refresh token and try again later.
      this.#failures++;
      const delay = retryDelay(this.#failures, random);
      this.#retryAt = clock.now() + delay;
      this.#arm(delay);
      onRefresh?.({ ok: false, code: codeOf(err), endsSession: false, retryInMs: delay });
      throw err;
    }
    if (epoch !== this.#epoch) {
      // Signed out (or in again) meanwhile: these tokens belong to nobody.
      void this.revoke(next);
      throw this.#noToken();
    }
    // Without rotation the service sends no new refresh token: the old one stays valid.
    const renewed: TokenSet = { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
    // Rotation made the old refresh token worthless: store the new one before anything uses it.
    await this.#persist(renewed).catch(() => undefined);
    if (epoch !== this.#epoch) throw this.#noToken();
    this.#epoch++;
    this.#tokens = renewed;
    this.#failures = 0;
    this.#retryAt = 0;
    this.schedule();
    onRefresh?.({ ok: true });
  }

  /** Arms the renewal ahead of expiry (none for tokens that never expire or cannot be renewed). */
  schedule(): void {
    const tokens = this.#tokens;
    if (tokens === null || tokens.expiresAt === null || tokens.refreshToken === null) {
      this.#disarm();
      return;
    }
    const at = tokens.issuedAt + refreshDelay(tokens.expiresAt - tokens.issuedAt);
    this.#arm(Math.max(0, at - this.#options.clock.now()));
  }

  /** Stops the renewal timer for good; the tokens stay in the vault for the next start. */
  dispose(): void {
    this.#disposed = true;
    this.#disarm();
  }

  #isDue(tokens: TokenSet, now: number): boolean {
    if (tokens.expiresAt === null) return false;
    return now >= tokens.issuedAt + refreshDelay(tokens.expiresAt - tokens.issuedAt);
  }

  #arm(delayMs: number): void {
    this.#disarm();
    if (this.#disposed) return;
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = null;
      // Failures are handled inside (retry armed, or the session ended with a reason).
      this.refresh().catch(() => undefined);
    }, delayMs);
  }

  #disarm(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /**
   * The session is over (refresh refused, no way to renew): tokens dropped, vault wiped, and only
   * then the session told, so no screen says "signed out" while the disk still holds the tokens (an
   * app stopped at that moment would come back signed in).
   */
  async #end(error: RoomdeckError): Promise<void> {
    this.drop();
    // Until the session hears of it, a caller asking for a token is told why there is none.
    this.#ending = error;
    await this.#options.vault.clear().catch(() => undefined);
    if (this.#ending !== error) return;
    this.#ending = null;
    // A sign-in that finished meanwhile is a new session, not the one that ended.
    if (this.#tokens === null) this.#options.ended(error);
  }

  /** Why there is no token: the session ending this moment, or whatever the session says. */
  #noToken(): RoomdeckError {
    return this.#ending ?? this.#options.notSignedIn();
  }

  #persist(tokens: TokenSet): Promise<void> {
    return this.#options.vault.save({
      version: 1,
      server: this.#options.server,
      clientId: this.#options.clientId,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      scope: tokens.scope,
      issuedAt: tokens.issuedAt,
      expiresAt: tokens.expiresAt,
    });
  }
}

const codeOf = (err: unknown): string => toBridgeError(err).code;
