import {
  Count,
  Dependency,
  Funcs,
  Module,
  type ModuleInput,
  ModuleState,
  PingResult,
  System,
  type SystemInput,
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
import { type CallRequest, MAX_LIMIT, ServiceCaller } from './caller.ts';
import { ClassNames } from './class-names.ts';
import { decode, unwrapExecResult } from './decode.ts';
import { readSystem, readSystemDetail } from './system-detail.ts';
import { normalizeFuncs, normalizePing, withoutNulls } from './tolerant.ts';
import { encodePath } from './transport.ts';

/**
 * ControlClient: every endpoint of the Control Service API (spec §4) plus zones and dependencies
 * (wire contract: Paths), typed. Each call has a timeout and takes an optional AbortSignal; every
 * answer is checked against the contract's schemas, so what comes out is what the types say. The
 * requests themselves are caller.ts's; a room read in one go is system-detail.ts's.
 */

export type * from './calls.ts';

const MIN_EXEC_TIMEOUT_MS = 20_000;
/**
 * The longest the main process waits for an exec answer, whatever the request timeout. The renderer's
 * own deadline for exec (renderer/src/lib/bridge.ts) is longer, so this side's words, or the service's
 * own `exec_timeout`, always arrive first (pinned by test/renderer/bridge.test.ts).
 */
export const MAX_EXEC_TIMEOUT_MS = 25_000;

const systemPath = (id: string, action = ''): string => `/api/control/systems/${encodePath(id)}${action}`;
const modulePath = (id: string, action = ''): string => `/api/control/modules/${encodePath(id)}${action}`;

export class ControlClient {
  readonly #options: ControlClientOptions;
  readonly #caller: ServiceCaller;
  readonly #classNames = new ClassNames((options) => this.listDependencies({ limit: MAX_LIMIT }, options));

  constructor(options: ControlClientOptions) {
    this.#options = options;
    this.#caller = new ServiceCaller(options);
  }

  // ── Systems (spec §4.2) ──────────────────────────────────────────────────────────────────────

  listSystems(params: SystemListParams = {}, options?: CallOptions): Promise<Page<System>> {
    const filters = { zone_id: params.zoneId, module_id: params.moduleId };
    return this.#caller.list('/api/control/systems', System, params, filters, options, readSystem);
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/systems', body: input }, options);
    return decode(System, readSystem(reply.body), 'created system');
  }

  async getSystem(id: string, options?: CallOptions): Promise<System> {
    const reply = await this.#call({ method: 'GET', path: systemPath(id) }, options);
    return decode(System, readSystem(reply.body), 'system');
  }

  /**
   * Retrieve with `complete=true`: one round trip for the system and its full module and zone
   * records. A service that ignores `complete` still works: the records are then fetched separately.
   */
  async getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail> {
    const reply = await this.#call(
      { method: 'GET', path: systemPath(id), query: { complete: true } },
      options,
    );
    const from = {
      getModule: (moduleId: string, o?: CallOptions) => this.getModule(moduleId, o),
      withClassNames: (modules: Module[], o?: CallOptions) => this.#classNames.fill(modules, o),
      listZones: (params: ListParams, o?: CallOptions) => this.listZones(params, o),
    };
    return readSystemDetail(reply.body, from, options);
  }

  async updateSystem(
    id: string,
    version: number,
    changes: SystemInput,
    options?: CallOptions,
  ): Promise<System> {
    const reply = await this.#call(
      { method: 'PUT', path: systemPath(id), body: { ...changes, version } },
      options,
    );
    return decode(System, readSystem(reply.body), 'updated system');
  }

  async deleteSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'DELETE', path: systemPath(id) }, options);
  }

  async startSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: systemPath(id, '/start') }, options);
  }

  async stopSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: systemPath(id, '/stop') }, options);
  }

  /** Runs a module method and returns its result as the service gave it (`null` for none). */
  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    const reply = await this.#call(
      {
        method: 'POST',
        path: systemPath(id, '/exec'),
        body: { module: call.module, index: call.index ?? 1, method: call.method, args: call.args ?? [] },
        exec: true,
        timeoutMs:
          this.#options.execTimeoutMs ??
          Math.min(MAX_EXEC_TIMEOUT_MS, Math.max(this.#options.timeoutMs, MIN_EXEC_TIMEOUT_MS)),
      },
      options,
    );
    return unwrapExecResult(reply.body ?? null, this.#caller.mayWrapExecResults);
  }

  /** Status keys of a module in the system. With `lookup`, just that key: `{ [lookup]: value }`. */
  async systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.#call(
      {
        method: 'GET',
        path: systemPath(id, '/state'),
        query: { module: query.module, index: query.index, lookup: query.lookup },
      },
      options,
    );
    return readState(reply.body, query.lookup);
  }

  async funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs> {
    const reply = await this.#call(
      {
        method: 'GET',
        path: systemPath(id, '/funcs'),
        query: { module: address.module, index: address.index },
      },
      options,
    );
    return decode(Funcs, normalizeFuncs(reply.body), 'funcs');
  }

  /** How many modules of class `module` the system has. */
  async count(id: string, module: string, options?: CallOptions): Promise<number> {
    const reply = await this.#call(
      { method: 'GET', path: systemPath(id, '/count'), query: { module } },
      options,
    );
    // Tolerate a bare number: the spec shows no shape for count (§4.4).
    if (typeof reply.body === 'number') return decode(Count, { count: reply.body }, 'count').count;
    return decode(Count, reply.body, 'count').count;
  }

  async types(id: string, options?: CallOptions): Promise<Types> {
    const reply = await this.#call({ method: 'GET', path: systemPath(id, '/types') }, options);
    return decode(Types, reply.body, 'types');
  }

  // ── Modules (spec §4.3) ──────────────────────────────────────────────────────────────────────

  async listModules(params: ModuleListParams = {}, options?: CallOptions): Promise<Page<Module>> {
    const filters = { system_id: params.systemId, dependency_id: params.dependencyId };
    const page = await this.#caller.list(
      '/api/control/modules',
      Module,
      params,
      filters,
      options,
      withoutNulls,
    );
    return { ...page, items: await this.#classNames.fill(page.items, options) };
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/modules', body: input }, options);
    return this.#readModule(reply.body, 'created module', options);
  }

  async getModule(id: string, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'GET', path: modulePath(id) }, options);
    return this.#readModule(reply.body, 'module', options);
  }

  async updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'PUT', path: modulePath(id), body: changes }, options);
    return this.#readModule(reply.body, 'updated module', options);
  }

  async deleteModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'DELETE', path: modulePath(id) }, options);
  }

  async startModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: modulePath(id, '/start') }, options);
  }

  async stopModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: modulePath(id, '/stop') }, options);
  }

  async ping(id: string, options?: CallOptions): Promise<PingResult> {
    const reply = await this.#call({ method: 'POST', path: modulePath(id, '/ping') }, options);
    return decode(PingResult, normalizePing(reply.body), 'ping result');
  }

  async moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.#call(
      { method: 'GET', path: modulePath(id, '/state'), query: { lookup } },
      options,
    );
    return readState(reply.body, lookup);
  }

  // ── Zones and drivers (wire contract: Paths) ─────────────────────────────────────────────────

  listZones(params: ListParams = {}, options?: CallOptions): Promise<Page<Zone>> {
    return this.#caller.list('/api/control/zones', Zone, params, {}, options, withoutNulls);
  }

  listDependencies(params: ListParams = {}, options?: CallOptions): Promise<Page<Dependency>> {
    return this.#caller.list('/api/control/dependencies', Dependency, params, {}, options, withoutNulls);
  }

  /**
   * A request whose only purpose is its refusal (capability probes, core/bridge/capabilities.ts):
   * resolves when the service accepted it, throws the typed error when it did not.
   */
  async probe(
    request: { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown },
    options?: CallOptions,
  ): Promise<void> {
    await this.#call(request, options);
  }

  #call(request: CallRequest, options?: CallOptions) {
    return this.#caller.call(request, options);
  }

  async #readModule(body: unknown, what: string, options?: CallOptions): Promise<Module> {
    const [module] = await this.#classNames.fill([decode(Module, withoutNulls(body), what)], options);
    return module as Module;
  }
}

function readState(body: unknown, lookup: string | undefined): ModuleState {
  if (lookup !== undefined) return { [lookup]: body ?? null };
  return decode(ModuleState, body, 'state');
}
