import type { WordQuery } from './ast.ts';
import type { DocIndex } from './document.ts';
import { wordMatcher } from './word-matcher.ts';
import type { MemoBudget, WordMatcher } from './word-matcher.ts';

/**
 * Phrases match within one field. With slop, the rule is Lucene's sloppy phrase: phrase word i sits at
 * a distinct position p_i, and the spread max(p_i − i) − min(p_i − i) must be ≤ slop. Adjacent and in
 * order is 0; one word between is 1; two adjacent words swapped is 2.
 */
export function phraseMatcher(
  words: readonly WordQuery[],
  slop: number,
  budget: MemoBudget,
): (doc: DocIndex) => boolean {
  const matchers = words.map((w) => wordMatcher(w, budget));
  // Cheapest first: most documents are rejected by a Set lookup before any field is scanned.
  const screen = [...matchers].sort((a, b) => a.cost - b.cost);
  const inField = slop === 0 ? adjacentInField : sloppyInField;
  return (doc) => {
    for (const m of screen) if (!m.anyIn(doc)) return false;
    for (const field of doc.fieldIds) if (inField(field, matchers, slop)) return true;
    return false;
  };
}

function adjacentInField(field: Int32Array, ms: readonly WordMatcher[]): boolean {
  const k = ms.length;
  for (let p = 0; p + k <= field.length; p++) {
    let i = 0;
    while (i < k && ms[i]!.test(field[p + i]!)) i++;
    if (i === k) return true;
  }
  return false;
}

function sloppyInField(field: Int32Array, ms: readonly WordMatcher[], slop: number): boolean {
  const k = ms.length;
  const n = field.length;
  if (n < k) return false;
  const cand: number[][] = [];
  for (const m of ms) {
    const c: number[] = [];
    for (let p = 0; p < n; p++) if (m.test(field[p]!)) c.push(p);
    if (c.length === 0) return false;
    cand.push(c);
  }
  // The smallest p_i − i of a fitting placement is one of these, so trying each as the window's
  // lower edge finds any placement there is.
  const edges = new Set<number>();
  cand.forEach((c, i) => {
    for (const p of c) edges.add(p - i);
  });
  const placement = new Placement(cand, n);
  for (const lowest of edges) if (placement.fits(lowest, slop)) return true;
  return false;
}

/**
 * Whether every phrase word can get its own position inside a window: a bipartite matching, since a
 * fuzzy or prefix word, or a repeated one, can compete with another word for the same position
 * (greedy placement gets that wrong). Kuhn's augmenting paths, iteratively so that a long phrase
 * cannot overflow the stack.
 */
class Placement {
  private readonly k: number;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly next: Int32Array;
  private readonly stack: Int32Array;
  private readonly assigned: Int32Array;
  private readonly owner: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(
    /** Candidate positions of each phrase word, ascending. */
    private readonly cand: readonly (readonly number[])[],
    fieldLength: number,
  ) {
    this.k = cand.length;
    this.lo = new Int32Array(this.k);
    this.hi = new Int32Array(this.k);
    this.next = new Int32Array(this.k);
    this.stack = new Int32Array(this.k);
    this.assigned = new Int32Array(this.k);
    this.owner = new Int32Array(fieldLength);
    this.seen = new Int32Array(fieldLength);
  }

  /** Can word i be placed at some p with lowest ≤ p − i ≤ lowest + slop, all positions distinct? */
  fits(lowest: number, slop: number): boolean {
    for (let i = 0; i < this.k; i++) {
      const c = this.cand[i]!;
      this.lo[i] = lowerBound(c, lowest + i);
      this.hi[i] = lowerBound(c, lowest + i + slop + 1);
      if (this.lo[i] === this.hi[i]) return false;
    }
    this.owner.fill(-1);
    for (let i = 0; i < this.k; i++) if (!this.augment(i)) return false;
    return true;
  }

  private augment(root: number): boolean {
    const { cand, lo, hi, next, stack, assigned, owner, seen } = this;
    const stamp = ++this.stamp;
    let top = 0;
    stack[top++] = root;
    next[root] = lo[root]!;
    while (top > 0) {
      const w = stack[top - 1]!;
      if (next[w]! >= hi[w]!) {
        top--;
        continue;
      }
      const p = cand[w]![next[w]!]!;
      next[w] = next[w]! + 1;
      if (seen[p] === stamp) continue;
      seen[p] = stamp;
      const o = owner[p]!;
      if (o !== -1) {
        // Each word owns one position and each position is visited once, so o is not on the stack.
        stack[top++] = o;
        next[o] = lo[o]!;
        continue;
      }
      // Free position: shift every word on the path to the position its successor gives up.
      let pos = p;
      for (let s = top - 1; s >= 0; s--) {
        const x = stack[s]!;
        const old = assigned[x]!;
        owner[pos] = x;
        assigned[x] = pos;
        pos = old;
      }
      return true;
    }
    return false;
  }
}

function lowerBound(sorted: readonly number[], value: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (sorted[mid]! < value) a = mid + 1;
    else b = mid;
  }
  return a;
}
