/**
 * Slow, obviously-correct versions of what the matcher optimises (bounded edit distance, memo,
 * pruning, bipartite phrase placement), for property tests to compare against.
 */
import type { QueryNode, WordQuery } from '../../../simulator/query/index.ts';

/** Textbook optimal string alignment distance over code points, full matrix. */
export function osaDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const d: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    d.push([]);
    for (let j = 0; j <= t.length; j++) {
      if (i === 0 || j === 0) {
        d[i]![j] = i + j;
        continue;
      }
      let v = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[s.length]![t.length]!;
}

export function wordMatches(q: WordQuery, word: string): boolean {
  if (q.fuzziness === 0) return q.prefix ? word.startsWith(q.word) : word === q.word;
  if (!q.prefix) return osaDistance(q.word, word) <= q.fuzziness;
  const chars = Array.from(word);
  for (let j = 0; j <= chars.length; j++) {
    if (osaDistance(q.word, chars.slice(0, j).join('')) <= q.fuzziness) return true;
  }
  return false;
}

/** Tries every placement of distinct positions: exponential, fine for the short fields tests use. */
export function phraseInField(words: readonly WordQuery[], slop: number, field: readonly string[]): boolean {
  const used = new Set<number>();
  const place = (i: number, lo: number, hi: number): boolean => {
    if (i === words.length) return hi - lo <= slop;
    for (let p = 0; p < field.length; p++) {
      if (used.has(p) || !wordMatches(words[i]!, field[p]!)) continue;
      used.add(p);
      const ok = place(i + 1, Math.min(lo, p - i), Math.max(hi, p - i));
      used.delete(p);
      if (ok) return true;
    }
    return false;
  };
  return place(0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
}

export function evaluate(node: QueryNode, fields: readonly (readonly string[])[]): boolean {
  switch (node.type) {
    case 'all':
      return true;
    case 'term':
      return fields.some((f) => f.some((w) => wordMatches(node, w)));
    case 'phrase':
      return fields.some((f) => phraseInField(node.words, node.slop, f));
    case 'not':
      return !evaluate(node.child, fields);
    case 'and':
      return node.children.every((c) => evaluate(c, fields));
    case 'or':
      return node.children.some((c) => evaluate(c, fields));
    default: {
      const never: never = node;
      throw new Error(`unexpected node ${JSON.stringify(never)}`);
    }
  }
}
