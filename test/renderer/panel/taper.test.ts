import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromTravel, snapLevel, toTravel } from '../../../renderer/src/lib/panel/taper.ts';

const range = fc
  .tuple(fc.integer({ min: -120, max: 0 }), fc.integer({ min: 1, max: 40 }))
  .map(([min, span]) => [min, min + span] as const);

describe('the fader taper', () => {
  it('puts 0 dB near three quarters of the travel on a −100…+12 dB mixer, not at 89 %', () => {
    expect(toTravel(0, -100, 12, 'audio')).toBeCloseTo(0.75, 2);
    // The finding: linear, 20 % of the slider was −79 dB. With the audio taper it is −40 dB.
    expect(fromTravel(0.2, -100, 12, 'audio')).toBeCloseTo(-40, 5);
    expect(fromTravel(0.2, -100, 12, 'linear')).toBeCloseTo(-77.6, 1);
  });

  it('maps the ends of the travel to the ends of the range', () => {
    fc.assert(
      fc.property(
        range,
        fc.constantFrom('audio', 'linear') as fc.Arbitrary<'audio' | 'linear'>,
        ([min, max], taper) => {
          expect(fromTravel(0, min, max, taper)).toBeCloseTo(min, 6);
          expect(fromTravel(1, min, max, taper)).toBeCloseTo(max, 6);
        },
      ),
    );
  });

  it('is monotonic and round-trips level → travel → level', () => {
    fc.assert(
      fc.property(
        range,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([min, max], a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(fromTravel(lo, min, max, 'audio')).toBeLessThanOrEqual(
            fromTravel(hi, min, max, 'audio') + 1e-9,
          );
          const level = fromTravel(a, min, max, 'audio');
          expect(toTravel(level, min, max, 'audio')).toBeCloseTo(a, 6);
        },
      ),
    );
  });

  it('snaps to the step inside the installer’s limits', () => {
    expect(snapLevel(-12.4, 1, -60, 0)).toBe(-12);
    expect(snapLevel(5, 1, -60, 0)).toBe(0);
    expect(snapLevel(0.1 + 0.2, 0.1, 0, 1)).toBe(0.3);
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.integer({ min: -100, max: 0 }),
        (level, low) => {
          const v = snapLevel(level, 1, low, low + 50);
          expect(v).toBeGreaterThanOrEqual(low);
          expect(v).toBeLessThanOrEqual(low + 50);
        },
      ),
    );
  });
});
