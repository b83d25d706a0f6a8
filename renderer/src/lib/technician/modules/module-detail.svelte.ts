import type { Funcs, Module, PingResult, RoomdeckApi } from '#contract';
import { Action } from '../common/action.svelte.ts';
import { addressesOf, type ModuleAddress } from '../../modules/addressing.ts';
import { describeProblem, type Problem } from '../common/problem.ts';

/** Where a module's methods can be read: funcs are addressed through a system (class + index). */
export interface ModuleHome {
  systemId: string;
  systemName: string;
  address: ModuleAddress;
}

/** One module: every field, start/stop/ping, its state and its methods. */
export class ModuleInspector {
  readonly #api: RoomdeckApi;
  readonly id: string;
  #module = $state.raw<Module | null>(null);
  #problem = $state.raw<Problem | null>(null);
  #home = $state.raw<ModuleHome | null>(null);
  #funcs = $state.raw<Funcs | null>(null);
  #funcsProblem = $state.raw<Problem | null>(null);
  readonly start = new Action<null>();
  readonly stop = new Action<null>();
  readonly ping = new Action<PingResult>();
  readonly remove = new Action<null>();

  constructor(api: RoomdeckApi, id: string) {
    this.#api = api;
    this.id = id;
  }

  get module(): Module | null {
    return this.#module;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  get home(): ModuleHome | null {
    return this.#home;
  }
  get funcs(): Funcs | null {
    return this.#funcs;
  }
  get funcsProblem(): Problem | null {
    return this.#funcsProblem;
  }

  async load(): Promise<void> {
    try {
      this.#module = await this.#api.modules.get({ id: this.id });
      this.#problem = null;
    } catch (error) {
      this.#problem = describeProblem(error);
      return;
    }
    void this.#loadFuncs();
  }

  async startModule(): Promise<void> {
    if ((await this.start.run(() => this.#api.modules.start({ id: this.id }))) !== undefined)
      await this.load();
  }

  async stopModule(): Promise<void> {
    if ((await this.stop.run(() => this.#api.modules.stop({ id: this.id }))) !== undefined) await this.load();
  }

  async pingModule(): Promise<void> {
    await this.ping.run(() => this.#api.modules.ping({ id: this.id }));
  }

  async delete(): Promise<boolean> {
    return (await this.remove.run(() => this.#api.modules.remove({ id: this.id }))) !== undefined;
  }

  /** The first system listing the module gives it a class + index, through which funcs are read. */
  async #loadFuncs(): Promise<void> {
    try {
      const page = await this.#api.systems.list({ moduleId: this.id, limit: 1 });
      const system = page.items[0];
      if (!system) {
        this.#home = null;
        this.#funcs = null;
        return;
      }
      const detail = await this.#api.systems.get({ id: system.id });
      const address = addressesOf(detail.modules).find((a) => a.id === this.id);
      if (!address) return;
      this.#home = { systemId: system.id, systemName: system.name, address };
      this.#funcs = await this.#api.systems.funcs({
        id: system.id,
        module: address.module,
        index: address.index,
      });
      this.#funcsProblem = null;
    } catch (error) {
      this.#funcsProblem = describeProblem(error);
    }
  }
}
