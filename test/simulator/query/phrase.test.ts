import { describe, expect, it } from 'vitest';
import type { WordQuery } from '../../../simulator/query/ast.ts';
import { DocIndex } from '../../../simulator/query/document.ts';
import { phraseMatcher } from '../../../simulator/query/phrase.ts';

const w = (word: string, extra: Partial<WordQuery> = {}): WordQuery => ({
  word,
  fuzziness: 0,
  prefix: false,
  ...extra,
});

const inDoc = (words: WordQuery[], slop: number, ...fields: string[][]): boolean => {
  const doc = new DocIndex(fields);
  const memoised = phraseMatcher(words, slop, { remaining: 64 })(doc);
  // Past the memo budget the same words are measured afresh every time: same answers.
  expect(phraseMatcher(words, slop, { remaining: 0 })(doc)).toBe(memoised);
  return memoised;
};

// The query syntax only builds phrases whose words compete for a position when a word repeats;
// the matcher is general, and these cases pin down the parts the syntax cannot reach yet.
describe('phraseMatcher', () => {
  it('places phrase words that compete for a position so that all of them fit', () => {
    // Greedy left-to-right would give "bb" to b* and leave "ba" nowhere to go.
    expect(inDoc([w('b', { prefix: true }), w('ba')], 2, ['x', 'ba', 'bb'])).toBe(true);
    expect(inDoc([w('b', { prefix: true }), w('ba')], 1, ['x', 'ba', 'bb'])).toBe(false);
  });

  it('finds a placement through a longer augmenting path', () => {
    const words = [w('a', { prefix: true }), w('ab', { prefix: true }), w('abc')];
    expect(inDoc(words, 4, ['abc', 'ab', 'a'])).toBe(true);
    expect(inDoc(words, 4, ['abc', 'ab', 'x'])).toBe(false);
  });

  it('matches fuzzy phrase words at slop 0 only when adjacent and in order', () => {
    const words = [w('wal', { fuzziness: 1 }), w('panl', { fuzziness: 1 })];
    expect(inDoc(words, 0, ['the', 'wall', 'panel'])).toBe(true);
    expect(inDoc(words, 0, ['panel', 'wall'])).toBe(false);
  });

  it('rejects a field shorter than the phrase', () => {
    expect(inDoc([w('a'), w('a'), w('a')], 10, ['a', 'a'], ['a'])).toBe(false);
    expect(inDoc([w('a'), w('a'), w('a')], 10, ['a', 'a'], ['a', 'x', 'a', 'a'])).toBe(true);
  });
});
