/**
 * Back-off on wrong passwords, per account and per client address: a few mistakes are free, then
 * every further one locks that key for a growing time (30 s, 60 s, 120 s … up to 15 min). While a
 * key is locked even the right password is refused, so guessing cannot simply go on until it hits.
 * Forgotten an hour after the last failure; an account's count is cleared by a successful sign-in
 * (an address's is not, so one valid account cannot reset a spray across others).
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
}

export interface Refusal {
  /** Which key is locked, for the message. */
  reason: 'account' | 'address';
  retryAfterSeconds: number;
}

class Counter {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly policy: ThrottlePolicy) {}

  lockedFor(key: string, now: number): number {
    const entry = this.#fresh(key, now);
    return entry === undefined ? 0 : Math.max(0, entry.lockedUntil - now);
  }

  fail(key: string, now: number): void {
    // Guessed usernames must not grow the table without bound: drop what is forgotten anyway.
    if (this.#entries.size >= 10_000) for (const k of [...this.#entries.keys()]) this.#fresh(k, now);
    const entry = this.#fresh(key, now) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const over = entry.failures - this.policy.freeFailures;
    if (over > 0) {
      const lock = Math.min(this.policy.maxLockMs, this.policy.firstLockMs * 2 ** (over - 1));
      entry.lockedUntil = now + lock;
    }
    this.#entries.set(key, entry);
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  #fresh(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && now - entry.lastFailureAt > this.policy.forgetAfterMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

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

  /** Null when this attempt may be checked; otherwise why not and for how long. */
  refusal(username: string, address: string): Refusal | null {
    const now = this.now();
    const account = this.#accounts.lockedFor(accountKey(username), now);
    const fromAddress = this.#addresses.lockedFor(address, now);
    const wait = Math.max(account, fromAddress);
    if (wait === 0) return null;
    return {
      reason: account >= fromAddress ? 'account' : 'address',
      retryAfterSeconds: Math.ceil(wait / 1000),
    };
  }

  failed(username: string, address: string): void {
    const now = this.now();
    this.#accounts.fail(accountKey(username), now);
    this.#addresses.fail(address, now);
  }

  succeeded(username: string): void {
    this.#accounts.clear(accountKey(username));
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
