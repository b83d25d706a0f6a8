import { addressKey } from './address-key.ts';

/**
 * Back-off on wrong passwords, per account and per client address: a few mistakes are free, then
 * every further one locks that key for a growing time (30 s, 60 s, 120 s … up to 15 min). While a
 * key is locked even the right password is refused, so guessing cannot simply go on until it hits.
 * Forgotten an hour after the last failure; an account's count is cleared by a successful sign-in
 * (an address's is not, so one valid account cannot reset a spray across others).
 *
 * Checking a password takes a while (scrypt, off the event loop), so guesses sent at once overlap.
 * Each attempt is therefore counted *before* its check (`begin`) and settled after it: an attempt
 * still being checked counts as a failure until it is known not to be one. A new attempt is let in
 * only if the key would not be locked even when every attempt in flight failed, which gives a burst
 * exactly what the same guesses sent one after another would get: with 5 free mistakes, 6 attempts
 * are checked (the 6th is the one whose failure locks) and every other one is refused at once, the
 * right password included. Accounts are keyed first (rotating addresses gains nothing against one
 * account); addresses by `addressKey`, so all of loopback is one address.
 */

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/** An address may try several accounts (a shared office NAT), so it gets more room before locking. */
export const ADDRESS_POLICY: ThrottlePolicy = { ...ACCOUNT_POLICY, freeFailures: 20 };

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
  /** Attempts begun and not yet settled. */
  inFlight: number;
}

export interface Refusal {
  /** Which key is locked, for the message. */
  reason: 'account' | 'address';
  retryAfterSeconds: number;
}

/** How an attempt ended: a wrong password, a right one, or no answer at all (the check failed). */
export type Outcome = 'failed' | 'succeeded' | 'abandoned';

/** One password check in progress; settle it exactly once (later calls are ignored). */
export interface Attempt {
  settle(outcome: Outcome): void;
}

class Counter {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly policy: ThrottlePolicy) {}

  /** Milliseconds before a new attempt may begin: the lock now, or the one if all in flight fail. */
  waitFor(key: string, now: number): number {
    const entry = this.#fresh(key, now);
    if (entry === undefined) return 0;
    const locked = Math.max(0, entry.lockedUntil - now);
    if (locked > 0 || entry.inFlight === 0) return locked;
    return this.#lockAfter(entry.failures + entry.inFlight);
  }

  begin(key: string, now: number): void {
    // Guessed usernames must not grow the table without bound: drop what is forgotten anyway.
    if (this.#entries.size >= 10_000) for (const k of [...this.#entries.keys()]) this.#fresh(k, now);
    const entry = this.#fresh(key, now) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0, inFlight: 0 };
    entry.inFlight += 1;
    this.#entries.set(key, entry);
  }

  settle(key: string, now: number, outcome: Outcome, clearOnSuccess: boolean): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    entry.inFlight = Math.max(0, entry.inFlight - 1);
    if (outcome === 'failed') {
      entry.failures += 1;
      entry.lastFailureAt = now;
      const lock = this.#lockAfter(entry.failures);
      if (lock > 0) entry.lockedUntil = now + lock;
    } else if (outcome === 'succeeded' && clearOnSuccess) {
      entry.failures = 0;
      entry.lockedUntil = 0;
    }
    if (entry.failures === 0 && entry.inFlight === 0) this.#entries.delete(key);
  }

  /** The lock that the `failures`-th failure sets (0 while within the free ones). */
  #lockAfter(failures: number): number {
    const over = failures - this.policy.freeFailures;
    return over > 0 ? Math.min(this.policy.maxLockMs, this.policy.firstLockMs * 2 ** (over - 1)) : 0;
  }

  #fresh(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || now - entry.lastFailureAt <= this.policy.forgetAfterMs) return entry;
    if (entry.inFlight === 0) {
      this.#entries.delete(key);
      return undefined;
    }
    // Old failures are forgotten; the attempts in flight still count.
    entry.failures = 0;
    entry.lockedUntil = 0;
    entry.lastFailureAt = now;
    return entry;
  }
}

export type Admission = { refusal: Refusal; attempt?: never } | { refusal?: never; attempt: Attempt };

export class LoginThrottle {
  readonly #accounts: Counter;
  readonly #addresses: Counter;

  constructor(
    readonly now: () => number,
    policies: { account: ThrottlePolicy; address: ThrottlePolicy } = {
      account: ACCOUNT_POLICY,
      address: ADDRESS_POLICY,
    },
  ) {
    this.#accounts = new Counter(policies.account);
    this.#addresses = new Counter(policies.address);
  }

  /** Null when an attempt begun now would be let in; otherwise why not and for how long. */
  refusal(username: string, address: string): Refusal | null {
    const now = this.now();
    const account = this.#accounts.waitFor(accountKey(username), now);
    const fromAddress = this.#addresses.waitFor(addressKey(address), now);
    const wait = Math.max(account, fromAddress);
    if (wait === 0) return null;
    return {
      reason: account >= fromAddress ? 'account' : 'address',
      retryAfterSeconds: Math.ceil(wait / 1000),
    };
  }

  /** Counts an attempt before its password is checked, or refuses it. Synchronous: no gap to race. */
  begin(username: string, address: string): Admission {
    const refusal = this.refusal(username, address);
    if (refusal !== null) return { refusal };
    const account = accountKey(username);
    const from = addressKey(address);
    const now = this.now();
    this.#accounts.begin(account, now);
    this.#addresses.begin(from, now);
    let settled = false;
    return {
      attempt: {
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          const at = this.now();
          this.#accounts.settle(account, at, outcome, true);
          this.#addresses.settle(from, at, outcome, false);
        },
      },
    };
  }

  /**
   * Runs `check` (the password check) as one counted attempt: refused without running it while
   * locked; a null result is a wrong password.
   */
  async attempt<T>(
    username: string,
    address: string,
    check: () => Promise<T | null>,
  ): Promise<{ refusal: Refusal } | { refusal: null; result: T | null }> {
    const admission = this.begin(username, address);
    if (admission.refusal !== undefined) return { refusal: admission.refusal };
    try {
      const result = await check();
      admission.attempt.settle(result === null ? 'failed' : 'succeeded');
      return { refusal: null, result };
    } finally {
      admission.attempt.settle('abandoned');
    }
  }
}

/** Usernames are matched case-insensitively, so `ADMIN@…` and `admin@…` share one count. */
function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

/** The refusal in a person's words. */
export function refusalMessage(refusal: Refusal): string {
  const wait = humanWait(refusal.retryAfterSeconds);
  return refusal.reason === 'account'
    ? `Too many wrong passwords for this account. Wait ${wait} and try again.`
    : `Too many wrong passwords from this computer. Wait ${wait} and try again.`;
}

function humanWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
