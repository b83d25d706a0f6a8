import type { Module, RoomdeckApi } from '#contract';
import { addressesOf } from '../../modules/addressing.ts';
import { BulkActions } from './bulk.svelte.ts';
import { type Health, HEALTH_RANK, healthOf } from './fleet.ts';
import { describeProblem, type Problem } from '../common/problem.ts';
import { type HelpNumberGap, readHelpNumberGap } from '../systems/help-number.ts';

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

/**
 * Whether the panel behind the drawer hears a device (`Class/index`): null when no panel shows
 * this room. A device its record calls fine but the panel has found silent (the room logic's
 * last command to it, or a press here, went unanswered) is not responding: the drawer and the
 * panel say the same.
 */
export type PanelSilence = ((target: { module: string; index: number }) => unknown) | null;

/** Offline first (running but not reaching its device), then stopped, then the rest; by label within. */
export function roomRows(modules: readonly Module[], panel: PanelSilence = null): RoomModuleRow[] {
  const addresses = new Map(addressesOf(modules).map((a) => [a.id, a]));
  return modules
    .map((module) => {
      const address = addresses.get(module.id);
      const record = healthOf(module);
      const silent = record === 'ok' && address !== undefined && panel?.(address) != null;
      return {
        id: module.id,
        label: address?.label ?? module.id,
        module,
        health: silent ? ('offline' as const) : record,
      };
    })
    .sort((a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health] || a.label.localeCompare(b.label));
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
  #helpGap = $state.raw<HelpNumberGap | null>(null);
  #panel: PanelSilence = null;
  readonly rows: RoomModuleRow[] = $derived(roomRows(this.#modules, this.#panel));
  readonly attention: number = $derived(this.rows.filter((r) => r.health !== 'ok').length);

  constructor(api: RoomdeckApi, systemId: string, panel: PanelSilence = null) {
    this.#api = api;
    this.#panel = panel;
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
  /** The help number the panel falls back to, when the room names none (null: it names one). */
  get helpGap(): HelpNumberGap | null {
    return this.#helpGap;
  }

  async load(): Promise<void> {
    this.#loading = true;
    try {
      const detail = await this.#api.systems.get({ id: this.systemId });
      // With the rows, not after them: a note arriving late would move the rows under a finger.
      const helpGap = await readHelpNumberGap(this.#api, detail);
      this.#helpGap = helpGap;
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
