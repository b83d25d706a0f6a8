import { describe, expect, it } from 'vitest';
import { InactivityTimer } from '../../../renderer/src/lib/technician/access/inactivity.ts';
import { FakeClock } from '../../support/fake-clock.ts';

function timer(timeoutMs = 120_000) {
  const clock = new FakeClock();
  const seen = { expired: 0, ticks: [] as number[], reports: 0 };
  const idle = new InactivityTimer({
    timeoutMs,
    clock,
    reportEveryMs: 10_000,
    onExpire: () => seen.expired++,
    onTick: (s) => seen.ticks.push(s),
    onReport: () => seen.reports++,
  });
  return { clock, idle, seen };
}

describe('the technician drawer’s inactivity timeout', () => {
  it('expires once, after the timeout, counting down every second on the way', async () => {
    const { clock, idle, seen } = timer(5_000);
    idle.start();
    await clock.advance(4_999);
    expect(seen.expired).toBe(0);
    expect(seen.ticks).toEqual([5, 4, 3, 2, 1]);
    await clock.advance(1);
    expect(seen.expired).toBe(1);
    expect(idle.running).toBe(false);
    await clock.advance(60_000);
    expect(seen.expired).toBe(1);
  });

  it('starts over on every touch, so a technician at work is never thrown out', async () => {
    const { clock, idle, seen } = timer(120_000);
    idle.start();
    for (let i = 0; i < 10; i++) {
      await clock.advance(100_000);
      idle.touch();
    }
    expect(seen.expired).toBe(0);
    expect(idle.secondsLeft()).toBe(120);
    await clock.advance(120_000);
    expect(seen.expired).toBe(1);
  });

  it('tells the main process about activity at most every 10 s, however often it is touched', async () => {
    const { clock, idle, seen } = timer(120_000);
    idle.start();
    for (let i = 0; i < 30; i++) {
      await clock.advance(1_000);
      idle.touch();
    }
    // At start, then at 10 s, 20 s and 30 s.
    expect(seen.reports).toBe(4);
  });

  it('does nothing once stopped (the drawer was closed by hand)', async () => {
    const { clock, idle, seen } = timer(5_000);
    idle.start();
    idle.stop();
    idle.touch();
    await clock.advance(10_000);
    expect(seen.expired).toBe(0);
    expect(clock.pending()).toEqual([]);
  });
});
