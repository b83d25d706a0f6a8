import { Type } from '@sinclair/typebox';
import { Dependency, ListQuery, Module, ModuleInput, ModuleState, Page, PingResult } from '../api/schemas.ts';
import { ResourceId } from './ids.ts';
import { verb } from './verb.ts';

const ModuleId = Type.Object({ id: ResourceId }, { additionalProperties: false });

export const modules = {
  list: verb(
    Type.Composite(
      [
        ListQuery,
        Type.Object({ systemId: Type.Optional(Type.String()), dependencyId: Type.Optional(Type.String()) }),
      ],
      { additionalProperties: false },
    ),
    Page(Module),
  ),
  get: verb(ModuleId, Module),
  create: verb(Type.Object({ module: ModuleInput }, { additionalProperties: false }), Module),
  update: verb(
    Type.Object({ id: ResourceId, changes: ModuleInput }, { additionalProperties: false }),
    Module,
  ),
  remove: verb(ModuleId, Type.Null()),
  start: verb(ModuleId, Type.Null()),
  stop: verb(ModuleId, Type.Null()),
  ping: verb(ModuleId, PingResult),
  state: verb(
    Type.Object(
      { id: ResourceId, lookup: Type.Optional(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
    ModuleState,
  ),
  dependencies: verb(ListQuery, Page(Dependency)),
} as const;
