import { ErrorCode } from '../../contract/error-codes.ts';
import { type TSchema, Type } from '@sinclair/typebox';
import { type Clock, systemClock } from './clock.ts';
import { decode, normalizeSystem, readList, unwrapExecResult } from './decode.ts';
import { ServiceError } from './errors.ts';
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
import { normalizeFuncs, normalizePing, readEach, withoutNulls } from './tolerant.ts';
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
  /** Records on this page that could not be read and were left out (one bad room never empties a list). */
  skipped?: number;
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
/**
 * The longest the main process waits for an exec answer, whatever the request timeout. The renderer's
 * own deadline for exec (renderer/src/lib/bridge.ts) is longer, so this side's words, or the service's
 * own `exec_timeout`, always arrive first (pinned by test/renderer/bridge.test.ts).
 */
export const MAX_EXEC_TIMEOUT_MS = 25_000;

type Generation = 'unknown' | 'legacy' | 'current';

const readSystem = (body: unknown): unknown => normalizeSystem(withoutNulls(body));

const isUnreadableRecord = (err: unknown): boolean =>
  err instanceof ServiceError &&
  (err.code === ErrorCode.ROOMDECK_BAD_RESPONSE || err.code === ErrorCode.ROOMDECK_NOT_FOUND);

const CompleteSystem = Type.Object({
  modules: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
  zones: Type.Array(Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())])),
});

export class ControlClient {
  readonly #options: ControlClientOptions;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  #generation: Generation = 'unknown';
  #dependencyNames: Promise<Map<string, string>> | null = null;

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
      readSystem,
    );
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/systems', body: input }, options);
    return decode(System, readSystem(reply.body), 'created system');
  }

  async getSystem(id: string, options?: CallOptions): Promise<System> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/systems/${encodePath(id)}` },
      options,
    );
    return decode(System, readSystem(reply.body), 'system');
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
      readSystem({ ...(reply.body as object), modules: moduleIds, zones: zoneIds }),
      'complete system',
    );
    // One module the client cannot read leaves that part of the room out, not the whole room.
    const embedded = readEach(raw.modules, (m) =>
      typeof m === 'string' ? m : decode(Module, withoutNulls(m), 'module'),
    ).items;
    const fetched = await Promise.allSettled(
      embedded.map((m) => (typeof m === 'string' ? this.getModule(m, options) : Promise.resolve(m))),
    );
    const modules = await this.#withClassNames(
      fetched.flatMap((r) => {
        if (r.status === 'fulfilled') return [r.value];
        // Unreadable or gone: leave it out. Anything else (the link, the session) fails the room.
        if (isUnreadableRecord(r.reason)) return [];
        throw r.reason;
      }),
      options,
    );
    const zones = raw.zones.every((z) => typeof z !== 'string')
      ? readEach(raw.zones, (z) => decode(Zone, withoutNulls(z), 'zone')).items
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
    return decode(System, readSystem(reply.body), 'updated system');
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
        timeoutMs:
          this.#options.execTimeoutMs ??
          Math.min(MAX_EXEC_TIMEOUT_MS, Math.max(this.#options.timeoutMs, MIN_EXEC_TIMEOUT_MS)),
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
    return decode(Funcs, normalizeFuncs(reply.body), 'funcs');
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

  async listModules(params: ModuleListParams = {}, options?: CallOptions): Promise<Page<Module>> {
    const page = await this.#list(
      '/api/control/modules',
      Module,
      params,
      { system_id: params.systemId, dependency_id: params.dependencyId },
      options,
      withoutNulls,
    );
    return { ...page, items: await this.#withClassNames(page.items, options) };
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call({ method: 'POST', path: '/api/control/modules', body: input }, options);
    return this.#readModule(reply.body, 'created module', options);
  }

  async getModule(id: string, options?: CallOptions): Promise<Module> {
    const reply = await this.#call(
      { method: 'GET', path: `/api/control/modules/${encodePath(id)}` },
      options,
    );
    return this.#readModule(reply.body, 'module', options);
  }

  async updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module> {
    const reply = await this.#call(
      { method: 'PUT', path: `/api/control/modules/${encodePath(id)}`, body: changes },
      options,
    );
    return this.#readModule(reply.body, 'updated module', options);
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
    return decode(PingResult, normalizePing(reply.body), 'ping result');
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
    return this.#list('/api/control/zones', Zone, params, {}, options, withoutNulls);
  }

  listDependencies(params: ListParams = {}, options?: CallOptions): Promise<Page<Dependency>> {
    return this.#list('/api/control/dependencies', Dependency, params, {}, options, withoutNulls);
  }

  /**
   * A request whose only purpose is its refusal (capability probes, electron/bridge/capabilities.ts):
   * resolves when the service accepted it, throws the typed error when it did not.
   */
  async probe(
    request: { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown },
    options?: CallOptions,
  ): Promise<void> {
    await this.#call(request, options);
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
    const { items, skipped } = readEach(list.items, (item, i) =>
      decode(schema, normalize(item), `${path}[${i}]`),
    );
    return skipped === 0
      ? { items, total: list.total, offset, limit }
      : { items, total: list.total, offset, limit, skipped };
  }

  #state(body: unknown, lookup: string | undefined): ModuleState {
    if (lookup !== undefined) return { [lookup]: body ?? null };
    return decode(ModuleState, body, 'state');
  }

  async #readModule(body: unknown, what: string, options?: CallOptions): Promise<Module> {
    const [module] = await this.#withClassNames([decode(Module, withoutNulls(body), what)], options);
    return module as Module;
  }

  /**
   * The wire contract's `name` (the driver's default class name) is not in the spec, so some
   * services leave it out. A module without it and without `custom_name` takes its driver's name,
   * so that addressing it by class (exec, state) works. The drivers are read once, when needed.
   */
  async #withClassNames(modules: Module[], options?: CallOptions): Promise<Module[]> {
    if (modules.every((m) => m.name !== undefined || (m.custom_name ?? '') !== '')) return modules;
    this.#dependencyNames ??= this.listDependencies({ limit: MAX_LIMIT }, options).then(
      (page) => new Map(page.items.map((d) => [d.id, d.name])),
      () => new Map<string, string>(),
    );
    const names = await this.#dependencyNames;
    return modules.map((m) => {
      if (m.name !== undefined || (m.custom_name ?? '') !== '') return m;
      const name = names.get(m.dependency_id);
      return name === undefined ? m : { ...m, name };
    });
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
