import type { Funcs, ModuleState, RoomdeckApi } from '#contract';
import { Action } from './action.svelte.ts';
import { addressesOf, type ModuleAddress } from './addressing.ts';
import { describeProblem, localProblem, type Problem } from './problem.ts';
import { buildArgs, type FieldInput, fieldsFor, initialInput, type ParamField } from './schema-form.ts';

/**
 * Run any method of any module of a system: pick the module (class + index), the method, fill a
 * form generated from its parameters' JSON Schema, run, and read the result and the module's state.
 */
export class ExecConsole {
  readonly #api: RoomdeckApi;
  readonly systemId: string;
  #targets = $state.raw<ModuleAddress[]>([]);
  #target = $state.raw<ModuleAddress | null>(null);
  #funcs = $state.raw<Funcs | null>(null);
  #method = $state('');
  #inputs = $state<Record<string, FieldInput>>({});
  #problem = $state.raw<Problem | null>(null);
  readonly fields: ParamField[] = $derived(this.#fieldsOf(this.#funcs, this.#method));
  readonly run = new Action<unknown>();
  readonly state = new Action<ModuleState>();

  constructor(api: RoomdeckApi, systemId: string) {
    this.#api = api;
    this.systemId = systemId;
  }

  get targets(): ModuleAddress[] {
    return this.#targets;
  }
  get target(): ModuleAddress | null {
    return this.#target;
  }
  get methods(): string[] {
    return this.#funcs ? Object.keys(this.#funcs).sort() : [];
  }
  get method(): string {
    return this.#method;
  }
  get inputs(): Record<string, FieldInput> {
    return this.#inputs;
  }
  /** Loading the system or a module's methods failed. */
  get problem(): Problem | null {
    return this.#problem;
  }

  async load(preselect?: string): Promise<void> {
    try {
      const detail = await this.#api.systems.get({ id: this.systemId });
      this.#targets = addressesOf(detail.modules);
      const first = this.#targets.find((t) => t.id === preselect) ?? this.#targets[0];
      if (first) await this.chooseTarget(first.id);
    } catch (error) {
      this.#problem = describeProblem(error);
    }
  }

  async chooseTarget(id: string): Promise<void> {
    const target = this.#targets.find((t) => t.id === id) ?? null;
    this.#target = target;
    this.#funcs = null;
    this.#method = '';
    this.#inputs = {};
    this.run.reset();
    if (!target) return;
    void this.refreshState();
    try {
      const funcs = await this.#api.systems.funcs({
        id: this.systemId,
        module: target.module,
        index: target.index,
      });
      // A slower answer for a module no longer chosen must not replace the current one.
      if (this.#target !== target) return;
      this.#funcs = funcs;
      this.#problem = null;
    } catch (error) {
      if (this.#target === target) this.#problem = describeProblem(error);
    }
  }

  chooseMethod(method: string): void {
    this.#method = method;
    this.run.reset();
    this.#inputs = Object.fromEntries(
      this.#fieldsOf(this.#funcs, method).map((f) => [f.name, initialInput(f)]),
    );
  }

  setInput(name: string, value: FieldInput): void {
    this.#inputs[name] = value;
  }

  async execute(): Promise<void> {
    const target = this.#target;
    if (!target || !this.#method || this.run.busy) return;
    const built = buildArgs(this.fields, $state.snapshot(this.#inputs));
    if (!built.ok) {
      this.run.fail(localProblem(built.failures));
      return;
    }
    const method = this.#method;
    await this.run.run(async () => {
      const { result } = await this.#api.systems.exec({
        id: this.systemId,
        module: target.module,
        index: target.index,
        method,
        args: built.args,
      });
      return result;
    });
    // Show the device's truth after the command, whether it succeeded or not.
    void this.refreshState();
  }

  async refreshState(): Promise<void> {
    const target = this.#target;
    if (!target) return;
    await this.state.run(() =>
      this.#api.systems.state({ id: this.systemId, module: target.module, index: target.index }),
    );
  }

  #fieldsOf(funcs: Funcs | null, method: string): ParamField[] {
    const func = funcs?.[method];
    return func ? fieldsFor(func) : [];
  }
}
