import type { RoomdeckApi, System, Zone } from '#contract';
import { type PageRequest, PagedSearch, type SearchOptions } from './paged-search.svelte.ts';
import { prefixQuery, zonesMatching } from './room-query.ts';

export const PAGE_SIZE = 8;

/** "Choose a room": search in the service's own query language, a zone filter, pages. */
export class RoomSearch extends PagedSearch<System, { zoneId: string }> {
  readonly #api: RoomdeckApi;
  #zones = $state.raw<Zone[]>([]);

  constructor(api: RoomdeckApi, options: SearchOptions = {}) {
    super((request) => this.#fetch(request), {
      ...options,
      pageSize: PAGE_SIZE,
      filters: { zoneId: '' },
    });
    this.#api = api;
  }

  /**
   * Word prefixes through the service's query language, plus the rooms of zones whose names match
   * (merged and paged here, as the service does not search zone names).
   */
  async #fetch({
    filters,
    q,
    limit,
    offset,
  }: PageRequest<{ zoneId: string }>): Promise<{ items: System[]; total: number }> {
    const zoneId = filters.zoneId;
    const where = {
      ...(q === undefined ? {} : { q: prefixQuery(q) }),
      ...(zoneId === undefined ? {} : { zoneId }),
    };
    const zones = q === undefined ? [] : zonesMatching(q, this.#zones);
    if (zones.length === 0) return this.#api.systems.list({ ...where, limit, offset });
    const lists = await Promise.all([
      this.#api.systems.list({ ...where, limit: 500, offset: 0 }),
      ...zones.map((z) => this.#api.systems.list({ zoneId: z.id, limit: 500, offset: 0 })),
    ]);
    const merged = new Map<string, System>();
    for (const list of lists) for (const s of list.items) merged.set(s.id, s);
    const inZone = zoneId
      ? [...merged.values()].filter((s) => s.zones.includes(zoneId))
      : [...merged.values()];
    inZone.sort((a, b) => a.name.localeCompare(b.name));
    return { items: inZone.slice(offset, offset + limit), total: inZone.length };
  }

  /** Zone names of a room, building and floor first (the organisation is the same for all). */
  whereOf(system: System): string {
    const names = system.zones
      .map((id) => this.#zones.find((z) => z.id === id)?.name)
      .filter((n) => n !== undefined);
    return (names.length > 1 ? names.slice(1) : names).join(' · ');
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
