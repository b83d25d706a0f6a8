import { describe, expect, it } from 'vitest';
import { refreshDelay, retryDelay } from '../../../core/auth/timing.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('refresh timing', () => {
  it('renews a 14-day token at 80% of its lifetime', () => {
    expect(refreshDelay(14 * DAY)).toBe(Math.round(0.8 * 14 * DAY));
  });

  it('renews a 20-minute token 5 minutes before expiry, which comes before 80%', () => {
    expect(refreshDelay(20 * MIN)).toBe(15 * MIN);
  });

  it('never renews before half the lifetime, so short-lived tokens do not loop', () => {
    expect(refreshDelay(6 * MIN)).toBe(3 * MIN);
    expect(refreshDelay(3_000)).toBe(1_500);
  });

  it('backs off exponentially with jitter between half and the whole step, capped at 4 s', () => {
    expect(retryDelay(1, () => 0)).toBe(1_000);
    expect(retryDelay(1, () => 0.999_999)).toBeCloseTo(2_000, 0);
    expect(retryDelay(2, () => 0)).toBe(2_000);
    expect(retryDelay(2, () => 1)).toBe(4_000);
    // Capped so a recovered service is seen within 5 s, and a lost refresh answer is retried well
    // inside the service's 30 s reuse interval.
    expect(retryDelay(3, () => 1)).toBe(4_000);
    expect(retryDelay(30, () => 1)).toBe(4_000);
    expect(retryDelay(30, () => 0)).toBe(2_000);
  });
});
