import { Type } from '@sinclair/typebox';
import { ModuleState } from './domain.ts';
import { ResourceId } from './resource-id.ts';
import { verb } from './verb.ts';
import { MAX_LIVE_TARGETS } from './live-names.ts';

// The names without the schemas, for the page (live-names.ts).
export { LIVE_EVENT_CHANNEL, LIVE_EVENTS_PATH, MAX_LIVE_TARGETS } from './live-names.ts';

/*
 * The live channel as the renderer sees it. The main process holds one control websocket
 * per service and session; a page says what it shows (`watch`) and receives changes as bridge
 * events (IPC events under Electron, a Server-Sent Events stream in the browser host). The page never
 * learns which generation or transport is behind it; it only learns whether values are pushed or
 * whether it must poll them itself.
 */

/** One module instance of the room, as the panel addresses it. */
export const LiveTarget = Type.Object(
  {
    module: Type.String({ minLength: 1, maxLength: 100 }),
    index: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);

/**
 * A page's whole watch list, replacing its previous one (an empty list: nothing). `watcher` is a
 * random id the page makes once per load (so one window's lists never replace another's; the host
 * forgets a watcher whose event stream is gone).
 *
 * `active`: the room is in use, or someone touched the panel in the last two minutes, or a
 * technician's state view is open. The page sends its list again when this changes (the same
 * targets with the new flag). While any page is active the main process checks the link every
 * couple of seconds, so a frozen service is noticed unprompted within 5 s; otherwise at the idle
 * cadence (about 0.1 frames/s). Absent: not active.
 */
export const LiveWatch = Type.Object(
  {
    watcher: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    id: ResourceId,
    targets: Type.Array(LiveTarget, { maxItems: MAX_LIVE_TARGETS }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * `push`: the socket is open and the watched modules' changes arrive as events: the page does not
 * poll them. `polling`: there is no socket (refused, failed, hung, switched off by configuration):
 * the page polls as it always did. `reason` is an error code (ErrorCode) while polling for a fault.
 */
export const LiveMode = Type.Union([Type.Literal('push'), Type.Literal('polling')]);

export const LiveStatus = Type.Object({
  mode: LiveMode,
  reason: Type.Optional(Type.String()),
});

/** A module's debug stream (support and administrators: its log lines hold what a user must not see). */
export const LiveDebugTarget = Type.Object(
  {
    watcher: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    id: ResourceId,
    module: Type.String({ minLength: 1, maxLength: 100 }),
    index: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);

export const live = {
  watch: verb('panel', LiveWatch, LiveStatus),
  status: verb('panel', Type.Object({}, { additionalProperties: false }), LiveStatus),
  debug: verb('technician', LiveDebugTarget, Type.Null()),
  ignore: verb('technician', LiveDebugTarget, Type.Null()),
} as const;

// ── Events: main process → page ─────────────────────────────────────────────────────────────────

/**
 * A watched module's whole state, fresh from the service (each notify is merged into the module's
 * last full state, so the page replaces what it holds). `id` is the system.
 */
export const LiveStateEvent = Type.Object({
  type: Type.Literal('state'),
  id: Type.String(),
  module: Type.String(),
  index: Type.Integer({ minimum: 1 }),
  state: ModuleState,
});

/**
 * A watched module's values can no longer be trusted as live (the socket was lost and is being
 * renewed): the page shows them as unknown until the next `state` event for the module.
 */
export const LiveStaleEvent = Type.Object({
  type: Type.Literal('stale'),
  id: Type.String(),
  module: Type.String(),
  index: Type.Integer({ minimum: 1 }),
});

/** The channel changed between push and polling (see LiveStatus). */
export const LiveModeEvent = Type.Object({
  type: Type.Literal('mode'),
  mode: LiveMode,
  reason: Type.Optional(Type.String()),
});

/** One log line of a module being debugged (`live.debug`). */
export const LiveDebugEvent = Type.Object({
  type: Type.Literal('debug'),
  id: Type.String(),
  module: Type.String(),
  index: Type.Integer({ minimum: 1 }),
  level: Type.String(),
  message: Type.String(),
  /** Epoch ms the line arrived. */
  at: Type.Number(),
});

export const LiveEvent = Type.Union([LiveStateEvent, LiveStaleEvent, LiveModeEvent, LiveDebugEvent]);
