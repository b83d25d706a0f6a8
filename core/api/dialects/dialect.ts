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
} from '../../../contract/domain.ts';
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
} from '../calls.ts';
import type { ServiceCaller } from '../caller.ts';
import type { ClassNames } from '../class-names.ts';
import type { Generation } from '../generation.ts';

/**
 * What ControlClient offers, as one API generation says it on the wire. A dialect owns its paths,
 * request shapes and the reading of answers and refusals; what comes out is the contract's records
 * and the same typed RoomdeckErrors in either generation, so the bridge verbs and the renderer
 * never learn which one answered.
 */
export interface Dialect {
  readonly generation: Generation;

  listSystems(params: SystemListParams, options?: CallOptions): Promise<Page<System>>;
  createSystem(input: SystemInput, options?: CallOptions): Promise<System>;
  getSystem(id: string, options?: CallOptions): Promise<System>;
  /** The system with its full module and zone records (and settings) in one go. */
  getSystemDetail(id: string, options?: CallOptions): Promise<SystemDetail>;
  updateSystem(id: string, version: number, changes: SystemInput, options?: CallOptions): Promise<System>;
  deleteSystem(id: string, options?: CallOptions): Promise<void>;
  startSystem(id: string, options?: CallOptions): Promise<void>;
  stopSystem(id: string, options?: CallOptions): Promise<void>;
  exec(id: string, call: ExecCall, options?: CallOptions): Promise<unknown>;
  /** Status keys as JSON values; with `lookup`, just that key: `{ [lookup]: value }`. */
  systemState(id: string, query: StateQuery, options?: CallOptions): Promise<ModuleState>;
  funcs(id: string, address: ModuleAddress, options?: CallOptions): Promise<Funcs>;
  count(id: string, module: string, options?: CallOptions): Promise<number>;
  types(id: string, options?: CallOptions): Promise<Types>;

  listModules(params: ModuleListParams, options?: CallOptions): Promise<Page<Module>>;
  createModule(input: ModuleInput, options?: CallOptions): Promise<Module>;
  getModule(id: string, options?: CallOptions): Promise<Module>;
  updateModule(id: string, changes: ModuleInput, options?: CallOptions): Promise<Module>;
  deleteModule(id: string, options?: CallOptions): Promise<void>;
  startModule(id: string, options?: CallOptions): Promise<void>;
  stopModule(id: string, options?: CallOptions): Promise<void>;
  ping(id: string, options?: CallOptions): Promise<PingResult>;
  moduleState(id: string, lookup?: string, options?: CallOptions): Promise<ModuleState>;

  listZones(params: ListParams, options?: CallOptions): Promise<Page<Zone>>;
  listDependencies(params: ListParams, options?: CallOptions): Promise<Page<Dependency>>;

  /**
   * A capability probe (core/bridge/capabilities.ts), written in the legacy paths, said in this
   * dialect: resolves when the service accepted it, throws the typed error when it did not.
   */
  probe(request: ProbeCall, options?: CallOptions): Promise<void>;
}

export interface ProbeCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** What every dialect is built from: the shared caller, the class-name filler, the options. */
export interface DialectParts {
  caller: ServiceCaller;
  classNames: ClassNames;
  options: ControlClientOptions;
}

const MIN_EXEC_TIMEOUT_MS = 20_000;
/**
 * The longest the main process waits for an exec answer, whatever the request timeout. The renderer's
 * own deadline for exec (renderer/src/lib/bridge/bridge.ts) is longer, so this side's words, or the service's
 * own `exec_timeout`, always arrive first (pinned by test/renderer/bridge.test.ts).
 */
export const MAX_EXEC_TIMEOUT_MS = 25_000;

/** Exec waits on the device, so it gets longer than other calls (ControlClientOptions.execTimeoutMs). */
export const execTimeoutOf = (options: ControlClientOptions): number =>
  options.execTimeoutMs ?? Math.min(MAX_EXEC_TIMEOUT_MS, Math.max(options.timeoutMs, MIN_EXEC_TIMEOUT_MS));
