import type { Dependency, Module, RoomdeckApi, System } from '#contract';
import { PagedSearch, type SearchOptions } from '../../search/paged-search.svelte.ts';

export const MODULE_PAGE_SIZE = 10;

/**
 * The module list: query language, filters by system and driver, pages. Not the room picker's
 * RoomSearch: that one lists systems with a zone filter; this lists modules with other filters.
 */
export class ModuleSearch extends PagedSearch<Module, { systemId: string; dependencyId: string }> {
  readonly #api: RoomdeckApi;
  #systems = $state.raw<System[]>([]);
  #dependencies = $state.raw<Dependency[]>([]);

  constructor(api: RoomdeckApi, options: SearchOptions & { systemId?: string } = {}) {
    const { systemId = '', ...rest } = options;
    super(({ filters, ...page }) => api.modules.list({ ...page, ...filters }), {
      ...rest,
      pageSize: MODULE_PAGE_SIZE,
      filters: { systemId, dependencyId: '' },
    });
    this.#api = api;
  }

  get systemId(): string {
    return this.filter('systemId');
  }
  get dependencyId(): string {
    return this.filter('dependencyId');
  }
  get systems(): System[] {
    return this.#systems;
  }
  get dependencies(): Dependency[] {
    return this.#dependencies;
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

  setSystem(systemId: string): void {
    this.setFilter('systemId', systemId);
  }

  setDependency(dependencyId: string): void {
    this.setFilter('dependencyId', dependencyId);
  }
}
