/**
 * Wrong PINs at the panel: after `triesPerRound` in a row the gate refuses every PIN for a while,
 * and each further lock-out lasts twice as long (up to `maxLockMs`), so guessing a 4-digit PIN
 * takes weeks. A right PIN forgets it all. Pure: time comes in as numbers.
 */

export interface LockoutPolicy {
  triesPerRound: number;
  firstLockMs: number;
  maxLockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  triesPerRound: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
};

export type Attempt =
  /** The PIN may be checked now. */
  | { allowed: true }
  /** Locked: no PIN is checked until then. */
  | { allowed: false; retryInMs: number };

export class Lockout {
  readonly #policy: LockoutPolicy;
  #wrong = 0;
  #lockouts = 0;
  #lockedUntil = 0;

  constructor(policy: LockoutPolicy = DEFAULT_LOCKOUT) {
    this.#policy = policy;
  }

  /** Asked before a PIN is checked at all (a locked gate does not even hash it). */
  check(now: number): Attempt {
    return now < this.#lockedUntil
      ? { allowed: false, retryInMs: this.#lockedUntil - now }
      : { allowed: true };
  }

  /** A wrong PIN: how many tries are left, or how long the gate is now locked. */
  wrong(now: number): { triesLeft: number; retryInMs: number } {
    this.#wrong++;
    if (this.#wrong < this.#policy.triesPerRound) {
      return { triesLeft: this.#policy.triesPerRound - this.#wrong, retryInMs: 0 };
    }
    const lockMs = Math.min(this.#policy.firstLockMs * 2 ** this.#lockouts, this.#policy.maxLockMs);
    this.#lockouts++;
    this.#wrong = 0;
    this.#lockedUntil = now + lockMs;
    return { triesLeft: 0, retryInMs: lockMs };
  }

  right(): void {
    this.#wrong = 0;
    this.#lockouts = 0;
    this.#lockedUntil = 0;
  }

  /** Tries left before the next lock-out (the full round while locked: it restarts after). */
  triesLeft(now: number): number {
    return now < this.#lockedUntil ? 0 : this.#policy.triesPerRound - this.#wrong;
  }
}
