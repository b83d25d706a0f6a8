import type { TSchema } from '@sinclair/typebox';
import type { UserRole } from '../auth/types.ts';
import type { DeviceState, ModuleRecord, Role } from '../store/model.ts';

/** One callable method of a driver. Parameters are TypeBox (JSON Schema) schemas, in call order. */
export interface FuncSpec {
  params: Record<string, TSchema>;
  order: string[];
  /** Names in `order` that may be omitted (their schema carries a `default`). */
  optional?: string[];
  /** The roles that may call it from outside (an API or the websocket); absent: every role. */
  roles?: readonly UserRole[];
}

/** The device or driver failed the command: the API answers 502 driver_error with this message. */
export class DriverError extends Error {
  override name = 'DriverError';
}

/** Arguments that do not fit the method: the API answers 422 invalid_arguments. */
export class InvalidArgumentsError extends Error {
  override name = 'InvalidArgumentsError';
}

/** A sibling module of the same system, as a logic module sees it. */
export interface SiblingModule {
  className: string;
  /** 1-based index among the system's modules of that class, in `modules` order. */
  index: number;
  module: ModuleRecord;
}

/** What a logic module can reach of its system. */
export interface SystemContext {
  id: string;
  name: string;
  /** The system's settings (a shared module serves each room what its settings say is its own). */
  settings: Record<string, unknown>;
  /** Another module's state as this system sees it. */
  state(className: string, index: number): DeviceState;
  siblings(): SiblingModule[];
  /** Runs a method on another module of the system, with the same checks the exec endpoint makes. */
  exec(className: string, index: number, method: string, args: unknown[]): Promise<unknown>;
  /**
   * Another system as this one's logic sees it, for rooms that join (a divisible room's halves).
   * The caller decides which systems it may reach; absent where no other system can be reached.
   */
  other?(systemId: string): SystemContext;
}

export interface DriverContext {
  module: ModuleRecord;
  /** Mutable: the driver writes its status keys here. Persisted by the store. */
  state: DeviceState;
  /** Milliseconds since the epoch (a fake clock in tests). */
  now(): number;
  /** Present for logic modules bound to a system. */
  system?: SystemContext;
}

export interface Driver {
  /** Registry key, referenced by DependencyRecord.driver. */
  key: string;
  /** Default class name, e.g. "Display". */
  className: string;
  role: Role;
  description: string;
  defaultPort: number | null;
  funcs: Record<string, FuncSpec>;
  /** Status keys of a new module. `settings` are the module's settings (e.g. inputs, warm_up_seconds). */
  initialState(settings: Record<string, unknown>): DeviceState;
  /**
   * Brings time-driven state up to date before it is read (warm-up ending, blinds reaching a stop…).
   * Must be cheap: it runs on every state read.
   */
  advance?(ctx: DriverContext): void;
  /**
   * True when the module does something on its own as time passes that must happen on time
   * whoever reads (a room logic following its wall, a recorder its timetable): the simulator's
   * own clock advances it. Others change only what a read derives, and are left to their reads.
   */
  actsOnItsOwn?(settings: Record<string, unknown>): boolean;
  /**
   * The state as one system sees it, for a module shared by several rooms (a lighting gateway
   * shows each room only its own areas). Absent: every system sees the whole state.
   */
  view?(state: DeviceState, system: SystemContext): DeviceState;
  /**
   * Values a string parameter takes that depend on the module's settings (a display's inputs), as
   * `method → param → values`: funcs publishes them as the parameter's JSON Schema `enum`, so a
   * client can offer a choice. The driver still checks them when the method runs.
   */
  choices?(settings: Record<string, unknown>): Record<string, Record<string, readonly string[]>>;
  /** Runs `method` with arguments already validated against `funcs[method]`. */
  exec(ctx: DriverContext, method: string, args: unknown[]): unknown | Promise<unknown>;
}
