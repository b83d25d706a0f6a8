import { codePointLength } from './words.ts';

/**
 * Process-wide table of every distinct word ever indexed, each with a small integer id.
 *
 * Why: documents then hold their words as sorted Int32Arrays (a few cache lines, binary-searched)
 * instead of one hash Set each, and a compiled query remembers per-word verdicts in a flat
 * Uint8Array indexed by id, so matching 10,000 documents hashes no strings at all. The cost: the
 * table only grows (a word of a deleted record stays), bounded by the distinct words of all text
 * ever indexed, which for a simulator's records is small.
 */
const idOf = new Map<string, number>();
const words: string[] = [];
const lengths: number[] = [];

export function intern(word: string): number {
  let id = idOf.get(word);
  if (id === undefined) {
    id = words.length;
    idOf.set(word, id);
    words.push(word);
    lengths.push(codePointLength(word));
  }
  return id;
}

/** The id of a word, or -1 when no document has ever contained it. */
export function lookup(word: string): number {
  return idOf.get(word) ?? -1;
}

export function wordOf(id: number): string {
  return words[id]!;
}

/** Length in code points. */
export function lengthOf(id: number): number {
  return lengths[id]!;
}

export function vocabularySize(): number {
  return words.length;
}
