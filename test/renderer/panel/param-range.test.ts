import { describe, expect, it } from 'vitest';
import type { Funcs } from '#contract';
import { paramRange } from '../../../renderer/src/lib/plan/param-range.ts';

const fn = (...params: [string, object][]): Funcs[string] => ({
  arity: params.length,
  params: Object.fromEntries(params),
  order: params.map(([n]) => n),
});

describe('a level method’s range, from its funcs', () => {
  it('takes the bounds of the last parameter (the level), not of the channel before it', () => {
    const funcs: Funcs = {
      fader: fn(
        ['channel', { type: 'integer', minimum: 1, maximum: 8 }],
        ['db', { minimum: -60, maximum: 6 }],
      ),
    };
    expect(paramRange(funcs, 'fader', [-100, 12])).toEqual([-60, 6]);
  });

  it('fills a missing bound from the fallback, and keeps the fallback for an empty range', () => {
    expect(paramRange({ volume: fn(['level', { maximum: 40 }]) }, 'volume', [0, 100])).toEqual([0, 40]);
    expect(paramRange({ volume: fn(['level', { minimum: 50, maximum: 50 }]) }, 'volume', [0, 100])).toEqual([
      0, 100,
    ]);
    expect(paramRange({}, 'volume', [0, 100])).toEqual([0, 100]);
  });
});
