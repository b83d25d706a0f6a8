import type {
  Dependency,
  Funcs,
  Module,
  ModuleInput,
  ModuleState,
  PingResult,
  System,
  SystemInput,
  Types,
  Zone,
} from '../../contract/domain.ts';
import type {
  CallOptions,
  ControlClientOptions,
  ExecCall,
  ListParams,
  ModuleAddress,
  ModuleListParams,
  Page,
  StateQuery,
  SystemDetail,
  SystemListParams,
} from './calls.ts';
import { MAX_LIMIT, ServiceCaller } from './caller.ts';
import { ClassNames } from './class-names.ts';
import { CurrentDialect } from './dialects/current.ts';
import type { Dialect, DialectParts, ProbeCall } from './dialects/dialect.ts';
import { LegacyDialect } from './dialects/legacy.ts';
import { type Generation, ServiceGeneration } from './generation.ts';

/**
 * ControlClient: every endpoint of the Control Service API (spec §4) plus zones and dependencies
 * (wire contract: Paths), typed, in whichever API generation the service speaks (`service.api`;
 * generation.ts decides, dialects/ say it). Each call has a timeout and takes an optional
 * AbortSignal; every answer is checked against the contract's schemas, so what comes out is what
 * the types say, whichever generation answered.
 */

export type * from './calls.ts';
export { MAX_EXEC_TIMEOUT_MS } from './dialects/dialect.ts';

export class ControlClient {
  readonly #generation: ServiceGeneration;
  readonly #dialects: Record<Generation, Dialect>;

  constructor(options: ControlClientOptions) {
    const parts: DialectParts = {
      caller: new ServiceCaller(options),
      classNames: new ClassNames((o) => this.listDependencies({ limit: MAX_LIMIT }, o)),
      options,
    };
    this.#dialects = { legacy: new LegacyDialect(parts), current: new CurrentDialect(parts) };
    // Without one handed in (one per service, shared with sign-in): the legacy wire contract.
    this.#generation =
      options.generation ??
      new ServiceGeneration({ baseUrl: options.baseUrl, choice: 'legacy', timeoutMs: options.timeoutMs });
  }

  /** Which generation the service speaks: configured, or asked once (`auto`). */
  generation(options?: CallOptions): Promise<Generation> {
    return this.#generation.generation(options?.signal);
  }

  async #dialect(options?: CallOptions): Promise<Dialect> {
    return this.#dialects[await this.generation(options)];
  }

  // ── Systems (spec §4.2) ──────────────────────────────────────────────────────────────────────

  async listSystems(params: SystemListParams = {}, options?: CallOptions): Promise<Page<System>> {
    return (await this.#dialect(options)).listSystems(params, options);
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    return (await this.#dialect(options)).createSystem(input, options);
  }

  async getSystem(id: string, options?: CallOptions): Promise<System> {
    return (await this.#dialect(options)).getSystem(id, options);
  }

  /** The system with its full module and zone records (and its settings), in as few round trips as the generation allows. */
  async getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail> {
    return (await this.#dialect(options)).getSystemDetail(id, options);
  }

  async updateSystem(
    id: string,
    version: number,
    changes: SystemInput,
    options?: CallOptions,
  ): Promise<System> {
    return (await this.#dialect(options)).updateSystem(id, version, changes, options);
  }

  async deleteSystem(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).deleteSystem(id, options);
  }

  async startSystem(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).startSystem(id, options);
  }

  async stopSystem(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).stopSystem(id, options);
  }

  /** Runs a module method and returns its result as the service gave it (`null` for none). */
  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    return (await this.#dialect(options)).exec(id, call, options);
  }

  /** Status keys of a module in the system. With `lookup`, just that key: `{ [lookup]: value }`. */
  async systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState> {
    return (await this.#dialect(options)).systemState(id, query, options);
  }

  async funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs> {
    return (await this.#dialect(options)).funcs(id, address, options);
  }

  /** How many modules of class `module` the system has. */
  async count(id: string, module: string, options?: CallOptions): Promise<number> {
    return (await this.#dialect(options)).count(id, module, options);
  }

  async types(id: string, options?: CallOptions): Promise<Types> {
    return (await this.#dialect(options)).types(id, options);
  }

  // ── Modules (spec §4.3) ──────────────────────────────────────────────────────────────────────

  async listModules(params: ModuleListParams = {}, options?: CallOptions): Promise<Page<Module>> {
    return (await this.#dialect(options)).listModules(params, options);
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    return (await this.#dialect(options)).createModule(input, options);
  }

  async getModule(id: string, options?: CallOptions): Promise<Module> {
    return (await this.#dialect(options)).getModule(id, options);
  }

  async updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module> {
    return (await this.#dialect(options)).updateModule(id, changes, options);
  }

  async deleteModule(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).deleteModule(id, options);
  }

  async startModule(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).startModule(id, options);
  }

  async stopModule(id: string, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).stopModule(id, options);
  }

  async ping(id: string, options?: CallOptions): Promise<PingResult> {
    return (await this.#dialect(options)).ping(id, options);
  }

  async moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState> {
    return (await this.#dialect(options)).moduleState(id, lookup, options);
  }

  // ── Zones and drivers (wire contract: Paths) ─────────────────────────────────────────────────

  async listZones(params: ListParams = {}, options?: CallOptions): Promise<Page<Zone>> {
    return (await this.#dialect(options)).listZones(params, options);
  }

  async listDependencies(params: ListParams = {}, options?: CallOptions): Promise<Page<Dependency>> {
    return (await this.#dialect(options)).listDependencies(params, options);
  }

  /**
   * A request whose only purpose is its refusal (capability probes, core/bridge/capabilities.ts),
   * written in the legacy paths: resolves when the service accepted it, throws the typed error when
   * it did not.
   */
  async probe(request: ProbeCall, options?: CallOptions): Promise<void> {
    return (await this.#dialect(options)).probe(request, options);
  }
}
