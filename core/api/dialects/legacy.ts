import {
  Count,
  Funcs,
  type Module,
  ModuleState,
  System,
  type SystemInput,
} from '../../../contract/domain.ts';
import type { CallOptions, ExecCall, ListParams, ModuleAddress, StateQuery, SystemDetail } from '../calls.ts';
import { decode, unwrapExecResult } from '../decode.ts';
import { readSystem, readSystemDetail } from '../system-detail.ts';
import { normalizeFuncs, withoutNulls } from '../tolerant.ts';
import { type Dialect, type DialectParts, execTimeoutOf, type ProbeCall } from './dialect.ts';
import { RestDialect } from './rest-dialect.ts';

/**
 * The legacy generation as the wire contract fixes it (`/api/control`, spec §4): lists of 20 by
 * default, exec as `{module, index, method, args}` to `…/exec`, state by query, errors with a `code`
 * (service-errors.ts). It also reads the older shapes real legacy deployments send (the list
 * envelope, exec results wrapped in an array, the Ruby funcs shape).
 */

const BASE = '/api/control';
/** The spec's list default (§8). */
const DEFAULT_LIMIT = 20;

export class LegacyDialect extends RestDialect implements Dialect {
  readonly generation = 'legacy' as const;

  constructor(parts: DialectParts) {
    super(parts, {
      base: BASE,
      defaultLimit: DEFAULT_LIMIT,
      readModule: withoutNulls,
      moduleInput: (input) => input,
      moduleFilters: (params) => ({ system_id: params.systemId, dependency_id: params.dependencyId }),
      dependencies: { path: '/dependencies', normalize: withoutNulls },
    });
  }

  /**
   * Retrieve with `complete=true`: one round trip for the system and its full module and zone
   * records. A service that ignores `complete` still works: the records are then fetched separately.
   */
  async getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail> {
    const reply = await this.call(
      { method: 'GET', path: this.systemPath(id), query: { complete: true } },
      options,
    );
    const from = {
      getModule: (moduleId: string, o?: CallOptions) => this.getModule(moduleId, o),
      withClassNames: (modules: Module[], o?: CallOptions) => this.parts.classNames.fill(modules, o),
      listZones: (params: ListParams, o?: CallOptions) => this.listZones(params, o),
    };
    return readSystemDetail(reply.body, from, options);
  }

  async updateSystem(id: string, version: number, changes: SystemInput, options?: CallOptions) {
    const reply = await this.call(
      { method: 'PUT', path: this.systemPath(id), body: { ...changes, version } },
      options,
    );
    return decode(System, readSystem(reply.body), 'updated system');
  }

  async exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown> {
    const reply = await this.call(
      {
        method: 'POST',
        path: this.systemPath(id, '/exec'),
        body: { module: call.module, index: call.index ?? 1, method: call.method, args: call.args ?? [] },
        exec: true,
        timeoutMs: execTimeoutOf(this.parts.options),
      },
      options,
    );
    return unwrapExecResult(reply.body ?? null, this.parts.caller.mayWrapExecResults);
  }

  async systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.call(
      {
        method: 'GET',
        path: this.systemPath(id, '/state'),
        query: { module: query.module, index: query.index, lookup: query.lookup },
      },
      options,
    );
    return readState(reply.body, query.lookup);
  }

  async funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs> {
    const reply = await this.call(
      {
        method: 'GET',
        path: this.systemPath(id, '/funcs'),
        query: { module: address.module, index: address.index },
      },
      options,
    );
    return decode(Funcs, normalizeFuncs(reply.body), 'funcs');
  }

  async count(id: string, module: string, options?: CallOptions): Promise<number> {
    const reply = await this.call(
      { method: 'GET', path: this.systemPath(id, '/count'), query: { module } },
      options,
    );
    // Tolerate a bare number: the spec shows no shape for count (§4.4).
    if (typeof reply.body === 'number') return decode(Count, { count: reply.body }, 'count').count;
    return decode(Count, reply.body, 'count').count;
  }

  async moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState> {
    const reply = await this.call(
      { method: 'GET', path: this.modulePath(id, '/state'), query: { lookup } },
      options,
    );
    return readState(reply.body, lookup);
  }

  async probe(request: ProbeCall, options?: CallOptions): Promise<void> {
    await this.call(request, options);
  }
}

function readState(body: unknown, lookup: string | undefined): ModuleState {
  if (lookup !== undefined) return { [lookup]: body ?? null };
  return decode(ModuleState, body, 'state');
}
