import { type BridgeError, toBridgeError } from '../bridge/bridge.ts';
import { type Clock, systemClock } from '../time/clock.ts';
import { errorWords } from '../i18n/error-words.ts';

/** One page request: `q` only when something is typed, `filters` only those that are set. */
export interface PageRequest<F extends Record<string, string>> {
  q?: string;
  limit: number;
  offset: number;
  filters: Partial<F>;
}

export type FetchPage<T, F extends Record<string, string>> = (
  request: PageRequest<F>,
) => Promise<{ items: T[]; total: number }>;

export interface SearchOptions {
  clock?: Clock;
  debounceMs?: number;
}

/** What a pager needs to show "Previous / Page N of M / Next". */
export interface Pageable {
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly pageNumber: number;
  readonly pageCount: number;
  page(direction: 1 | -1): void;
}

/**
 * A searchable, filterable, paged list: typing is debounced through the injected clock, a filter
 * change or a page turn loads at once, and only the latest request may write the results.
 * Filters are strings; '' means "not filtered".
 */
export class PagedSearch<T, F extends Record<string, string>> implements Pageable {
  readonly pageSize: number;
  readonly #fetchPage: FetchPage<T, F>;
  readonly #clock: Clock;
  readonly #debounceMs: number;
  #query = $state('');
  #filters = $state.raw<F>({} as F);
  #offset = $state(0);
  #results = $state.raw<T[]>([]);
  #total = $state(0);
  #loading = $state(false);
  /** Typed, and waiting for the pause in typing before it asks. */
  #pending = $state(false);
  /** The last load's failure; its words are read in the page's language when shown. */
  #failure = $state.raw<BridgeError | null>(null);
  #timer: unknown = null;
  /** Answers can overtake each other; only the latest request may write the list. */
  #generation = 0;

  constructor(fetchPage: FetchPage<T, F>, options: SearchOptions & { pageSize: number; filters: F }) {
    this.#fetchPage = fetchPage;
    this.pageSize = options.pageSize;
    this.#filters = options.filters;
    this.#clock = options.clock ?? systemClock;
    this.#debounceMs = options.debounceMs ?? 250;
  }

  get query(): string {
    return this.#query;
  }
  get results(): T[] {
    return this.#results;
  }
  get total(): number {
    return this.#total;
  }
  get offset(): number {
    return this.#offset;
  }
  get loading(): boolean {
    return this.#loading;
  }
  /**
   * The list does not yet answer what was typed: waiting for the pause in typing, or for the
   * answer. A list says so (aria-busy), so neither a screen reader nor a test takes its rows for
   * the answer while they are about to change under a finger.
   */
  get busy(): boolean {
    return this.#pending || this.#loading;
  }
  /** What a person reads about the last load's failure, in the page's language; null when it loaded. */
  get error(): string | null {
    return this.#failure === null ? null : errorWords(this.#failure);
  }
  /** The failure itself (its code and the main process's own words), for views that show evidence. */
  get failure(): BridgeError | null {
    return this.#failure;
  }
  get hasPrevious(): boolean {
    return this.#offset > 0;
  }
  get hasNext(): boolean {
    return this.#offset + this.pageSize < this.#total;
  }
  /** 1-based number of the page shown. */
  get pageNumber(): number {
    return Math.floor(this.#offset / this.pageSize) + 1;
  }
  /** At least 1, so an empty list is "page 1 of 1". */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.#total / this.pageSize));
  }

  filter<K extends keyof F>(name: K): F[K] {
    return this.#filters[name];
  }

  /** Typing waits for a pause (~250 ms) so each keystroke is not a request. */
  setQuery(query: string): void {
    this.#query = query;
    this.#offset = 0;
    this.#pending = true;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.#pending = false;
      void this.reload();
    }, this.#debounceMs);
  }

  setFilter<K extends keyof F>(name: K, value: F[K]): void {
    this.#filters = { ...this.#filters, [name]: value };
    this.#offset = 0;
    void this.reload();
  }

  page(direction: 1 | -1): void {
    this.#offset = Math.max(0, this.#offset + direction * this.pageSize);
    void this.reload();
  }

  dispose(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#pending = false;
    this.#generation += 1;
  }

  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    try {
      const q = this.#query.trim();
      const filters = Object.fromEntries(
        Object.entries(this.#filters).filter(([, value]) => value !== ''),
      ) as Partial<F>;
      const page = await this.#fetchPage({
        limit: this.pageSize,
        offset: this.#offset,
        ...(q ? { q } : {}),
        filters,
      });
      if (generation !== this.#generation) return;
      this.#results = page.items;
      this.#total = page.total;
      this.#failure = null;
    } catch (error) {
      if (generation === this.#generation) this.#failure = toBridgeError(error);
    } finally {
      if (generation === this.#generation) this.#loading = false;
    }
  }
}
