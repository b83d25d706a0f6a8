/*
 * A divisible room as its room logic publishes it (join modes, the mode it is in, its master, who
 * has confirmed, the wall's sensor), read into what the panel needs to decide: which room's panel
 * it shows, whether it is locked to another room's, and what is still pending. Pure: the state in,
 * a view out; anything malformed is left out rather than trusted.
 */

export interface JoinRoom {
  id: string;
  name: string;
}

export interface JoinMode {
  id: string;
  name: string;
  /** Every room the mode joins, this one included. */
  rooms: JoinRoom[];
  /** The combined room's own system (its plan holds every joined room's devices); null: none. */
  systemId: string | null;
  /** The secondary shows a lock screen (true) or a mirror of the combined panel (false). */
  lockSecondary: boolean;
}

/**
 * separate: no mode. pending: a mode is set but not every room has confirmed it. master: this
 * room runs the combined room. secondary: another room does.
 */
export type JoinRole = 'separate' | 'pending' | 'master' | 'secondary';

/** What the panel shows: its own room, the combined room, or a lock screen naming the master. */
export type JoinShown = { kind: 'own' } | { kind: 'combined'; systemId: string } | { kind: 'locked' };

export interface JoinView {
  /** The modes this room can be combined in (empty: the room is not divisible; no Join control). */
  modes: JoinMode[];
  /** The mode the logic reports now. */
  mode: JoinMode | null;
  role: JoinRole;
  /** The room running the join (null when separate or unknown). */
  master: JoinRoom | null;
  /** The rooms of the mode that have not confirmed yet, by name. */
  pending: JoinRoom[];
  shown: JoinShown;
  /** What the wall's sensor reads (null: the room has no wall sensor). */
  wall: 'open' | 'closed' | null;
  /** The wall contradicts the mode (open while separate, closed while combined). */
  wallDisagrees: boolean;
  /** The logic follows the wall by itself (false: ignored, or a person's choice holds; null: not said). */
  auto: boolean | null;
}

/** The combined room a room is part of and the room leading it, once its logic names both. */
export function combinedIn(view: JoinView): { systemId: string; masterId: string } | null {
  if (view.role !== 'master' && view.role !== 'secondary') return null;
  const systemId = view.mode?.systemId ?? null;
  return systemId !== null && view.master !== null ? { systemId, masterId: view.master.id } : null;
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function roomOf(v: unknown): JoinRoom | null {
  if (typeof v === 'string' && v !== '') return { id: v, name: v };
  if (!isBag(v)) return null;
  const id = text(v.id) ?? text(v.system_id);
  if (id === null) return null;
  return { id, name: text(v.name) ?? id };
}

function modeOf(v: unknown): JoinMode | null {
  if (!isBag(v)) return null;
  const id = text(v.id);
  if (id === null) return null;
  const listed = Array.isArray(v.rooms) ? v.rooms : Array.isArray(v.room_ids) ? v.room_ids : [];
  const rooms = listed.map(roomOf).filter((r): r is JoinRoom => r !== null);
  if (rooms.length < 2) return null;
  return {
    id,
    name: text(v.name) ?? id,
    rooms,
    systemId: text(v.system_id),
    lockSecondary: v.lock_secondary !== false,
  };
}

const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

/** The join as room `ownId`'s logic reports it in `state` (undefined: not read yet). */
export function joinViewOf(ownId: string, state: Bag | undefined): JoinView {
  const modes = Array.isArray(state?.join_modes)
    ? state.join_modes.map(modeOf).filter((m): m is JoinMode => m !== null)
    : [];
  const wall: JoinView['wall'] =
    state?.wall === true || state?.wall === 'closed'
      ? 'closed'
      : state?.wall === false || state?.wall === 'open'
        ? 'open'
        : null;
  const auto = typeof state?.join_auto === 'boolean' ? state.join_auto && state.join_override !== true : null;
  const modeId = text(state?.join_mode);
  const mode = modeId === null ? null : (modes.find((m) => m.id === modeId) ?? null);
  // The logic's own judgement when it gives one (it knows its debounce); else the plain reading.
  const said = state?.wall_disagrees;
  if (!state || mode === null) {
    const wallDisagrees = typeof said === 'boolean' ? said : wall === 'open' && modes.length > 0;
    return {
      modes,
      mode: null,
      role: 'separate',
      master: null,
      pending: [],
      shown: { kind: 'own' },
      wall,
      wallDisagrees,
      auto,
    };
  }
  const masterId = text(state.join_master);
  const master =
    masterId === null
      ? null
      : (mode.rooms.find((r) => r.id === masterId) ?? { id: masterId, name: masterId });
  const waiting = new Set(ids(state.join_pending));
  const pending = mode.rooms.filter((r) => waiting.has(r.id));
  // Confirmed only when the logic says so and names nobody still waiting: never from a guess.
  const confirmed = state.join_confirmed === true && pending.length === 0;
  const disagrees = typeof said === 'boolean' ? said : wall === 'closed';
  const base = { modes, mode, master, pending, wall, wallDisagrees: disagrees, auto };
  if (master !== null && master.id !== ownId) {
    // Another room runs the join: this panel is locked (or mirrors it) from the moment its own
    // logic says so, so two people never drive the same devices from two panels.
    const mirror = !mode.lockSecondary && mode.systemId !== null && confirmed;
    return {
      ...base,
      role: 'secondary',
      shown:
        mirror && mode.systemId !== null ? { kind: 'combined', systemId: mode.systemId } : { kind: 'locked' },
    };
  }
  if (!confirmed) return { ...base, role: 'pending', shown: { kind: 'own' } };
  return {
    ...base,
    role: 'master',
    shown: mode.systemId === null ? { kind: 'own' } : { kind: 'combined', systemId: mode.systemId },
  };
}

/** The other rooms of a mode, seen from `ownId`: the names a choice is called by. */
export function othersIn(mode: JoinMode, ownId: string): string[] {
  return mode.rooms.filter((r) => r.id !== ownId).map((r) => r.name);
}
