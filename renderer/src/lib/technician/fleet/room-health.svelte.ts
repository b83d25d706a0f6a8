import type { Module, RoomdeckApi } from '#contract';
import { addressesOf } from '../../modules/addressing.ts';
import { BulkActions } from './bulk.svelte.ts';
import { type Health, healthOf } from './fleet.ts';
import { describeProblem, type Problem } from '../common/problem.ts';

/**
 * One room's health as the technician at its panel needs it first: every module of this room,
 * the ones that need attention (offline, stopped) on top, each with ping and start.
 */

export interface RoomModuleRow {
  id: string;
  /** Class + index in this room ("Display 2"), as the room's controls address it. */
  label: string;
  module: Module;
  health: Health;
}

const RANK: Record<Health, number> = { offline: 0, stopped: 1, ok: 2 };

/** Offline first (running but not reaching its device), then stopped, then the rest; by label within. */
export function roomRows(modules: readonly Module[]): RoomModuleRow[] {
  const labels = new Map(addressesOf(modules).map((a) => [a.id, a.label]));
  return modules
    .map((module) => ({
      id: module.id,
      label: labels.get(module.id) ?? module.id,
      module,
      health: healthOf(module),
    }))
    .sort((a, b) => RANK[a.health] - RANK[b.health] || a.label.localeCompare(b.label));
}

export class RoomHealth {
  readonly #api: RoomdeckApi;
  readonly systemId: string;
  readonly actions: BulkActions;
  #name = $state('');
  #modules = $state.raw<Module[]>([]);
  #loaded = $state(false);
  #loading = $state(false);
  #problem = $state<Problem | null>(null);
  readonly rows: RoomModuleRow[] = $derived(roomRows(this.#modules));
  readonly attention: number = $derived(this.rows.filter((r) => r.health !== 'ok').length);

  constructor(api: RoomdeckApi, systemId: string) {
    this.#api = api;
    this.systemId = systemId;
    this.actions = new BulkActions(api, (id) => this.#reread(id));
  }

  get name(): string {
    return this.#name;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get problem(): Problem | null {
    return this.#problem;
  }

  async load(): Promise<void> {
    this.#loading = true;
    try {
      const detail = await this.#api.systems.get({ id: this.systemId });
      this.#name = detail.system.name;
      this.#modules = detail.modules;
      this.#problem = null;
      this.#loaded = true;
    } catch (error) {
      this.#problem = describeProblem(error);
    } finally {
      this.#loading = false;
    }
  }

  /** After a start: the module as the service now reports it. */
  async #reread(id: string): Promise<void> {
    const fresh = await this.#api.modules.get({ id });
    this.#modules = this.#modules.map((m) => (m.id === id ? fresh : m));
  }
}
