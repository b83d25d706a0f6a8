import { InvalidArgumentsError } from '../driver.ts';

/** A device call a mode makes on the combined system when it joins or splits (PlaceOS's shape). */
export interface JoinAction {
  module_id: string;
  function_name: string;
  arguments: unknown[];
}

/** One way the rooms can be joined, as the room logic's `join_modes` setting writes it. */
export interface JoinMode {
  id: string;
  name: string;
  room_ids: string[];
  system_id: string | null;
  merge_outputs: boolean;
  join_actions: JoinAction[];
  split_actions: JoinAction[];
  lock_secondary: boolean;
  split_on_shutdown: boolean;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function readActions(raw: unknown): JoinAction[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((a): JoinAction[] => {
    if (typeof a !== 'object' || a === null) return [];
    const r = a as Record<string, unknown>;
    if (!isText(r.module_id) || !isText(r.function_name)) return [];
    return [
      {
        module_id: r.module_id,
        function_name: r.function_name,
        arguments: Array.isArray(r.arguments) ? r.arguments : [],
      },
    ];
  });
}

/**
 * The modes of the settings, tolerant as settings readers are: a mode without an id, a name or at
 * least two rooms is left out rather than breaking the room.
 */
export function joinModes(settings: Record<string, unknown>): JoinMode[] {
  const raw = settings.join_modes;
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  return raw.flatMap((m): JoinMode[] => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    const rooms = Array.isArray(r.room_ids) ? [...new Set(r.room_ids.filter(isText))] : [];
    if (!isText(r.id) || !isText(r.name) || rooms.length < 2 || seen.has(r.id)) return [];
    seen.add(r.id);
    return [
      {
        id: r.id,
        name: r.name,
        room_ids: rooms,
        system_id: isText(r.system_id) ? r.system_id : null,
        merge_outputs: r.merge_outputs !== false,
        join_actions: readActions(r.join_actions),
        split_actions: readActions(r.split_actions),
        lock_secondary: r.lock_secondary !== false,
        split_on_shutdown: r.split_on_shutdown === true,
      },
    ];
  });
}

export function modeById(settings: Record<string, unknown>, id: string): JoinMode {
  const mode = joinModes(settings).find((m) => m.id === id);
  if (!mode) {
    const ids = joinModes(settings).map((m) => JSON.stringify(m.id));
    throw new InvalidArgumentsError(
      ids.length === 0
        ? 'this room has no join modes (settings join_modes)'
        : `mode_id must be one of ${ids.join(', ')}, got ${JSON.stringify(id)}`,
    );
  }
  return mode;
}

/** Every system the room's modes name: the only systems its logic may reach. */
export function reachable(settings: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  for (const mode of joinModes(settings)) {
    for (const id of mode.room_ids) ids.add(id);
    if (mode.system_id) ids.add(mode.system_id);
  }
  return ids;
}

/** `Mixer_1` → class Mixer, index 1 (PlaceOS's module ids in a system). */
export function parseModuleId(id: string): { className: string; index: number } | null {
  const m = /^(.+)_(\d+)$/.exec(id);
  if (!m?.[1] || !m[2]) return null;
  const index = Number(m[2]);
  return index >= 1 ? { className: m[1], index } : null;
}
