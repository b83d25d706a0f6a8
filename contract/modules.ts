import { Type } from '@sinclair/typebox';
import { Dependency, ListQuery, Module, ModuleInput, ModuleState, Page, PingResult } from './domain.ts';
import { ResourceId } from './resource-id.ts';
import { verb } from './verb.ts';

const ModuleId = Type.Object({ id: ResourceId }, { additionalProperties: false });

/** The fleet's modules: technician tools only (the panel reads its room's modules through `systems`). */
export const modules = {
  list: verb(
    'technician',
    Type.Composite(
      [
        ListQuery,
        Type.Object({ systemId: Type.Optional(Type.String()), dependencyId: Type.Optional(Type.String()) }),
      ],
      { additionalProperties: false },
    ),
    Page(Module),
  ),
  get: verb('technician', ModuleId, Module),
  create: verb('technician', Type.Object({ module: ModuleInput }, { additionalProperties: false }), Module),
  update: verb(
    'technician',
    Type.Object({ id: ResourceId, changes: ModuleInput }, { additionalProperties: false }),
    Module,
  ),
  remove: verb('technician', ModuleId, Type.Null()),
  start: verb('technician', ModuleId, Type.Null()),
  stop: verb('technician', ModuleId, Type.Null()),
  ping: verb('technician', ModuleId, PingResult),
  state: verb(
    'technician',
    Type.Object(
      { id: ResourceId, lookup: Type.Optional(Type.String({ minLength: 1 })) },
      { additionalProperties: false },
    ),
    ModuleState,
  ),
  dependencies: verb('technician', ListQuery, Page(Dependency)),
} as const;
