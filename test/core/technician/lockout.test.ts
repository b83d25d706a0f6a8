import { describe, expect, it } from 'vitest';
import { Lockout } from '../../../core/technician/lockout.ts';

const T0 = 1_000_000;

describe('the PIN lock-out', () => {
  it('counts down five tries, then locks for 60 s', () => {
    const lockout = new Lockout();
    const left = [1, 2, 3, 4].map(() => lockout.wrong(T0).triesLeft);
    expect(left).toEqual([4, 3, 2, 1]);
    expect(lockout.wrong(T0)).toEqual({ triesLeft: 0, retryInMs: 60_000 });
    expect(lockout.check(T0 + 59_999)).toEqual({ allowed: false, retryInMs: 1 });
    expect(lockout.triesLeft(T0 + 30_000)).toBe(0);
    expect(lockout.check(T0 + 60_000)).toEqual({ allowed: true });
    expect(lockout.triesLeft(T0 + 60_000)).toBe(5);
  });

  it('doubles each further lock-out, up to an hour', () => {
    const lockout = new Lockout();
    let now = T0;
    const locks: number[] = [];
    for (let round = 0; round < 8; round++) {
      let answer = lockout.wrong(now);
      while (answer.retryInMs === 0) answer = lockout.wrong(now);
      locks.push(answer.retryInMs / 1000);
      now += answer.retryInMs;
    }
    expect(locks).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('forgets everything after the right PIN', () => {
    const lockout = new Lockout();
    for (let i = 0; i < 5; i++) lockout.wrong(T0);
    lockout.right();
    expect(lockout.check(T0)).toEqual({ allowed: true });
    for (let i = 0; i < 4; i++) lockout.wrong(T0);
    // The next lock-out is the first one again, not a doubled one.
    expect(lockout.wrong(T0).retryInMs).toBe(60_000);
  });
});

describe('the lock-out taken up after a restart', () => {
  it('nothing recorded: none', () => {
    const lockout = new Lockout();
    lockout.restore(null, T0);
    expect(lockout.snapshot()).toEqual({ wrong: 0, lockouts: 0, lockedUntil: 0 });
  });

  it('a record: as it was, so the round and the doubling go on', () => {
    const lockout = new Lockout();
    lockout.restore({ wrong: 3, lockouts: 2, lockedUntil: T0 + 5_000 }, T0);
    expect(lockout.check(T0)).toEqual({ allowed: false, retryInMs: 5_000 });
    expect(lockout.triesLeft(T0 + 5_000)).toBe(2);
    lockout.wrong(T0 + 5_000);
    // The third lock-out: 4 minutes.
    expect(lockout.wrong(T0 + 5_000).retryInMs).toBe(240_000);
  });

  it('never locked longer than the longest lock-out from now (a clock set back), counts kept in range', () => {
    const lockout = new Lockout();
    lockout.restore({ wrong: 99, lockouts: 1e9, lockedUntil: T0 + 30 * 86_400_000 }, T0);
    expect(lockout.check(T0)).toEqual({ allowed: false, retryInMs: 3_600_000 });
    expect(lockout.snapshot()).toMatchObject({ wrong: 4, lockouts: 64 });
  });

  it('a damaged record: locked for the first period, as after one round', () => {
    const lockout = new Lockout();
    lockout.restore('damaged', T0);
    expect(lockout.check(T0)).toEqual({ allowed: false, retryInMs: 60_000 });
    for (let i = 0; i < 4; i++) lockout.wrong(T0 + 60_000);
    expect(lockout.wrong(T0 + 60_000).retryInMs).toBe(120_000);
  });
});
