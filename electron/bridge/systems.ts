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
} from '../api/schemas.ts';
import { ResourceId } from './ids.ts';
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

export const systems = {
  list: verb(
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
  get: verb(SystemId, SystemDetail),
  create: verb(Type.Object({ system: SystemInput }, { additionalProperties: false }), System),
  update: verb(
    Type.Object(
      { id: ResourceId, version: Type.Integer({ minimum: 0 }), changes: SystemInput },
      { additionalProperties: false },
    ),
    System,
  ),
  remove: verb(SystemId, Type.Null()),
  start: verb(SystemId, Type.Null()),
  stop: verb(SystemId, Type.Null()),
  exec: verb(
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
    Type.Object(
      { ...ModuleRef, lookup: Type.Optional(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
    ModuleState,
  ),
  funcs: verb(Type.Object(ModuleRef, { additionalProperties: false }), Funcs),
  count: verb(
    Type.Object({ id: ResourceId, module: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    Count,
  ),
  types: verb(SystemId, Types),
  zones: verb(ListQuery, Page(Zone)),
} as const;
