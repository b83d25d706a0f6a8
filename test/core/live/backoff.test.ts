import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, reconnectDelay } from '../../../core/live/backoff.ts';

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('reconnect back-off (full jitter)', () => {
  it('retries a dropped socket quickly: 300 ms to 1 s', () => {
    fc.assert(
      fc.property(unit, (r) => {
        const delay = reconnectDelay(0, () => r);
        expect(delay).toBeGreaterThanOrEqual(300);
        expect(delay).toBeLessThan(1_000);
      }),
    );
  });

  it('after failures, waits between 0 and min(30 s, 1 s · 2^n), never more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), unit, (failures, r) => {
        const delay = reconnectDelay(failures, () => r);
        expect(Number.isFinite(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(30_000, 1_000 * 2 ** Math.min(failures, 60)));
      }),
    );
  });

  it('grows with the failures for the same draw, up to the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), unit, (failures, r) => {
        expect(reconnectDelay(failures + 1, () => r)).toBeGreaterThanOrEqual(
          reconnectDelay(failures, () => r),
        );
      }),
    );
  });

  it('is safe against a random source outside [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.double(), (failures, r) => {
        const delay = reconnectDelay(failures, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(DEFAULT_BACKOFF.capMs);
      }),
    );
  });

  it('spreads 500 panels coming back after a long outage over the cap: no second gets more than 5%', () => {
    // After a 60 s outage every panel has failed several times in a row: its next try is drawn over 30 s.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const perSecond = new Map<number, number>();
    for (let panel = 0; panel < 500; panel += 1) {
      const second = Math.floor(reconnectDelay(6, random) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(25);
    expect(perSecond.size).toBe(30);
  });
});
