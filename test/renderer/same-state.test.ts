import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModuleState } from '#contract';
import { sameState } from '../../renderer/src/lib/live/same-state.ts';

/*
 * sameState decides whether a pushed state agrees with the page's last poll (poller.ts): the same
 * keys in any order, each value the same JSON. A wrong "same" would let an old value through as
 * live; a wrong "different" costs one more poll.
 */

const key = fc.string({ maxLength: 8 }).filter((k) => k !== '__proto__');
const state: fc.Arbitrary<ModuleState> = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });

/** The state's JSON with its own keys sorted (nested values as they are). */
const canonical = (s: ModuleState) =>
  JSON.stringify(Object.fromEntries(Object.entries(s).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

describe('sameState', () => {
  it('is the same as comparing the states’ JSON with their keys in one order', () => {
    fc.assert(
      fc.property(state, state, (a, b) => {
        expect(sameState(a, b)).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 2_000 },
    );
  });

  it('says the same of a state and its copy with the keys in any order', () => {
    fc.assert(
      fc.property(state, fc.infiniteStream(fc.nat()), (a, picks) => {
        const entries = Object.entries(a);
        const shuffled: [string, unknown][] = [];
        const it = picks[Symbol.iterator]();
        while (entries.length > 0) shuffled.push(...entries.splice(it.next().value % entries.length, 1));
        expect(sameState(a, structuredClone(Object.fromEntries(shuffled)))).toBe(true);
      }),
    );
  });

  it('tells apart what JSON tells apart: a number from its text, a missing key from null', () => {
    expect(sameState({ level: 1 }, { level: '1' })).toBe(false);
    expect(sameState({ level: null }, {})).toBe(false);
    expect(sameState({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameState({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameState({ a: [1, 2], b: { c: true } }, { b: { c: true }, a: [1, 2] })).toBe(true);
  });
});
