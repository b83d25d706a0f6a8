import { Corpus, indexDocument, parseQuery } from '../query/index.ts';

export interface PageRequest {
  q?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 500;

/** Wire contract: limit defaults to 20 and is clamped to 1..500; negatives were refused earlier (400). */
export const clampLimit = (limit: number | undefined): number =>
  Math.min(MAX_LIMIT, Math.max(1, limit ?? DEFAULT_LIMIT));

interface Entry<T> {
  record: T;
  sortKey: string;
}

/**
 * A sorted, searchable view of one kind of record. Sorting and tokenising happen once per change of
 * the repository (its revision), not once per request: list and search stay cheap on 10,000 rooms.
 */
export class SearchableList<T extends { id: string }> {
  #revision = -1;
  #entries: Entry<T>[] = [];
  /** The entries' search documents, in the same (sorted) order. */
  #corpus = new Corpus([]);

  constructor(
    /** Changes whenever the records (or anything their search fields read) change. */
    private readonly revision: () => number,
    private readonly source: () => Iterable<T>,
    private readonly sortName: (record: T) => string,
    private readonly searchFields: (record: T) => (string | null | undefined)[],
  ) {}

  #refresh(): void {
    const revision = this.revision();
    if (revision === this.#revision) return;
    const entries: Entry<T>[] = [];
    for (const record of this.source()) {
      entries.push({ record, sortKey: `${this.sortName(record).toLowerCase()}\u0000${record.id}` });
    }
    entries.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    this.#entries = entries;
    this.#corpus = new Corpus(entries.map((entry) => indexDocument(this.searchFields(entry.record))));
    this.#revision = revision;
  }

  /** `clamp` turns the requested limit into the page size (each API generation has its own rule). */
  page(
    request: PageRequest,
    filter?: (record: T) => boolean,
    clamp: (limit: number | undefined) => number = clampLimit,
  ): Page<T> {
    this.#refresh();
    const limit = clamp(request.limit);
    const offset = request.offset ?? 0;
    const query = parseQuery(request.q ?? '');
    const hits = query.type === 'all' ? null : this.#corpus.match(query);
    const items: T[] = [];
    let total = 0;
    for (let n = 0; n < this.#entries.length; n++) {
      const entry = this.#entries[n]!;
      if (hits && !hits[n]) continue;
      if (filter && !filter(entry.record)) continue;
      if (total >= offset && items.length < limit) items.push(entry.record);
      total += 1;
    }
    return { items, total, offset, limit };
  }
}

/** `Link: <path?…&offset=N&limit=M>; rel="next"` while more remain (wire contract, Lists). */
export function nextLink(path: string, query: Record<string, unknown>, page: Page<unknown>): string | null {
  const nextOffset = page.offset + page.limit;
  if (nextOffset >= page.total) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'offset' || key === 'limit' || value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  params.set('offset', String(nextOffset));
  params.set('limit', String(page.limit));
  return `<${path}?${params.toString()}>; rel="next"`;
}
