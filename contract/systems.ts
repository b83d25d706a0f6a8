import { Type } from '@sinclair/typebox';
import {
  Count,
  Funcs,
  ListQuery,
  Module,
  ModuleState,
  Page,
  System,
  SystemInput,
  Types,
  Zone,
} from './domain.ts';
import { ResourceId } from './resource-id.ts';
import { verb } from './verb.ts';

const SystemId = Type.Object({ id: ResourceId }, { additionalProperties: false });
const ModuleRef = {
  id: ResourceId,
  /** Class name, e.g. "Display". */
  module: Type.String({ minLength: 1 }),
  /** 1-based, among the system's modules of that class. */
  index: Type.Optional(Type.Integer({ minimum: 1 })),
};

export const SystemDetail = Type.Object({
  system: System,
  /** The system's modules, in `system.modules` order. */
  modules: Type.Array(Module),
  zones: Type.Array(Zone),
});

/** One module as the panel's first paint needs it: what it can do and what it reports now. */
export const ModuleSnapshot = Type.Object({
  module: Type.String({ minLength: 1 }),
  index: Type.Integer({ minimum: 1 }),
  /** How many modules of this class the system has. */
  count: Type.Integer({ minimum: 1 }),
  funcs: Funcs,
  /** `{}` when the module's state could not be read (the poller will try again). */
  state: ModuleState,
});

/** Everything a panel needs to draw its room, in one bridge call (the host fans out upstream). */
export const RoomOpening = Type.Object({
  detail: SystemDetail,
  types: Types,
  /** Every module instance, in `types` order, index 1..count. */
  modules: Type.Array(ModuleSnapshot),
});

export const systems = {
  list: verb(
    'panel',
    Type.Composite(
      [
        ListQuery,
        Type.Object({ zoneId: Type.Optional(Type.String()), moduleId: Type.Optional(Type.String()) }),
      ],
      {
        additionalProperties: false,
      },
    ),
    Page(System),
  ),
  /** One round trip with full module and zone records (the API's `complete=true`). */
  get: verb('panel', SystemId, SystemDetail),
  /**
   * A panel's room at start-up: detail, types, and every module's funcs and state, in one call,
   * so the page waits on one round trip to its own host instead of two plus two per module.
   */
  open: verb('panel', SystemId, RoomOpening),
  create: verb('technician', Type.Object({ system: SystemInput }, { additionalProperties: false }), System),
  update: verb(
    'technician',
    Type.Object(
      { id: ResourceId, version: Type.Integer({ minimum: 0 }), changes: SystemInput },
      { additionalProperties: false },
    ),
    System,
  ),
  remove: verb('technician', SystemId, Type.Null()),
  start: verb('technician', SystemId, Type.Null()),
  stop: verb('technician', SystemId, Type.Null()),
  exec: verb(
    'panel',
    Type.Object(
      {
        ...ModuleRef,
        method: Type.String({ minLength: 1 }),
        args: Type.Optional(Type.Array(Type.Unknown())),
      },
      { additionalProperties: false },
    ),
    Type.Object({ result: Type.Unknown() }),
  ),
  state: verb(
    'panel',
    Type.Object(
      { ...ModuleRef, lookup: Type.Optional(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
    ModuleState,
  ),
  // funcs, count and types: the panel gets them inside `open`; asked on their own, only by the tools.
  funcs: verb('technician', Type.Object(ModuleRef, { additionalProperties: false }), Funcs),
  count: verb(
    'technician',
    Type.Object({ id: ResourceId, module: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    Count,
  ),
  types: verb('technician', SystemId, Types),
  zones: verb('panel', ListQuery, Page(Zone)),
} as const;
