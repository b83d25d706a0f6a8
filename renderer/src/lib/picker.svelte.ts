import type { RoomdeckApi, System, Zone } from '#contract';
import { PagedSearch, type SearchOptions } from './paged-search.svelte.ts';

export const PAGE_SIZE = 8;

/** "Choose a room": search in the service's own query language, a zone filter, pages. */
export class RoomSearch extends PagedSearch<System, { zoneId: string }> {
  readonly #api: RoomdeckApi;
  #zones = $state.raw<Zone[]>([]);

  constructor(api: RoomdeckApi, options: SearchOptions = {}) {
    super(({ filters, ...page }) => api.systems.list({ ...page, ...filters }), {
      ...options,
      pageSize: PAGE_SIZE,
      filters: { zoneId: '' },
    });
    this.#api = api;
  }

  get zoneId(): string {
    return this.filter('zoneId');
  }
  get zones(): Zone[] {
    return this.#zones;
  }

  async start(): Promise<void> {
    void this.reload();
    try {
      this.#zones = (await this.#api.systems.zones({ limit: 500 })).items;
    } catch {
      // Without zones the filter is simply absent; searching still works.
    }
  }

  setZone(zoneId: string): void {
    this.setFilter('zoneId', zoneId);
  }
}
