import type { WordQuery } from './ast.ts';
import { BoundedOsa } from './distance.ts';
import type { DocIndex } from './document.ts';
import { codePointLength } from './words.ts';

/** One query word, compiled for repeated use against many documents. */
export interface WordMatcher {
  /** Rough relative cost of anyIn, so cheap checks run first in AND/OR. */
  readonly cost: number;
  /** Set when only this exact word matches: lets phrases reject a document with one Set lookup. */
  readonly exact: string | null;
  /** Does this document word match? */
  test(word: string): boolean;
  /** Does any word of the document match? */
  anyIn(doc: DocIndex): boolean;
}

/** Bounds memory per compiled query; a simulator's vocabulary is far smaller than this. */
const MEMO_LIMIT = 100_000;

export function wordMatcher(q: WordQuery): WordMatcher {
  if (q.fuzziness > 0) return fuzzy(q.word, q.fuzziness, q.prefix);
  return q.prefix ? prefix(q.word) : exact(q.word);
}

function exact(word: string): WordMatcher {
  return {
    cost: 1,
    exact: word,
    test: (w) => w === word,
    anyIn: (doc) => doc.wordSet.has(word),
  };
}

function prefix(word: string): WordMatcher {
  return {
    cost: 2,
    exact: null,
    test: (w) => w.startsWith(word),
    anyIn(doc) {
      for (const w of doc.vocab) if (w.startsWith(word)) return true;
      return false;
    },
  };
}

function fuzzy(word: string, max: number, isPrefix: boolean): WordMatcher {
  const osa = new BoundedOsa(word, max, isPrefix);
  // Records share most of their vocabulary, so each distinct word is usually measured once per query.
  const memo = new Map<string, boolean>();
  const measure = (w: string, length: number): boolean => {
    const known = memo.get(w);
    if (known !== undefined) return known;
    const r = osa.within(w, length);
    if (memo.size < MEMO_LIMIT) memo.set(w, r);
    return r;
  };
  const m = osa.length;
  return {
    cost: 4,
    exact: null,
    test: (w) => {
      const known = memo.get(w);
      return known !== undefined ? known : measure(w, codePointLength(w));
    },
    anyIn(doc) {
      if (!isPrefix && doc.wordSet.has(word)) return true;
      const { vocab, vocabLengths } = doc;
      for (let i = 0; i < vocab.length; i++) {
        const len = vocabLengths[i]!;
        // The length bound again, here to skip the memo lookup for most words.
        if (isPrefix ? len < m - max : len > m + max || len < m - max) continue;
        if (measure(vocab[i]!, len)) return true;
      }
      return false;
    },
  };
}
