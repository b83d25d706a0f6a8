import { codePoints } from './words.ts';

/**
 * "Is this word within `max` edits of the query word?" by optimal string alignment (Damerau–
 * Levenshtein where a transposed pair counts as one edit and is not edited again), on code points.
 *
 * Built once per query word and reused for every document word: the three DP rows are allocated
 * here, so the hot loop allocates nothing. Rows run over the document word's characters, columns
 * over the query's, which lets the document word be walked as a string without converting it.
 */
export class BoundedOsa {
  private readonly q: Int32Array;
  // Roles rotate in locals during a call; every cell is written before it is read, so which buffer
  // starts in which role does not matter.
  private readonly prev2: Int32Array;
  private readonly prev: Int32Array;
  private readonly cur: Int32Array;

  constructor(
    word: string,
    readonly max: number,
    /** Accept when some prefix of the document word is within `max` (for `word*~N`). */
    readonly prefix: boolean,
  ) {
    this.q = codePoints(word);
    const n = this.q.length + 1;
    this.prev2 = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.cur = new Int32Array(n);
  }

  get length(): number {
    return this.q.length;
  }

  /** `docLength` is the word's length in code points (precomputed per document). */
  within(doc: string, docLength: number): boolean {
    const { q, max } = this;
    const m = q.length;
    // Each edit changes the length by at most one.
    if (this.prefix ? docLength < m - max : Math.abs(docLength - m) > max) return false;
    let prev2 = this.prev2;
    let prev = this.prev;
    let cur = this.cur;
    for (let i = 0; i <= m; i++) prev[i] = i;
    if (this.prefix && m <= max) return true;
    let prevChar = -1;
    let j = 0;
    for (let k = 0; k < doc.length; ) {
      const c = doc.codePointAt(k)!;
      k += c > 0xffff ? 2 : 1;
      j++;
      cur[0] = j;
      let rowMin = j;
      for (let i = 1; i <= m; i++) {
        const qi = q[i - 1]!;
        let v = prev[i - 1]! + (qi === c ? 0 : 1);
        const del = prev[i]! + 1;
        if (del < v) v = del;
        const ins = cur[i - 1]! + 1;
        if (ins < v) v = ins;
        if (i > 1 && j > 1 && qi === prevChar && q[i - 2] === c) {
          const tr = prev2[i - 2]! + 1;
          if (tr < v) v = tr;
        }
        cur[i] = v;
        if (v < rowMin) rowMin = v;
      }
      if (this.prefix && cur[m]! <= max) return true;
      // Later rows build on this row (+0 at best) and, by transposition, on the previous one (+1);
      // every cell here is at most one more than the cell above it, so that one is ≥ max too.
      if (rowMin > max) return false;
      prevChar = c;
      const t = prev2;
      prev2 = prev;
      prev = cur;
      cur = t;
    }
    return prev[m]! <= max;
  }
}
