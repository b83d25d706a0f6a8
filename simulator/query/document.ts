import { intern, wordOf } from './vocabulary.ts';
import { splitWords } from './words.ts';

/** Precomputed words of one record's searchable fields (built once per record, reused for every query). */
export interface IndexedDocument {
  /** Each field: its lowercased words in order. */
  readonly fields: readonly (readonly string[])[];
}

/** What matching actually reads; built by indexDocument, or on demand for a hand-made IndexedDocument. */
export class DocIndex implements IndexedDocument {
  readonly fields: readonly (readonly string[])[];
  /** Each field's words as vocabulary ids, in order: what phrases walk. */
  readonly fieldIds: readonly Int32Array[];
  /** The distinct word ids of all fields, ascending: what single words search. */
  readonly ids: Int32Array;

  constructor(fields: readonly (readonly string[])[]) {
    this.fieldIds = fields.map((f) => Int32Array.from(f, intern));
    // The vocabulary's copy of each word: equal words of many records then share one string.
    this.fields = this.fieldIds.map((f) => Array.from(f, wordOf));
    const distinct = new Set<number>();
    for (const f of this.fieldIds) for (const id of f) distinct.add(id);
    this.ids = Int32Array.from(distinct).sort();
  }

  has(id: number): boolean {
    const ids = this.ids;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid]!;
      if (v === id) return true;
      if (v < id) lo = mid + 1;
      else hi = mid;
    }
    return false;
  }
}

export function indexDocument(fields: readonly (string | null | undefined)[]): IndexedDocument {
  return new DocIndex(fields.map((f) => (f ? splitWords(f) : [])));
}

const foreign = new WeakMap<IndexedDocument, DocIndex>();

/** Accepts documents built elsewhere (tests, other modules) as long as they honour the interface. */
export function docIndex(doc: IndexedDocument): DocIndex {
  if (doc instanceof DocIndex) return doc;
  let d = foreign.get(doc);
  if (d === undefined) {
    d = new DocIndex(doc.fields);
    foreign.set(doc, d);
  }
  return d;
}
