import type { Dependency, Module, Page, RoomdeckApi, System, Zone } from '#contract';
import { buildRows, type ModuleRow } from './fleet.ts';
import { describeProblem, type Problem } from '../common/problem.ts';

/** Pages of 500 (the service's maximum); a building past this many is shown in part, and says so. */
export const PAGE = 500;
export const MAX_PAGES = 20;

/** Reads every page of a list; `complete` is false when it stopped at the cap. */
export async function readAll<T>(
  list: (page: { limit: number; offset: number }) => Promise<Page<T>>,
  maxPages = MAX_PAGES,
): Promise<{ items: T[]; total: number; complete: boolean }> {
  const items: T[] = [];
  let total = 0;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await list({ limit: PAGE, offset: items.length });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= total) return { items, total, complete: true };
  }
  return { items, total, complete: items.length >= total };
}

/**
 * Every module with its rooms and zones, read through the API's pages: the module table and the
 * fleet view filter and sort this in the renderer, because "offline" is not something the API can
 * be asked for. One module can be read again after an action on it, without reloading everything.
 */
export class FleetIndex {
  readonly #api: RoomdeckApi;
  #modules = $state.raw<Module[]>([]);
  #systems = $state.raw<System[]>([]);
  #dependencies = $state.raw<Dependency[]>([]);
  #zones = $state.raw<Zone[]>([]);
  #loading = $state(false);
  #loaded = $state(false);
  #problem = $state.raw<Problem | null>(null);
  #partial = $state.raw<{ shown: number; total: number } | null>(null);
  #loadedAt = $state<number | null>(null);
  readonly rows: ModuleRow[] = $derived(buildRows(this.#modules, this.#systems, this.#dependencies));

  constructor(api: RoomdeckApi) {
    this.#api = api;
  }

  get loading(): boolean {
    return this.#loading;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  /** Set when the building has more modules than were read. */
  get partial(): { shown: number; total: number } | null {
    return this.#partial;
  }
  get loadedAt(): number | null {
    return this.#loadedAt;
  }
  get systems(): System[] {
    return this.#systems;
  }
  get dependencies(): Dependency[] {
    return this.#dependencies;
  }
  get zones(): Zone[] {
    return this.#zones;
  }

  async load(): Promise<void> {
    if (this.#loading) return;
    this.#loading = true;
    try {
      const [modules, systems, dependencies, zones] = await Promise.all([
        readAll((page) => this.#api.modules.list(page)),
        readAll((page) => this.#api.systems.list(page)),
        // Names for the filters: without them the table still works, with ids.
        readAll((page) => this.#api.modules.dependencies(page)).catch(() => null),
        readAll((page) => this.#api.systems.zones(page)).catch(() => null),
      ]);
      this.#modules = modules.items;
      this.#systems = systems.items;
      if (dependencies) this.#dependencies = dependencies.items;
      if (zones) this.#zones = zones.items;
      this.#partial = modules.complete ? null : { shown: modules.items.length, total: modules.total };
      this.#problem = null;
      this.#loaded = true;
      this.#loadedAt = Date.now();
    } catch (error) {
      this.#problem = describeProblem(error);
    } finally {
      this.#loading = false;
    }
  }

  /** Reads one module again (after start, stop or ping) and puts it in its row. */
  async reread(id: string): Promise<void> {
    try {
      const fresh = await this.#api.modules.get({ id });
      this.#modules = this.#modules.map((m) => (m.id === id ? fresh : m));
    } catch {
      // The row keeps what was last read; the next full load corrects it.
    }
  }

  zoneName(id: string): string {
    return this.#zones.find((z) => z.id === id)?.name ?? id;
  }
}
