import { type TSchema, Type } from '@sinclair/typebox';
import { type Clock, systemClock } from './clock.ts';
import { decode, normalizeSystem, readList, unwrapExecResult } from './decode.ts';
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
} from './schemas.ts';
import {
  type AccessTokenSource,
  type ApiReply,
  type ApiRequest,
  encodePath,
  type QueryValue,
  send,
} from './transport.ts';

/**
 * ControlClient: every endpoint of the Control Service API (spec §4) plus zones and dependencies
 * (wire contract: Paths), typed. Each call has a timeout and takes an optional AbortSignal; every
 * answer is checked against schemas.ts, so what comes out is what the types say.
 */

export interface ControlClientOptions {
  /** The service's base URL, e.g. `https://control.example.org`. */
  baseUrl: string;
  auth: AccessTokenSource;
  /** Per HTTP attempt. */
  timeoutMs: number;
  /**
   * Exec waits on the device (wire contract: up to 15 s by default), so it gets longer than other
   * calls: the service's own `exec_timeout` answer says more than our giving up would.
   */
  execTimeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ListParams {
  q?: string;
  limit?: number;
  offset?: number;
}
export interface SystemListParams extends ListParams {
  zoneId?: string;
  moduleId?: string;
}
export interface ModuleListParams extends ListParams {
  systemId?: string;
  dependencyId?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/** A module inside a system: class name and 1-based index among the system's modules of that class. */
export interface ModuleAddress {
  module: string;
  index?: number;
}
export interface StateQuery extends ModuleAddress {
  lookup?: string;
}
export interface ExecCall extends ModuleAddress {
  method: string;
  args?: unknown[];
}

export interface SystemDetail {
  system: System;
  modules: Module[];
  zones: Zone[];
}

/** The spec's list default (§8). */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 500;
const MIN_EXEC_TIMEOUT_MS = 20_000;

type Generation = 'unknown' | 'legacy' | 'current';

const CompleteSystem = Type.Object({
  modules: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
  zones: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
});

export class ControlClient {
  readonly #options: ControlClientOptions;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  #generation: Generation = 'unknown';

  constructor(options: ControlClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#clock = options.clock ?? systemClock;
  }

  // ── Systems (spec §4.2) ──────────────────────────────────────────────────────────────────────

  listSystems(params: SystemListParams = {}, options?: CallOptions): Promise<Page<System>> {
    return this.#list(
      '/api/control/systems',
      System,
      params,
      { zone_id: params.zoneId, module_id: params.moduleId },
      options,
      normalizeSystem,
    );
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/systems', body: input }, options);
    return decode(System, normalizeSystem(reply.body), 'created system');
  }

  async getSystem(id: string, options?: CallOptions): Promise<System> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/systems/${encodePath(id)}` },
      options,
    );
    return decode(System, normalizeSystem(reply.body), 'system');
  }

  /**
   * Retrieve with `complete=true`: one round trip for the system and its full module and zone
   * records. The system comes back with ids in `modules`/`zones`, as everywhere else. A service
   * that ignores `complete` still works: the records are then fetched separately.
   */
  async getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/systems/${encodePath(id)}`, query: { complete: true } },
      options,
    );
    const raw = decode(CompleteSystem, reply.body, 'complete system');
    const moduleIds = raw.modules.map((m) => (typeof m === 'string' ? m : String(m.id)));
    const zoneIds = raw.zones.map((z) => (typeof z === 'string' ? z : String(z.id)));
    const system = decode(
      System,
      normalizeSystem({ ...(reply.body as object), modules: moduleIds, zones: zoneIds }),
      'complete system',
    );
    const modules = await Promise.all(
      raw.modules.map((m) =>
        typeof m === 'string' ? this.getModule(m, options) : decode(Module, m, 'module'),
      ),
    );
    const zones = raw.zones.every((z) => typeof z !== 'string')
      ? raw.zones.map((z) => decode(Zone, z, 'zone'))
      : await this.#zonesById(zoneIds, options);
    return { system, modules, zones };
  }

  async updateSystem(
    id: string,
    version: number,
    changes: SystemInput,
    options?: CallOptions,
  ): Promise<System> {
    const reply = await this.#call(
      { method: 'PUT', path: `/api/control/systems/${encodePath(id)}`, body: { ...changes, version } },
      options,
    );
    return decode(System, normalizeSystem(reply.body), 'updated system');
  }

  async deleteSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'DELETE', path: `/api/control/systems/${encodePath(id)}` }, options);
  }

  async startSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: `/api/control/systems/${encodePath(id)}/start` }, options);
  }

  async stopSystem(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: `/api/control/systems/${encodePath(id)}/stop` }, options);
  }

  /** Runs a module method and returns its result as the service gave it (`null` for none). */
  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    const reply = await this.#call(
      {
        method: 'POST',
        path: `/api/control/systems/${encodePath(id)}/exec`,
        body: { module: call.module, index: call.index ?? 1, method: call.method, args: call.args ?? [] },
        exec: true,
        timeoutMs: this.#options.execTimeoutMs ?? Math.max(this.#options.timeoutMs, MIN_EXEC_TIMEOUT_MS),
      },
      options,
    );
    return unwrapExecResult(reply.body ?? null, this.#generation !== 'current');
  }

  /** Status keys of a module in the system. With `lookup`, just that key: `{ [lookup]: value }`. */
  async systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.#call(
      {
        method: 'GET',
        path: `/api/control/systems/${encodePath(id)}/state`,
        query: { module: query.module, index: query.index, lookup: query.lookup },
      },
      options,
    );
    return this.#state(reply.body, query.lookup);
  }

  async funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs> {
    const reply = await this.#call(
      {
        method: 'GET',
        path: `/api/control/systems/${encodePath(id)}/funcs`,
        query: { module: address.module, index: address.index },
      },
      options,
    );
    return decode(Funcs, reply.body, 'funcs');
  }

  /** How many modules of class `module` the system has. */
  async count(id: string, module: string, options?: CallOptions): Promise<number> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/systems/${encodePath(id)}/count`, query: { module } },
      options,
    );
    // Tolerate a bare number: the spec shows no shape for count (§4.4).
    if (typeof reply.body === 'number') return decode(Count, { count: reply.body }, 'count').count;
    return decode(Count, reply.body, 'count').count;
  }

  async types(id: string, options?: CallOptions): Promise<Types> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/systems/${encodePath(id)}/types` },
      options,
    );
    return decode(Types, reply.body, 'types');
  }

  // ── Modules (spec §4.3) ──────────────────────────────────────────────────────────────────────

  listModules(params: ModuleListParams = {}, options?: CallOptions): Promise<Page<Module>> {
    return this.#list(
      '/api/control/modules',
      Module,
      params,
      { system_id: params.systemId, dependency_id: params.dependencyId },
      options,
    );
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/modules', body: input }, options);
    return decode(Module, reply.body, 'created module');
  }

  async getModule(id: string, options?: CallOptions): Promise<Module> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/modules/${encodePath(id)}` },
      options,
    );
    return decode(Module, reply.body, 'module');
  }

  async updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call(
      { method: 'PUT', path: `/api/control/modules/${encodePath(id)}`, body: changes },
      options,
    );
    return decode(Module, reply.body, 'updated module');
  }

  async deleteModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'DELETE', path: `/api/control/modules/${encodePath(id)}` }, options);
  }

  async startModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: `/api/control/modules/${encodePath(id)}/start` }, options);
  }

  async stopModule(id: string, options?: CallOptions): Promise<void> {
    await this.#call({ method: 'POST', path: `/api/control/modules/${encodePath(id)}/stop` }, options);
  }

  async ping(id: string, options?: CallOptions): Promise<PingResult> {
    const reply = await this.#call(
      { method: 'POST', path: `/api/control/modules/${encodePath(id)}/ping` },
      options,
    );
    return decode(PingResult, reply.body, 'ping result');
  }

  async moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/modules/${encodePath(id)}/state`, query: { lookup } },
      options,
    );
    return this.#state(reply.body, lookup);
  }

  // ── Zones and drivers (wire contract: Paths) ─────────────────────────────────────────────────

  listZones(params: ListParams = {}, options?: CallOptions): Promise<Page<Zone>> {
    return this.#list('/api/control/zones', Zone, params, {}, options);
  }

  listDependencies(params: ListParams = {}, options?: CallOptions): Promise<Page<Dependency>> {
    return this.#list('/api/control/dependencies', Dependency, params, {}, options);
  }

  // ── Plumbing ─────────────────────────────────────────────────────────────────────────────────

  #call(request: Omit<ApiRequest, 'timeoutMs' | 'signal'> & { timeoutMs?: number }, options?: CallOptions) {
    return send(
      {
        baseUrl: this.#options.baseUrl,
        auth: this.#options.auth,
        fetch: this.#fetch,
        clock: this.#clock,
        observe: (reply) => this.#observe(reply),
      },
      { ...request, timeoutMs: request.timeoutMs ?? this.#options.timeoutMs, signal: options?.signal },
    );
  }

  /** Headers only the current generation sends tell us not to unwrap exec results. */
  #observe(reply: ApiReply): void {
    if (reply.headers.has('x-total-count') || reply.status === 201) this.#generation = 'current';
  }

  async #list<S extends TSchema>(
    path: string,
    schema: S,
    params: ListParams,
    filters: Record<string, QueryValue>,
    options: CallOptions | undefined,
    normalize: (item: unknown) => unknown = (item) => item,
  ): Promise<Page<S['static']>> {
    const offset = params.offset ?? 0;
    const limit = Math.min(params.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const reply = await this.#call(
      { method: 'GET', path, query: { q: params.q, limit, offset, ...filters } },
      options,
    );
    const list = readList(reply.body, reply.headers.get('x-total-count'), offset, path);
    if (!Array.isArray(reply.body) && this.#generation === 'unknown') this.#generation = 'legacy';
    const items = list.items.map((item, i) => decode(schema, normalize(item), `${path}[${i}]`));
    return { items, total: list.total, offset, limit };
  }

  #state(body: unknown, lookup: string | undefined): ModuleState {
    if (lookup !== undefined) return { [lookup]: body ?? null };
    return decode(ModuleState, body, 'state');
  }

  async #zonesById(ids: string[], options?: CallOptions): Promise<Zone[]> {
    if (ids.length === 0) return [];
    const all = await this.listZones({ limit: MAX_LIMIT }, options);
    const byId = new Map(all.items.map((z) => [z.id, z]));
    return ids.flatMap((id) => {
      const zone = byId.get(id);
      return zone === undefined ? [] : [zone];
    });
  }
}
