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
} from '../../../contract/domain.ts';
import type {
  CallOptions,
  ExecCall,
  ListParams,
  ModuleAddress,
  ModuleListParams,
  Page,
  StateQuery,
  SystemDetail,
  SystemListParams,
} from '../calls.ts';
import type { CallRequest } from '../caller.ts';
import { decode, unwrapExecResult } from '../decode.ts';
import { readSystem, readSystemDetail } from '../system-detail.ts';
import { normalizeFuncs, normalizePing, withoutNulls } from '../tolerant.ts';
import { encodePath } from '../transport.ts';
import { type Dialect, type DialectParts, execTimeoutOf, type ProbeCall } from './dialect.ts';

/**
 * The legacy generation as the wire contract fixes it (`/api/control`, spec §4): lists of 20 by
 * default, exec as `{module, index, method, args}` to `…/exec`, state by query, errors with a `code`
 * (service-errors.ts). It also reads the older shapes real legacy deployments send (the list
 * envelope, exec results wrapped in an array, the Ruby funcs shape).
 */

const BASE = '/api/control';
/** The spec's list default (§8). */
const DEFAULT_LIMIT = 20;

const systemPath = (id: string, action = ''): string => `${BASE}/systems/${encodePath(id)}${action}`;
const modulePath = (id: string, action = ''): string => `${BASE}/modules/${encodePath(id)}${action}`;

export class LegacyDialect implements Dialect {
  readonly generation = 'legacy' as const;
  readonly #parts: DialectParts;

  constructor(parts: DialectParts) {
    this.#parts = parts;
  }

  listSystems(params: SystemListParams, options?: CallOptions): Promise<Page<System>> {
    const filters = { zone_id: params.zoneId, module_id: params.moduleId };
    return this.#list(`${BASE}/systems`, System, params, filters, options, readSystem);
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    const reply = await this.#call({ method: 'POST', path: `${BASE}/systems`, body: input }, options);
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
      withClassNames: (modules: Module[], o?: CallOptions) => this.#parts.classNames.fill(modules, o),
      listZones: (params: ListParams, o?: CallOptions) => this.listZones(params, o),
    };
    return readSystemDetail(reply.body, from, options);
  }

  async updateSystem(id: string, version: number, changes: SystemInput, options?: CallOptions) {
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

  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    const reply = await this.#call(
      {
        method: 'POST',
        path: systemPath(id, '/exec'),
        body: { module: call.module, index: call.index ?? 1, method: call.method, args: call.args ?? [] },
        exec: true,
        timeoutMs: execTimeoutOf(this.#parts.options),
      },
      options,
    );
    return unwrapExecResult(reply.body ?? null, this.#parts.caller.mayWrapExecResults);
  }

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

  async listModules(params: ModuleListParams, options?: CallOptions): Promise<Page<Module>> {
    const filters = { system_id: params.systemId, dependency_id: params.dependencyId };
    const page = await this.#list(`${BASE}/modules`, Module, params, filters, options, withoutNulls);
    return { ...page, items: await this.#parts.classNames.fill(page.items, options) };
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'POST', path: `${BASE}/modules`, body: input }, options);
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

  listZones(params: ListParams, options?: CallOptions): Promise<Page<Zone>> {
    return this.#list(`${BASE}/zones`, Zone, params, {}, options, withoutNulls);
  }

  listDependencies(params: ListParams, options?: CallOptions): Promise<Page<Dependency>> {
    return this.#list(`${BASE}/dependencies`, Dependency, params, {}, options, withoutNulls);
  }

  async probe(request: ProbeCall, options?: CallOptions): Promise<void> {
    await this.#call(request, options);
  }

  #call(request: CallRequest, options?: CallOptions) {
    return this.#parts.caller.call(request, options);
  }

  #list<S extends Parameters<typeof decode>[0]>(
    path: string,
    schema: S,
    params: ListParams,
    filters: Record<string, string | undefined>,
    options: CallOptions | undefined,
    normalize: (item: unknown) => unknown,
  ) {
    return this.#parts.caller.list(
      { path, schema, params, filters, normalize, defaultLimit: DEFAULT_LIMIT },
      options,
    );
  }

  async #readModule(body: unknown, what: string, options?: CallOptions): Promise<Module> {
    const [module] = await this.#parts.classNames.fill([decode(Module, withoutNulls(body), what)], options);
    return module as Module;
  }
}

function readState(body: unknown, lookup: string | undefined): ModuleState {
  if (lookup !== undefined) return { [lookup]: body ?? null };
  return decode(ModuleState, body, 'state');
}
