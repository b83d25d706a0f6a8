import type { DeviceState } from '../../store/model.ts';
import { type JoinMode, joinModes } from './join-modes.ts';

/** Who made the rooms' current join state (published as `join_by`). */
export const JOIN_BY = ['people', 'override', 'wall', 'calendar'] as const;
export type JoinBy = (typeof JOIN_BY)[number];

/** The join keys of a room that has modes; a room without any publishes none of them. */
export function initialJoinState(settings: Record<string, unknown>): DeviceState {
  if (joinModes(settings).length === 0) return {};
  return {
    join_modes: [],
    join_mode: null,
    join_master: null,
    join_system: null,
    joined: [],
    join_confirmed: false,
    join_pending: [],
    join_by: null,
    join_auto: true,
    join_override: false,
    wall: null,
    wall_disagrees: false,
    join_booking: null,
  };
}

export const inJoin = (state: DeviceState): boolean => typeof state.join_mode === 'string';

export const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The person's choice holds against the wall; the wall's own moves hand control back to it. */
function overrideAfter(state: DeviceState, by: JoinBy): boolean {
  if (by === 'people' || by === 'override') return true;
  if (by === 'wall') return false;
  return state.join_override === true;
}

export function enterJoin(
  state: DeviceState,
  mode: JoinMode,
  master: string,
  pending: string[],
  by: JoinBy,
): void {
  Object.assign(state, {
    join_mode: mode.id,
    join_master: master,
    join_system: mode.system_id,
    joined: [...mode.room_ids],
    join_pending: pending,
    join_confirmed: pending.length === 0,
    join_by: by,
    join_override: overrideAfter(state, by),
  });
}

export function leaveJoin(state: DeviceState, by: JoinBy): void {
  Object.assign(state, {
    join_mode: null,
    join_master: null,
    join_system: null,
    joined: [],
    join_pending: [],
    join_confirmed: false,
    join_by: by,
    join_override: overrideAfter(state, by),
  });
}

/** True when the wall's believed reading contradicts the mode (open and separate, closed and joined). */
export function wallDisagrees(state: DeviceState): boolean {
  if (state.wall === 'open') return !inJoin(state);
  if (state.wall === 'closed') return inJoin(state);
  return false;
}

/** The modes as a panel offers them: the rooms named as their systems are. */
export function describeModes(modes: JoinMode[], nameOf: (systemId: string) => string): DeviceState[] {
  return modes.map((m) => ({
    id: m.id,
    name: m.name,
    system_id: m.system_id,
    merge_outputs: m.merge_outputs,
    lock_secondary: m.lock_secondary,
    split_on_shutdown: m.split_on_shutdown,
    rooms: m.room_ids.map((id) => ({ id, name: nameOf(id) })),
  }));
}
