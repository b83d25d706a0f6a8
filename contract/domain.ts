import { type Static, Type } from '@sinclair/typebox';

/**
 * The Control Service's records as Roomdeck reads them. Responses are checked against these;
 * fields the service may omit (older generations, partial records) are optional, and unknown
 * fields are allowed so a newer service does not break an installed panel.
 */

const Id = Type.String({ minLength: 1 });
const Timestamp = Type.Number();
const Settings = Type.Record(Type.String(), Type.Unknown());

export const Zone = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  parent_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  tags: Type.Optional(Type.Array(Type.String())),
});
export type Zone = Static<typeof Zone>;

export const Dependency = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  role: Type.Integer({ minimum: 0 }),
  default_port: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type Dependency = Static<typeof Dependency>;

/**
 * 0 ssh, 1 device, 2 service, 3 logic (spec §2.2). Other numbers exist in the field (the current
 * generation has 99), so any non-negative integer is read and shown as an unknown role.
 */
export const ModuleRole = Type.Integer({ minimum: 0 });

export const Module = Type.Object({
  id: Id,
  dependency_id: Type.String(),
  /** The driver's default class name (current generation); custom_name overrides it. */
  name: Type.Optional(Type.String()),
  control_system_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  edge_id: Type.Optional(Type.String()),
  ip: Type.Optional(Type.String()),
  tls: Type.Optional(Type.Boolean()),
  udp: Type.Optional(Type.Boolean()),
  port: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  makebreak: Type.Optional(Type.Boolean()),
  uri: Type.Optional(Type.String()),
  custom_name: Type.Optional(Type.String()),
  settings: Type.Optional(Settings),
  updated_at: Type.Optional(Timestamp),
  created_at: Type.Optional(Timestamp),
  role: ModuleRole,
  notes: Type.Optional(Type.String()),
  connected: Type.Boolean(),
  running: Type.Boolean(),
  ignore_connected: Type.Optional(Type.Boolean()),
  ignore_startstop: Type.Optional(Type.Boolean()),
});
export type Module = Static<typeof Module>;

/** A system as Roomdeck hands it on: `features` always a list (the service may send a string). */
export const System = Type.Object({
  id: Id,
  name: Type.String(),
  edge_id: Type.Optional(Type.String()),
  zones: Type.Array(Type.String()),
  modules: Type.Array(Type.String()),
  description: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  capacity: Type.Optional(Type.Integer()),
  features: Type.Array(Type.String()),
  bookable: Type.Optional(Type.Boolean()),
  installed_ui_devices: Type.Optional(Type.Integer()),
  settings: Type.Optional(Settings),
  created_at: Type.Optional(Timestamp),
  updated_at: Type.Optional(Timestamp),
  support_url: Type.Optional(Type.String()),
  version: Type.Integer(),
});
export type System = Static<typeof System>;

/** GET …/funcs: method name → its parameters as JSON Schema. */
export const FuncDescription = Type.Object({
  arity: Type.Integer({ minimum: 0 }),
  params: Type.Record(Type.String(), Type.Unknown()),
  order: Type.Array(Type.String()),
});
export type FuncDescription = Static<typeof FuncDescription>;
export const Funcs = Type.Record(Type.String(), FuncDescription);
export type Funcs = Static<typeof Funcs>;

export const ModuleState = Type.Record(Type.String(), Type.Unknown());
export type ModuleState = Static<typeof ModuleState>;

export const Types = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
export type Types = Static<typeof Types>;

export const Count = Type.Object({ count: Type.Integer({ minimum: 0 }) });

export const PingResult = Type.Object({
  host: Type.String(),
  pingable: Type.Boolean(),
  warning: Type.Union([Type.String(), Type.Null()]),
  exception: Type.Union([Type.String(), Type.Null()]),
});
export type PingResult = Static<typeof PingResult>;

/** One page of a list: `total` from X-Total-Count (current) or the legacy envelope. */
export const Page = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    offset: Type.Integer(),
    limit: Type.Integer(),
  });

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 400 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Fields a technician may send when creating or updating a system (spec §4.2). */
export const SystemInput = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1 })),
    zones: Type.Optional(Type.Array(Type.String())),
    edge_id: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    capacity: Type.Optional(Type.Integer({ minimum: 0 })),
    features: Type.Optional(Type.Array(Type.String())),
    bookable: Type.Optional(Type.Boolean()),
    installed_ui_devices: Type.Optional(Type.Integer({ minimum: 0 })),
    modules: Type.Optional(Type.Array(Type.String())),
    settings: Type.Optional(Settings),
    support_url: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type SystemInput = Static<typeof SystemInput>;

/** Fields a technician may send when creating or updating a module (spec §4.3). */
export const ModuleInput = Type.Object(
  {
    dependency_id: Type.Optional(Type.String()),
    edge_id: Type.Optional(Type.String()),
    control_system_id: Type.Optional(Type.String()),
    ip: Type.Optional(Type.String()),
    udp: Type.Optional(Type.Boolean()),
    port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    makebreak: Type.Optional(Type.Boolean()),
    uri: Type.Optional(Type.String()),
    custom_name: Type.Optional(Type.String()),
    settings: Type.Optional(Settings),
    notes: Type.Optional(Type.String()),
    ignore_connected: Type.Optional(Type.Boolean()),
    ignore_startstop: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ModuleInput = Static<typeof ModuleInput>;
