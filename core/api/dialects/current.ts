import { Funcs, type Module, ModuleState, System, type SystemInput } from '../../../contract/domain.ts';
import type { CallOptions, ExecCall, ListParams, ModuleAddress, StateQuery, SystemDetail } from '../calls.ts';
import type { CallRequest } from '../caller.ts';
import { decode } from '../decode.ts';
import { LinkError, VersionConflictError } from '../errors.ts';
import { readSystem, readSystemDetail } from '../system-detail.ts';
import { normalizeFuncs, withoutNulls } from '../tolerant.ts';
import { encodePath } from '../transport.ts';
import { currentErrorFrom } from './current-errors.ts';
import {
  collateSettings,
  currentModuleInput,
  decodeState,
  readCurrentDriver,
  readCurrentModule,
} from './current-wire.ts';
import { type Dialect, type DialectParts, execTimeoutOf, type ProbeCall } from './dialect.ts';
import { RestDialect } from './rest-dialect.ts';

/**
 * The current generation, PlaceOS's `/api/engine/v2` (placeos-generations.md §1C–§4): lists of 100
 * by default with their totals in headers, create 201 and delete 202, a module addressed by its
 * `Class_N` slug for exec (the arguments array as the body), state (JSON text values) and
 * functions, `?version=` on updates, `driver_id`/`control_system_id` for filters, drivers for
 * dependencies, no `count` (read from types), and a system's settings at `/systems/:id/settings`.
 */

const BASE = '/api/engine/v2';
/** rest-api's `search_limit` default (§1C, Lists (C)). */
const DEFAULT_LIMIT = 100;

/** `Display_2`; the index always written, so a class named `My_Display` stays itself (§1C notes). */
const slugOf = (address: ModuleAddress): string => encodePath(`${address.module}_${address.index ?? 1}`);

const plainErrors: CallRequest['errorFrom'] = (response) => currentErrorFrom(response, false);
const execErrors: CallRequest['errorFrom'] = (response) => currentErrorFrom(response, true);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class CurrentDialect extends RestDialect implements Dialect {
  readonly generation = 'current' as const;

  constructor(parts: DialectParts) {
    super(parts, {
      base: BASE,
      defaultLimit: DEFAULT_LIMIT,
      errorFrom: plainErrors,
      readModule: readCurrentModule,
      moduleInput: currentModuleInput,
      moduleFilters: (params) => ({ control_system_id: params.systemId, driver_id: params.dependencyId }),
      dependencies: { path: '/drivers', normalize: readCurrentDriver },
    });
  }

  /**
   * `complete=true` gives `module_data` and `zone_data` beside the ids; the settings come from
   * their own route, asked for at the same time. Records missing from the data are fetched one by
   * one (readSystemDetail), as for a legacy service that ignores `complete`.
   */
  async getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail> {
    const settings = this.#settings(id, options);
    settings.catch(() => undefined);
    const reply = await this.call(
      { method: 'GET', path: this.systemPath(id), query: { complete: true } },
      options,
    );
    const body = isRecord(reply.body) ? reply.body : {};
    const byId = (data: unknown, read: (record: unknown) => unknown) =>
      new Map(
        (Array.isArray(data) ? data : []).filter(isRecord).map((record) => [String(record.id), read(record)]),
      );
    const modules = byId(body.module_data, readCurrentModule);
    const zones = byId(body.zone_data, withoutNulls);
    const { module_data: _m, zone_data: _z, ...system } = body;
    const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : value);
    const collated = await settings;
    const shaped = {
      ...system,
      modules: (ids(system.modules) as string[] | undefined)?.map((m) => modules.get(m) ?? m),
      zones: (ids(system.zones) as string[] | undefined)?.map((z) => zones.get(z) ?? z),
      ...(collated === undefined ? {} : { settings: collated }),
    };
    const from = {
      getModule: (moduleId: string, o?: CallOptions) => this.getModule(moduleId, o),
      withClassNames: (list: Module[], o?: CallOptions) => this.parts.classNames.fill(list, o),
      listZones: (params: ListParams, o?: CallOptions) => this.listZones(params, o),
    };
    return readSystemDetail(shaped, from, options);
  }

  async updateSystem(id: string, version: number, changes: SystemInput, options?: CallOptions) {
    try {
      const reply = await this.call(
        { method: 'PUT', path: this.systemPath(id), query: { version }, body: changes },
        options,
      );
      return decode(System, readSystem(reply.body), 'updated system');
    } catch (err) {
      // C's 409 names no current version ("Attempting to edit an old System version"); the
      // editor offers to reload with it, so it is read, as the legacy answer carries it.
      if (!(err instanceof VersionConflictError) || err.currentVersion !== null) throw err;
      const current = await this.getSystem(id, options).catch(() => null);
      throw new VersionConflictError(current?.version ?? null, { cause: err.cause });
    }
  }

  /** The method's raw return value (C does not wrap it); `null` for none. */
  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    const reply = await this.call(
      {
        method: 'POST',
        path: this.systemPath(id, `/${slugOf(call)}/${encodePath(call.method)}`),
        body: call.args ?? [],
        exec: true,
        errorFrom: execErrors,
        timeoutMs: execTimeoutOf(this.parts.options),
      },
      options,
    );
    return reply.body ?? null;
  }

  async systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState> {
    if (query.lookup !== undefined) {
      // The lookup route answers the parsed value itself (§3 state).
      const path = this.systemPath(id, `/${slugOf(query)}/${encodePath(query.lookup)}`);
      const reply = await this.call({ method: 'GET', path }, options);
      return { [query.lookup]: reply.body ?? null };
    }
    const reply = await this.call({ method: 'GET', path: this.systemPath(id, `/${slugOf(query)}`) }, options);
    return decode(ModuleState, decodeState(reply.body), 'state');
  }

  async funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs> {
    const reply = await this.call(
      { method: 'GET', path: this.systemPath(id, `/functions/${slugOf(address)}`) },
      options,
    );
    return decode(Funcs, normalizeFuncs(reply.body), 'funcs');
  }

  /** C has no count route (§3 count): the system's types say it. */
  async count(id: string, module: string, options?: CallOptions): Promise<number> {
    const types = await this.types(id, options);
    return Object.hasOwn(types, module) ? (types[module] ?? 0) : 0;
  }

  /**
   * The whole state, decoded, even for one key: C's `state/:key` is declared to answer a String
   * (the JSON text, double-encoded) and a missing key is an error there, not `null` (§3 state).
   */
  async moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.call({ method: 'GET', path: this.modulePath(id, '/state') }, options);
    const state = decode(ModuleState, decodeState(reply.body), 'state');
    if (lookup === undefined) return state;
    return { [lookup]: Object.hasOwn(state, lookup) ? (state[lookup] ?? null) : null };
  }

  /** The legacy probe said in C's words: the path's prefix, exec by slug, the version in the query. */
  async probe(request: ProbeCall, options?: CallOptions): Promise<void> {
    const path = request.path.replace(/^\/api\/control\//, `${BASE}/`);
    const exec = /^(.*\/systems\/[^/]+)\/exec$/.exec(path);
    const body = isRecord(request.body) ? request.body : undefined;
    if (exec?.[1] !== undefined && body !== undefined) {
      const address = { module: String(body.module), index: Number(body.index ?? 1) };
      const target = `${exec[1]}/${slugOf(address)}/${encodePath(String(body.method))}`;
      await this.call(
        { method: 'POST', path: target, body: body.args ?? [], errorFrom: execErrors },
        options,
      );
      return;
    }
    if (request.method === 'PUT' && /\/systems\/[^/]+$/.test(path) && body !== undefined) {
      const { version, ...changes } = body;
      await this.call(
        { method: 'PUT', path, query: { version: Number(version ?? 0) }, body: changes },
        options,
      );
      return;
    }
    await this.call({ ...request, path }, options);
  }

  /** The room's settings, or none when the account may not read them (rest-api: admins only). */
  async #settings(id: string, options?: CallOptions): Promise<Record<string, unknown> | undefined> {
    try {
      const reply = await this.call({ method: 'GET', path: this.systemPath(id, '/settings') }, options);
      return collateSettings(reply.body);
    } catch (err) {
      // No link, no room (as for the record itself); a refusal leaves the panel its automatic layout.
      if (err instanceof LinkError) throw err;
      return undefined;
    }
  }
}
