import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTooDeep } from '../../simulator/control/json-limits.ts';

/** Arrays and objects inside one another, counted the way the limit counts them. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === 'object' && value !== null)
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('the JSON depth limit, read from the text before it is parsed', () => {
  it('agrees with the parsed value’s depth for any JSON, strings full of brackets and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        expect(jsonTooDeep(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts brackets inside strings as text, not as nesting', () => {
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[{{{{"\\\\[[' }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(['\\"', [[]]]), 2)).toBe(true);
  });

  it('finds 30,000 levels without recursing', () => {
    expect(jsonTooDeep(`${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`)).toBe(true);
  });
});
