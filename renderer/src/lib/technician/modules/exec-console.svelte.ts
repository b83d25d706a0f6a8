import type { Funcs, RoomdeckApi } from '#contract';
import { Action } from '../common/action.svelte.ts';
import { addressesOf, type ModuleAddress } from '../../modules/addressing.ts';
import { argumentFailure, serviceSaid } from '../common/plain-words.ts';
import { describeProblem, INVALID_ARGUMENTS, localProblem, type Problem } from '../common/problem.ts';
import { buildArgs, type FieldInput, fieldsFor, initialInput, type ParamField } from './schema-form.ts';
import { t } from '../../i18n/i18n.svelte.ts';

/** One call made in this session, to read again or run again. */
export interface ExecCall {
  n: number;
  at: number;
  target: ModuleAddress;
  method: string;
  args: unknown[];
  /** What the form held, so the call can be loaded back into it. */
  inputs: Record<string, FieldInput>;
  ok: boolean;
  /** The result as JSON, or the problem in words. */
  outcome: string;
}

const HISTORY = 30;

/**
 * Run any method of any module of a system: pick the module (class + index), the method, fill a
 * form generated from its parameters' JSON Schema, run, and read the result; the module's state is
 * shown live beside it (`runs` tells that view to read at once). Every call of the session is kept
 * in a history that can be run again.
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
  #runs = $state(0);
  #history = $state.raw<ExecCall[]>([]);

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
  /** Counts finished calls: the state view reads again after each. */
  get runs(): number {
    return this.#runs;
  }
  get history(): ExecCall[] {
    return this.#history;
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
    const inputs = $state.snapshot(this.#inputs);
    const built = buildArgs(this.fields, inputs);
    if (!built.ok) {
      this.run.fail(localProblem(built.failures));
      return;
    }
    await this.#call(target, this.#method, built.args, inputs);
  }

  /** Runs a call of the history again, exactly as it was sent. */
  async rerun(call: ExecCall): Promise<void> {
    if (this.run.busy) return;
    await this.#call(call.target, call.method, call.args, call.inputs);
  }

  /** Puts a call of the history back in the form, to change a value and run it. */
  async edit(call: ExecCall): Promise<void> {
    if (this.#target?.id !== call.target.id) await this.chooseTarget(call.target.id);
    this.chooseMethod(call.method);
    for (const [name, value] of Object.entries(call.inputs)) this.setInput(name, value);
  }

  async #call(
    target: ModuleAddress,
    method: string,
    args: unknown[],
    inputs: Record<string, FieldInput>,
  ): Promise<void> {
    const result = await this.run.run(async () => {
      const answer = await this.#api.systems.exec({
        id: this.systemId,
        module: target.module,
        index: target.index,
        method,
        args,
      });
      return answer.result;
    });
    const failed = this.run.phase === 'failed' ? this.run.problem : null;
    if (failed) this.#placeArgumentFailure(failed, method);
    this.#runs += 1;
    const call: ExecCall = {
      n: (this.#history[0]?.n ?? 0) + 1,
      at: Date.now(),
      target,
      method,
      args,
      inputs,
      ok: failed === null,
      outcome: failed === null ? (JSON.stringify(result ?? null) ?? 'null') : failed.message,
    };
    this.#history = [call, ...this.#history].slice(0, HISTORY);
  }

  /** A device's "volume: level must be ≤ 100" goes on the level field, in plain words. */
  #placeArgumentFailure(problem: Problem, method: string): void {
    if (problem.code !== INVALID_ARGUMENTS) return;
    const said = serviceSaid(problem.message);
    const names = this.#fieldsOf(this.#funcs, method).map((f) => f.name);
    const failure = said === null ? null : argumentFailure(said, method, names);
    if (failure)
      this.run.fail({
        ...problem,
        message: t('tech.exec.notAccepted', { field: failure.field, reason: failure.reason }),
        failures: [...problem.failures, failure],
      });
  }

  #fieldsOf(funcs: Funcs | null, method: string): ParamField[] {
    const func = funcs?.[method];
    return func ? fieldsFor(func) : [];
  }
}
