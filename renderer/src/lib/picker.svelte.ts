import type { RoomdeckApi, System, Zone } from '../../../electron/bridge/types.ts';
import { messageOf } from './bridge.ts';
import { type Clock, systemClock } from './clock.ts';

export const PAGE_SIZE = 8;

/** "Choose a room": search in the service's own query language, a zone filter, pages. */
export class RoomSearch {
  readonly #api: RoomdeckApi;
  readonly #clock: Clock;
  readonly #debounceMs: number;
  #query = $state('');
  #zoneId = $state('');
  #offset = $state(0);
  #results = $state.raw<System[]>([]);
  #total = $state(0);
  #zones = $state.raw<Zone[]>([]);
  #loading = $state(false);
  #error = $state<string | null>(null);
  #timer: unknown = null;
  /** Answers can overtake each other; only the latest request may write the list. */
  #generation = 0;

  constructor(api: RoomdeckApi, options: { clock?: Clock; debounceMs?: number } = {}) {
    this.#api = api;
    this.#clock = options.clock ?? systemClock;
    this.#debounceMs = options.debounceMs ?? 250;
  }

  get query(): string {
    return this.#query;
  }
  get zoneId(): string {
    return this.#zoneId;
  }
  get results(): System[] {
    return this.#results;
  }
  get total(): number {
    return this.#total;
  }
  get offset(): number {
    return this.#offset;
  }
  get zones(): Zone[] {
    return this.#zones;
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
    return this.#offset + PAGE_SIZE < this.#total;
  }

  async start(): Promise<void> {
    void this.#load();
    try {
      this.#zones = (await this.#api.systems.zones({ limit: 500 })).items;
    } catch {
      // Without zones the filter is simply absent; searching still works.
    }
  }

  /** Typing waits for a pause (~250 ms) so each keystroke is not a request. */
  setQuery(query: string): void {
    this.#query = query;
    this.#offset = 0;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.#load();
    }, this.#debounceMs);
  }

  setZone(zoneId: string): void {
    this.#zoneId = zoneId;
    this.#offset = 0;
    void this.#load();
  }

  page(direction: 1 | -1): void {
    this.#offset = Math.max(0, this.#offset + direction * PAGE_SIZE);
    void this.#load();
  }

  dispose(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#generation += 1;
  }

  async #load(): Promise<void> {
    const generation = ++this.#generation;
    this.#loading = true;
    try {
      const q = this.#query.trim();
      const page = await this.#api.systems.list({
        limit: PAGE_SIZE,
        offset: this.#offset,
        ...(q ? { q } : {}),
        ...(this.#zoneId ? { zoneId: this.#zoneId } : {}),
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
