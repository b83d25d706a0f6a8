import { Type } from '@sinclair/typebox';

/** Route schemas shared by the control API's routes: inputs checked by fastify, outputs serialised by it. */

export const ErrorBody = Type.Object(
  { error: Type.String(), code: Type.String() },
  { additionalProperties: true, $id: 'ErrorBody' },
);

export const errorResponses = {
  '4xx': Type.Ref('ErrorBody'),
  '5xx': Type.Ref('ErrorBody'),
};

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

export const ListQuery = {
  q: Type.Optional(Type.String({ maxLength: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  bearer_token: Type.Optional(Type.String()),
};

const Settings = Type.Record(Type.String(), Type.Unknown());
const StringList = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 });

export const Zone = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  parent_id: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  created_at: Type.Integer(),
});

export const Dependency = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  role: Type.Integer(),
  driver: Type.String(),
  default_port: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.Integer(),
});

export const System = Type.Object({
  id: Type.String(),
  edge_id: Type.String(),
  name: Type.String(),
  zones: Type.Array(Type.String()),
  modules: Type.Array(Type.String()),
  description: Type.String(),
  email: Type.String(),
  capacity: Type.Integer(),
  features: Type.Array(Type.String()),
  bookable: Type.Boolean(),
  installed_ui_devices: Type.Integer(),
  settings: Settings,
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  support_url: Type.String(),
  version: Type.Integer(),
});

export const Module = Type.Object({
  id: Type.String(),
  dependency_id: Type.String(),
  name: Type.String(),
  control_system_id: Type.Union([Type.String(), Type.Null()]),
  edge_id: Type.String(),
  ip: Type.String(),
  tls: Type.Boolean(),
  udp: Type.Boolean(),
  port: Type.Union([Type.Integer(), Type.Null()]),
  makebreak: Type.Boolean(),
  uri: Type.String(),
  custom_name: Type.String(),
  settings: Settings,
  updated_at: Type.Integer(),
  created_at: Type.Integer(),
  role: Type.Integer(),
  notes: Type.String(),
  connected: Type.Boolean(),
  running: Type.Boolean(),
  ignore_connected: Type.Boolean(),
  ignore_startstop: Type.Boolean(),
});

/** `complete=true`: modules and zones as records. */
export const CompleteSystem = Type.Composite([
  Type.Omit(System, ['modules', 'zones']),
  Type.Object({ modules: Type.Array(Module), zones: Type.Array(Zone) }),
]);

/** Create/update body: the spec's request types (strings for modules, settings, features) beside the model's. */
export const SystemBody = Type.Object(
  {
    version: Type.Optional(Type.Integer()),
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    zones: Type.Optional(StringList),
    edge_id: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 100_000 })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    capacity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    // `features` and `modules` take a list or a space/comma-separated string. Checked in
    // control/system-input.ts rather than here: with ajv's coerceTypes 'array', a union of a list and a
    // string wraps a string into a one-element list before the string branch is tried, so
    // "a, b" would arrive as ["a, b"].
    features: Type.Optional(Type.Unknown()),
    bookable: Type.Optional(Type.Boolean()),
    installed_ui_devices: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    modules: Type.Optional(Type.Unknown()),
    settings: Type.Optional(Type.Union([Settings, Type.String({ maxLength: 1_000_000 })])),
    support_url: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

export const ModuleBody = Type.Object(
  {
    dependency_id: Type.Optional(Type.String({ maxLength: 200 })),
    edge_id: Type.Optional(Type.String({ maxLength: 200 })),
    control_system_id: Type.Optional(Type.String({ maxLength: 200 })),
    ip: Type.Optional(Type.String({ maxLength: 255 })),
    udp: Type.Optional(Type.Boolean()),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    makebreak: Type.Optional(Type.Boolean()),
    uri: Type.Optional(Type.String({ maxLength: 2000 })),
    custom_name: Type.Optional(Type.String({ maxLength: 200 })),
    settings: Type.Optional(Settings),
    notes: Type.Optional(Type.String({ maxLength: 100_000 })),
    ignore_connected: Type.Optional(Type.Boolean()),
    ignore_startstop: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export const ModuleAddress = {
  module: Type.String({ minLength: 1, maxLength: 200 }),
  index: Type.Optional(Type.Integer({ minimum: 1 })),
};

export const ExecBody = Type.Object({
  ...ModuleAddress,
  method: Type.String({ minLength: 1, maxLength: 200 }),
  args: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
});
