import { codePointLength, splitWords } from './words.ts';

/** Precomputed words of one record's searchable fields (built once per record, reused for every query). */
export interface IndexedDocument {
  /** Each field: its lowercased words in order. */
  readonly fields: readonly (readonly string[])[];
}

/** What matching actually reads; built by indexDocument, or on demand for a hand-made IndexedDocument. */
export class DocIndex implements IndexedDocument {
  /** For exact terms: one lookup instead of a scan. */
  readonly wordSet: ReadonlySet<string>;
  /** The distinct words as an array: faster to scan than the Set for prefix and fuzzy terms. */
  readonly vocab: readonly string[];
  /** Code-point length of each vocab word, for pruning fuzzy comparisons without measuring. */
  readonly vocabLengths: Int32Array;

  constructor(readonly fields: readonly (readonly string[])[]) {
    const set = new Set<string>();
    for (const f of fields) for (const w of f) set.add(w);
    this.wordSet = set;
    this.vocab = [...set];
    this.vocabLengths = Int32Array.from(this.vocab, codePointLength);
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
