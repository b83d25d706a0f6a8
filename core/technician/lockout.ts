/**
 * Wrong PINs at the panel: after `triesPerRound` in a row the gate refuses every PIN for a while,
 * and each further lock-out lasts twice as long (up to `maxLockMs`), so guessing a 4-digit PIN
 * takes weeks. A right PIN forgets it all. Pure: time comes in as numbers (epoch ms, so that a
 * state kept on disk means the same after a restart; lockout-file.ts keeps it).
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

/** What survives a restart: wrong PINs this round, lock-outs so far, and until when it is locked. */
export interface LockoutState {
  wrong: number;
  lockouts: number;
  /** Epoch ms; 0 when not locked. */
  lockedUntil: number;
}

/** What was found on disk: nothing, a state, or a record that could not be read as one. */
export type RecordedLockout = LockoutState | null | 'damaged';

/** Where the lock-out is kept between runs (lockout-file.ts: a file in the data folder). */
export interface LockoutStore {
  /** What is recorded: null when nothing is, 'damaged' when the record is not a lock-out. */
  load(): RecordedLockout;
  /** Throws when the state could not be kept (the gate logs it and carries on in memory). */
  save(state: LockoutState): void;
}

/** Beyond this many lock-outs the next one is `maxLockMs` anyway; a record saying more is capped. */
const MAX_LOCKOUTS = 64;

export class Lockout {
  readonly #policy: LockoutPolicy;
  #wrong = 0;
  #lockouts = 0;
  #lockedUntil = 0;

  constructor(policy: LockoutPolicy = DEFAULT_LOCKOUT) {
    this.#policy = policy;
  }

  /**
   * Takes up the lock-out recorded by an earlier run. Nothing recorded: none. A record: as it was, but never
   * locked for longer than `maxLockMs` from now (a clock set back must not lock the pad for days).
   * A damaged record: locked for the first period, as after one round of wrong PINs. It is never
   * damaged by Roomdeck itself (the file is replaced whole, atomically), so someone or something
   * else changed it; guessing must not gain a fresh round from that, and a technician loses at
   * most a minute.
   */
  restore(recorded: RecordedLockout, now: number): void {
    const policy = this.#policy;
    if (recorded === null) return;
    if (recorded === 'damaged') {
      this.#wrong = 0;
      this.#lockouts = Math.max(this.#lockouts, 1);
      this.#lockedUntil = Math.max(this.#lockedUntil, now + policy.firstLockMs);
      return;
    }
    this.#wrong = Math.min(Math.max(0, Math.trunc(recorded.wrong)), policy.triesPerRound - 1);
    this.#lockouts = Math.min(Math.max(0, Math.trunc(recorded.lockouts)), MAX_LOCKOUTS);
    this.#lockedUntil = Math.min(Math.max(0, recorded.lockedUntil), now + policy.maxLockMs);
  }

  /** The state to keep on disk. */
  snapshot(): LockoutState {
    return { wrong: this.#wrong, lockouts: this.#lockouts, lockedUntil: this.#lockedUntil };
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
