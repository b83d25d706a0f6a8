import type { RoomdeckApi } from '#contract';
import { BulkActions } from './bulk.svelte.ts';
import { FleetIndex } from './fleet-index.svelte.ts';
import {
  filterRows,
  type ModuleRow,
  NO_FILTERS,
  type RowFilters,
  type SortDirection,
  type SortKey,
  sortRows,
} from './fleet.ts';

export const ROWS_PER_PAGE = 100;

/**
 * The module table's state: every module (FleetIndex), the filters, the sort, the page shown and
 * the selection for bulk actions. The fleet view is the same table with "offline or stopped" fixed.
 */
export class ModuleTable {
  readonly index: FleetIndex;
  readonly bulk: BulkActions;
  filters = $state<RowFilters>({ ...NO_FILTERS });
  #sortKey = $state<SortKey>('label');
  #direction = $state<SortDirection>('ascending');
  #page = $state(0);
  readonly matching: ModuleRow[] = $derived(
    sortRows(filterRows(this.#indexRows(), this.filters), this.#sortKey, this.#direction),
  );
  readonly pages: number = $derived(Math.max(1, Math.ceil(this.matching.length / ROWS_PER_PAGE)));
  readonly shown: ModuleRow[] = $derived(
    this.matching.slice(this.#pageClamped() * ROWS_PER_PAGE, (this.#pageClamped() + 1) * ROWS_PER_PAGE),
  );

  constructor(api: RoomdeckApi, filters: Partial<RowFilters> = {}) {
    this.index = new FleetIndex(api);
    this.bulk = new BulkActions(api, (id) => this.index.reread(id));
    this.filters = { ...NO_FILTERS, ...filters };
  }

  #indexRows(): ModuleRow[] {
    return this.index.rows;
  }
  #pageClamped(): number {
    return Math.min(this.#page, Math.max(0, Math.ceil(this.matching.length / ROWS_PER_PAGE) - 1));
  }

  get sortKey(): SortKey {
    return this.#sortKey;
  }
  get direction(): SortDirection {
    return this.#direction;
  }
  get page(): number {
    return this.#pageClamped();
  }

  load(): Promise<void> {
    return this.index.load();
  }

  /** A column header: sorts by it, or flips the direction when it already does. */
  sortBy(key: SortKey): void {
    if (this.#sortKey === key) this.#direction = this.#direction === 'ascending' ? 'descending' : 'ascending';
    else {
      this.#sortKey = key;
      this.#direction = 'ascending';
    }
  }

  setFilter<K extends keyof RowFilters>(key: K, value: RowFilters[K]): void {
    this.filters[key] = value;
    this.#page = 0;
  }

  goTo(page: number): void {
    this.#page = Math.max(0, Math.min(page, this.pages - 1));
  }
}
