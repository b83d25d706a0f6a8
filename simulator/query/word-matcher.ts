import type { WordQuery } from './ast.ts';
import { BoundedOsa } from './distance.ts';
import type { DocIndex } from './document.ts';
import { lengthOf, lookup, vocabularySize, wordOf } from './vocabulary.ts';

/** One query word, compiled for repeated use against many documents. */
export interface WordMatcher {
  /** Rough relative cost of anyIn, so cheap checks run first in AND/OR. */
  readonly cost: number;
  /** Does the word with this vocabulary id match? */
  test(id: number): boolean;
  /** Does any word of the document match? */
  anyIn(doc: DocIndex): boolean;
}

/**
 * Shared by the word matchers of one compiled query. Each memo is a byte per vocabulary word, so a
 * pasted query of thousands of fuzzy terms must not get one each; past the budget, words are
 * measured every time (correct, only slower).
 */
export interface MemoBudget {
  remaining: number;
}

export const MEMOS_PER_QUERY = 64;

export function wordMatcher(q: WordQuery, budget: MemoBudget): WordMatcher {
  if (q.fuzziness > 0) {
    const osa = new BoundedOsa(q.word, q.fuzziness, q.prefix);
    return memoised(4, (id) => osa.within(wordOf(id), lengthOf(id)), budget);
  }
  if (q.prefix) {
    const word = q.word;
    return memoised(2, (id) => wordOf(id).startsWith(word), budget);
  }
  return exact(q.word);
}

function exact(word: string): WordMatcher {
  let id = lookup(word);
  let knownSize = vocabularySize();
  // A word no document had when the query was compiled may arrive with a document indexed later.
  const resolve = (): number => {
    if (id < 0 && knownSize !== vocabularySize()) {
      knownSize = vocabularySize();
      id = lookup(word);
    }
    return id;
  };
  return {
    cost: 1,
    test: (other) => other === resolve(),
    anyIn(doc) {
      const target = resolve();
      return target >= 0 && doc.has(target);
    },
  };
}

const UNKNOWN = 0;
const YES = 1;
const NO = 2;

/**
 * Records share most of their vocabulary, so each distinct word is measured once per query and
 * the verdict kept in a flat array by word id.
 */
function memoised(cost: number, measure: (id: number) => boolean, budget: MemoBudget): WordMatcher {
  if (budget.remaining <= 0) {
    return {
      cost,
      test: measure,
      anyIn(doc) {
        const ids = doc.ids;
        for (let i = 0; i < ids.length; i++) if (measure(ids[i]!)) return true;
        return false;
      },
    };
  }
  budget.remaining--;
  let memo = new Uint8Array(vocabularySize());
  const test = (id: number): boolean => {
    if (id >= memo.length) {
      // Words indexed after compilation: grow rather than forget what is known.
      const grown = new Uint8Array(Math.max(vocabularySize(), id + 1, memo.length * 2));
      grown.set(memo);
      memo = grown;
    }
    const known = memo[id];
    if (known !== UNKNOWN) return known === YES;
    const r = measure(id);
    memo[id] = r ? YES : NO;
    return r;
  };
  return {
    cost,
    test,
    anyIn(doc) {
      const ids = doc.ids;
      for (let i = 0; i < ids.length; i++) if (test(ids[i]!)) return true;
      return false;
    },
  };
}
