import type { Clock, TimerHandle } from '../api/clock.ts';
import { type AuthError, RoomdeckError } from '../api/errors.ts';
import {
  isTransient,
  type OAuthContext,
  passwordGrant,
  type ServiceAccount,
  type TokenSet,
} from './flows.ts';
import { retryDelay } from './timing.ts';

/** A managed account refused by the service is tried again this often (someone may fix it). */
const REFUSED_SIGN_IN_RETRY_MS = 60_000;

/** What unattended re-authentication needs from the Session it signs in again. */
export interface UnattendedReauthDeps {
  oauth: OAuthContext;
  account: ServiceAccount;
  clock: Clock;
  /** [0, 1); jitter for retry delays. */
  random: () => number;
  /** Which tokens the session holds: a grant that comes back under another epoch is stale. */
  epoch: () => number;
  hasTokens: () => boolean;
  /** Stores and uses the new tokens (throws when the vault refuses them: retried like any failure). */
  adopt: (tokens: TokenSet) => Promise<void>;
  /** Tokens nobody will use (re-authentication was stopped while the grant was under way). */
  revoke: (tokens: TokenSet) => Promise<void>;
  /** The service refused the account (not a network fault): the panel says so while it retries. */
  refused: (err: unknown) => void;
  notSignedIn: () => AuthError;
}

interface Attempts {
  timer: TimerHandle | null;
  failures: number;
  /** The password grant under way, shared by everyone waiting for it. */
  inflight: Promise<void> | null;
  /** Why the last attempt failed; `refused` when the service said no (not a network fault). */
  lastError: unknown;
  refused: boolean;
}

/**
 * A kiosk has nobody to sign in: when its session ends it signs in again itself with its managed
 * account (password grant), until that works. A transient failure (network, 5xx) retries on the
 * short back-off; a refusal (wrong password, disabled client) retries too, but slowly: the
 * installer may fix the account on the service without touching the panel.
 */
export class UnattendedReauth {
  readonly #deps: UnattendedReauthDeps;
  /** Re-authentication under way or waiting to retry; null when there is none. */
  #current: Attempts | null = null;

  constructor(deps: UnattendedReauthDeps) {
    this.#deps = deps;
  }

  start(): void {
    if (this.#current !== null) return;
    const attempts: Attempts = { timer: null, failures: 0, inflight: null, lastError: null, refused: false };
    this.#current = attempts;
    void this.#run(attempts);
  }

  /** Signing in again, or waiting to retry. */
  get active(): boolean {
    return this.#current !== null;
  }

  /**
   * A caller needs a token while the panel signs in again: wait for (or start) the attempt, so the
   * caller meets the link's real fault (offline, 5xx) rather than "signed out". A refused account
   * is not retried faster because requests come in.
   */
  async wait(): Promise<void> {
    const attempts = this.#current;
    if (attempts === null) return;
    if (!attempts.refused || attempts.inflight !== null) await this.#run(attempts);
    if (this.#deps.hasTokens()) return;
    throw attempts.lastError instanceof RoomdeckError ? attempts.lastError : this.#deps.notSignedIn();
  }

  stop(): void {
    const attempts = this.#current;
    this.#current = null;
    if (attempts?.timer != null) this.#deps.clock.clearTimeout(attempts.timer);
  }

  /** One password grant at a time; a caller that needs a token now does not wait for the timer. */
  #run(attempts: Attempts): Promise<void> {
    if (attempts.inflight !== null) return attempts.inflight;
    if (attempts.timer !== null) this.#deps.clock.clearTimeout(attempts.timer);
    attempts.timer = null;
    attempts.inflight = this.#reauthenticate(attempts).finally(() => {
      attempts.inflight = null;
    });
    return attempts.inflight;
  }

  async #reauthenticate(attempts: Attempts): Promise<void> {
    const { oauth, account, clock, random } = this.#deps;
    if (this.#current !== attempts) return;
    const epoch = this.#deps.epoch();
    try {
      const tokens = await passwordGrant(oauth, account);
      if (this.#current !== attempts || epoch !== this.#deps.epoch()) {
        void this.#deps.revoke(tokens);
        return;
      }
      // A vault that cannot store them fails here and is retried like any other failure.
      await this.#deps.adopt(tokens);
      if (this.#current === attempts) this.#current = null;
    } catch (err) {
      if (this.#current !== attempts) return;
      attempts.failures++;
      const transient = err instanceof RoomdeckError && isTransient(err);
      attempts.lastError = err;
      attempts.refused = !transient;
      const delay = transient ? retryDelay(attempts.failures, random) : REFUSED_SIGN_IN_RETRY_MS;
      if (!transient) this.#deps.refused(err);
      // Told of the refusal, someone may have stopped us (disposed the session): no more tries.
      if (this.#current !== attempts) return;
      attempts.timer = clock.setTimeout(() => void this.#run(attempts), delay);
    }
  }
}
