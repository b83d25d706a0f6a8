import type { RoomdeckApi, SystemDetail, Types } from '#contract';
import { Action } from '../common/action.svelte.ts';
import { type Cascade, deleteCascade } from './cascade.ts';
import { describeProblem, type Problem } from '../common/problem.ts';
import { type HelpNumberGap, readHelpNumberGap } from './help-number.ts';

/** One system as a technician sees it: every field, its modules and types, start/stop/delete. */
export class SystemInspector {
  readonly #api: RoomdeckApi;
  readonly id: string;
  #detail = $state.raw<SystemDetail | null>(null);
  #types = $state.raw<Types>({});
  #helpGap = $state.raw<HelpNumberGap | null>(null);
  #problem = $state.raw<Problem | null>(null);
  readonly start = new Action<null>();
  readonly stop = new Action<null>();
  readonly remove = new Action<null>();

  constructor(api: RoomdeckApi, id: string) {
    this.#api = api;
    this.id = id;
  }

  get detail(): SystemDetail | null {
    return this.#detail;
  }
  get types(): Types {
    return this.#types;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  /** The help number the panel falls back to, when the room names none (null: it names one). */
  get helpGap(): HelpNumberGap | null {
    return this.#helpGap;
  }

  async load(): Promise<void> {
    try {
      const [detail, types] = await Promise.all([
        this.#api.systems.get({ id: this.id }),
        this.#api.systems.types({ id: this.id }).catch(() => ({})),
      ]);
      // Read before the page is shown, not after: a note arriving late would push the module list
      // down under a finger already on its way to it.
      const helpGap = await readHelpNumberGap(this.#api, detail);
      this.#detail = detail;
      this.#types = types;
      this.#helpGap = helpGap;
      this.#problem = null;
    } catch (error) {
      this.#problem = describeProblem(error);
    }
  }

  async startAll(): Promise<void> {
    if ((await this.start.run(() => this.#api.systems.start({ id: this.id }))) !== undefined)
      await this.load();
  }

  async stopAll(): Promise<void> {
    if ((await this.stop.run(() => this.#api.systems.stop({ id: this.id }))) !== undefined) await this.load();
  }

  /** What deleting the room would take with it: asks the service which rooms share each module. */
  async cascade(): Promise<Cascade | null> {
    const detail = this.#detail;
    if (detail === null) return null;
    try {
      const counts = await Promise.all(
        detail.modules.map(
          async (m) => [m.id, (await this.#api.systems.list({ moduleId: m.id, limit: 1 })).total] as const,
        ),
      );
      return deleteCascade(detail.modules, Object.fromEntries(counts));
    } catch (error) {
      this.#problem = describeProblem(error);
      return null;
    }
  }

  /** Resolves true when the system is gone. */
  async delete(): Promise<boolean> {
    return (await this.remove.run(() => this.#api.systems.remove({ id: this.id }))) !== undefined;
  }
}
