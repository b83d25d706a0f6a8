import {
  Dependency,
  Module,
  type ModuleInput,
  PingResult,
  System,
  type SystemInput,
  Types,
  Zone,
} from '../../../contract/domain.ts';
import type { CallOptions, ListParams, ModuleListParams, Page, SystemListParams } from '../calls.ts';
import type { CallRequest } from '../caller.ts';
import { decode } from '../decode.ts';
import { readSystem } from '../system-detail.ts';
import { normalizePing, withoutNulls } from '../tolerant.ts';
import { encodePath } from '../transport.ts';
import type { Dialect, DialectParts } from './dialect.ts';

/** Where one generation's REST shapes differ while the calls stay the same. */
export interface RestShape {
  /** The prefix of every route (`/api/control`, `/api/engine/v2`). */
  base: string;
  /** How many items a list holds when the caller asks for no limit. */
  defaultLimit: number;
  /** How this generation's error bodies read; absent: the caller's own reading. */
  errorFrom?: CallRequest['errorFrom'];
  /** A module record as this generation writes it, brought to the contract's shape. */
  readModule(body: unknown): unknown;
  /** A module's fields as this generation takes them on create and update. */
  moduleInput(input: ModuleInput): unknown;
  /** The list filters for modules, in this generation's names. */
  moduleFilters(params: ModuleListParams): Record<string, string | undefined>;
  /** Where the driver records are listed, and how one reads. */
  dependencies: { path: string; normalize(item: unknown): unknown };
}

/**
 * The calls both API generations make alike (list, create, get, update, delete, start, stop of
 * systems and modules; zones; drivers), written once over a `RestShape`. Each dialect adds the
 * calls whose routes or bodies differ (exec, state, funcs, count, detail, updates of a system).
 */
export abstract class RestDialect implements Partial<Dialect> {
  protected readonly parts: DialectParts;
  readonly #shape: RestShape;

  constructor(parts: DialectParts, shape: RestShape) {
    this.parts = parts;
    this.#shape = shape;
  }

  protected systemPath(id: string, action = ''): string {
    return `${this.#shape.base}/systems/${encodePath(id)}${action}`;
  }

  protected modulePath(id: string, action = ''): string {
    return `${this.#shape.base}/modules/${encodePath(id)}${action}`;
  }

  listSystems(params: SystemListParams, options?: CallOptions): Promise<Page<System>> {
    const filters = { zone_id: params.zoneId, module_id: params.moduleId };
    return this.list(`${this.#shape.base}/systems`, System, params, filters, options, readSystem);
  }

  async createSystem(input: SystemInput, options?: CallOptions): Promise<System> {
    const reply = await this.call(
      { method: 'POST', path: `${this.#shape.base}/systems`, body: input },
      options,
    );
    return decode(System, readSystem(reply.body), 'created system');
  }

  async getSystem(id: string, options?: CallOptions): Promise<System> {
    const reply = await this.call({ method: 'GET', path: this.systemPath(id) }, options);
    return decode(System, readSystem(reply.body), 'system');
  }

  async deleteSystem(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'DELETE', path: this.systemPath(id) }, options);
  }

  async startSystem(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'POST', path: this.systemPath(id, '/start') }, options);
  }

  async stopSystem(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'POST', path: this.systemPath(id, '/stop') }, options);
  }

  async types(id: string, options?: CallOptions): Promise<Types> {
    const reply = await this.call({ method: 'GET', path: this.systemPath(id, '/types') }, options);
    return decode(Types, reply.body, 'types');
  }

  async listModules(params: ModuleListParams, options?: CallOptions): Promise<Page<Module>> {
    const { base, readModule, moduleFilters } = this.#shape;
    const page = await this.list(
      `${base}/modules`,
      Module,
      params,
      moduleFilters(params),
      options,
      readModule,
    );
    return { ...page, items: await this.parts.classNames.fill(page.items, options) };
  }

  async createModule(input: ModuleInput, options?: CallOptions): Promise<Module> {
    const body = this.#shape.moduleInput(input);
    const reply = await this.call({ method: 'POST', path: `${this.#shape.base}/modules`, body }, options);
    return this.readModule(reply.body, 'created module', options);
  }

  async getModule(id: string, options?: CallOptions): Promise<Module> {
    const reply = await this.call({ method: 'GET', path: this.modulePath(id) }, options);
    return this.readModule(reply.body, 'module', options);
  }

  async updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module> {
    const body = this.#shape.moduleInput(changes);
    const reply = await this.call({ method: 'PUT', path: this.modulePath(id), body }, options);
    return this.readModule(reply.body, 'updated module', options);
  }

  async deleteModule(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'DELETE', path: this.modulePath(id) }, options);
  }

  async startModule(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'POST', path: this.modulePath(id, '/start') }, options);
  }

  async stopModule(id: string, options?: CallOptions): Promise<void> {
    await this.call({ method: 'POST', path: this.modulePath(id, '/stop') }, options);
  }

  async ping(id: string, options?: CallOptions): Promise<PingResult> {
    const reply = await this.call({ method: 'POST', path: this.modulePath(id, '/ping') }, options);
    return decode(PingResult, normalizePing(reply.body), 'ping result');
  }

  listZones(params: ListParams, options?: CallOptions): Promise<Page<Zone>> {
    return this.list(`${this.#shape.base}/zones`, Zone, params, {}, options, withoutNulls);
  }

  listDependencies(params: ListParams, options?: CallOptions): Promise<Page<Dependency>> {
    const { base, dependencies } = this.#shape;
    return this.list(`${base}${dependencies.path}`, Dependency, params, {}, options, dependencies.normalize);
  }

  /** One call in this generation's words: its error reading unless the request names its own. */
  protected call(request: CallRequest, options?: CallOptions) {
    const { errorFrom } = this.#shape;
    return this.parts.caller.call(errorFrom === undefined ? request : { errorFrom, ...request }, options);
  }

  protected list<S extends Parameters<typeof decode>[0]>(
    path: string,
    schema: S,
    params: ListParams,
    filters: Record<string, string | undefined>,
    options: CallOptions | undefined,
    normalize: (item: unknown) => unknown,
  ) {
    const { defaultLimit, errorFrom } = this.#shape;
    const request = { path, schema, params, filters, normalize, defaultLimit };
    return this.parts.caller.list(errorFrom === undefined ? request : { ...request, errorFrom }, options);
  }

  protected async readModule(body: unknown, what: string, options?: CallOptions): Promise<Module> {
    const read = decode(Module, this.#shape.readModule(body), what);
    const [module] = await this.parts.classNames.fill([read], options);
    return module as Module;
  }
}
