import type { Dependency, Module, RoomdeckApi, System } from '../../../../electron/bridge/types.ts';
import { messageOf } from '../bridge.ts';
import { type Clock, systemClock } from '../clock.ts';

export const MODULE_PAGE_SIZE = 10;

/**
 * The module list: query language, filters by system and driver, pages. Not the room picker's
 * RoomSearch: that one lists systems with a zone filter; this lists modules with other filters.
 */
export class ModuleSearch {
  readonly #api: RoomdeckApi;
  readonly #clock: Clock;
  readonly #debounceMs: number;
  #query = $state('');
  #systemId = $state('');
  #dependencyId = $state('');
  #offset = $state(0);
  #results = $state.raw<Module[]>([]);
  #total = $state(0);
  #systems = $state.raw<System[]>([]);
  #dependencies = $state.raw<Dependency[]>([]);
  #loading = $state(false);
  #error = $state<string | null>(null);
  #timer: unknown = null;
  /** Only the latest request may write the list; answers can overtake each other. */
  #generation = 0;

  constructor(api: RoomdeckApi, options: { clock?: Clock; debounceMs?: number; systemId?: string } = {}) {
    this.#api = api;
    this.#clock = options.clock ?? systemClock;
    this.#debounceMs = options.debounceMs ?? 250;
    this.#systemId = options.systemId ?? '';
  }

  get query(): string {
    return this.#query;
  }
  get systemId(): string {
    return this.#systemId;
  }
  get dependencyId(): string {
    return this.#dependencyId;
  }
  get results(): Module[] {
    return this.#results;
  }
  get total(): number {
    return this.#total;
  }
  get offset(): number {
    return this.#offset;
  }
  get systems(): System[] {
    return this.#systems;
  }
  get dependencies(): Dependency[] {
    return this.#dependencies;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get error(): string | null {
    return this.#error;
  }
  get hasPrevious(): boolean {
    return this.#offset > 0;
  }
  get hasNext(): boolean {
    return this.#offset + MODULE_PAGE_SIZE < this.#total;
  }
  dependencyName(id: string): string {
    return this.#dependencies.find((d) => d.id === id)?.name ?? id;
  }

  async start(): Promise<void> {
    void this.reload();
    // The filters are a convenience: without them, searching still works.
    const [systems, dependencies] = await Promise.allSettled([
      this.#api.systems.list({ limit: 500 }),
      this.#api.modules.dependencies({ limit: 500 }),
    ]);
    if (systems.status === 'fulfilled') this.#systems = systems.value.items;
    if (dependencies.status === 'fulfilled') this.#dependencies = dependencies.value.items;
  }

  setQuery(query: string): void {
    this.#query = query;
    this.#offset = 0;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.reload();
    }, this.#debounceMs);
  }

  setSystem(systemId: string): void {
    this.#systemId = systemId;
    this.#offset = 0;
    void this.reload();
  }

  setDependency(dependencyId: string): void {
    this.#dependencyId = dependencyId;
    this.#offset = 0;
    void this.reload();
  }

  page(direction: 1 | -1): void {
    this.#offset = Math.max(0, this.#offset + direction * MODULE_PAGE_SIZE);
    void this.reload();
  }

  dispose(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#generation += 1;
  }

  async reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    try {
      const q = this.#query.trim();
      const page = await this.#api.modules.list({
        limit: MODULE_PAGE_SIZE,
        offset: this.#offset,
        ...(q ? { q } : {}),
        ...(this.#systemId ? { systemId: this.#systemId } : {}),
        ...(this.#dependencyId ? { dependencyId: this.#dependencyId } : {}),
      });
      if (generation !== this.#generation) return;
      this.#results = page.items;
      this.#total = page.total;
      this.#error = null;
    } catch (error) {
      if (generation === this.#generation) this.#error = messageOf(error);
    } finally {
      if (generation === this.#generation) this.#loading = false;
    }
  }
}
