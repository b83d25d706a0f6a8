import type { DeviceState } from '../../store/model.ts';
import type { DriverContext, SystemContext } from '../driver.ts';
import { readNumber, readString } from '../values.ts';
import type { JoinMode } from './join-modes.ts';
import { inJoin, type JoinBy } from './join-state.ts';
import { isBusy, LOGIC_CLASS, otherSystem } from './join.ts';
import { systemOf } from './siblings.ts';

/** How long the wall's sensor must read the same before the room believes it. */
export const DEFAULT_JOIN_DEBOUNCE_MS = 3000;
export const WALL_CLASS = 'PartitionWall';

/*
 * The wall and the calendar propose joins and splits as the room's state is brought up to date
 * (on the simulator's own clock, or by a read). What they propose is carried out as a command to
 * the logic of the mode's first room, which leads the join whichever room noticed first, so it
 * passes the exec path like any other: checked, persisted, and pushed to every socket.
 */
const proposing = new Set<string>();

function propose(ctx: DriverContext, mode: JoinMode, method: 'join' | 'unjoin', args: unknown[]): void {
  const leader = mode.room_ids[0];
  if (!leader || proposing.has(mode.id)) return;
  let system: SystemContext;
  try {
    system = otherSystem(ctx, leader);
  } catch {
    return;
  }
  proposing.add(mode.id);
  system
    .exec(LOGIC_CLASS, 1, method, args)
    .catch(() => {
      // The room's own state says what failed (last_error); nobody waits for this answer.
    })
    .finally(() => proposing.delete(mode.id));
}

function readWall(system: SystemContext): DeviceState | null {
  if (!system.siblings().some((s) => s.className === WALL_CLASS)) return null;
  try {
    return system.state(WALL_CLASS, 1);
  } catch {
    return null;
  }
}

/** The reading the room believes: the sensor's, once it has held for the debounce. */
function believedWall(ctx: DriverContext, wall: DeviceState): 'open' | 'closed' | null {
  const debounce = readNumber(ctx.module.settings, 'join_debounce_ms', DEFAULT_JOIN_DEBOUNCE_MS, 0);
  const changedAt = typeof wall.changed_at === 'number' ? wall.changed_at : 0;
  const held = ctx.now() - changedAt >= debounce;
  const previous = ctx.state.wall === 'open' || ctx.state.wall === 'closed' ? ctx.state.wall : null;
  if (!held) return previous;
  return wall.closed === true ? 'closed' : 'open';
}

function wallMode(ctx: DriverContext, modes: JoinMode[]): JoinMode | undefined {
  const id = readString(ctx.module.settings, 'wall_mode', modes[0]?.id ?? '');
  return modes.find((m) => m.id === id);
}

function followWall(ctx: DriverContext, modes: JoinMode[]): void {
  const wall = readWall(systemOf(ctx));
  if (!wall) {
    ctx.state.wall = null;
    return;
  }
  const before = ctx.state.wall;
  const now = believedWall(ctx, wall);
  ctx.state.wall = now;
  if (now === null || now === before) return;
  // The wall moved: a person's choice held until now, and the sensor leads again.
  if (before !== null) ctx.state.join_override = false;
  if (ctx.state.join_auto !== true || ctx.state.join_override === true) return;
  const mode = wallMode(ctx, modes);
  if (!mode || isBusy(mode)) return;
  if (now === 'open' && !inJoin(ctx.state)) propose(ctx, mode, 'join', [mode.id, 'wall']);
  if (now === 'closed' && inJoin(ctx.state)) propose(ctx, mode, 'unjoin', ['wall']);
}

interface Booking {
  id: string;
  end: number;
}

/** The meeting under way in a system's calendar, or null (no calendar, or nothing on). */
function meetingUnderWay(system: SystemContext): Booking | null {
  if (!system.siblings().some((s) => s.className === 'Bookings')) return null;
  try {
    const current = system.state('Bookings', 1).current;
    if (typeof current !== 'object' || current === null) return null;
    const c = current as Record<string, unknown>;
    return typeof c.id === 'string' && typeof c.end === 'number' ? { id: c.id, end: c.end } : null;
  } catch {
    return null;
  }
}

/** The mode whose combined room has a calendar (the first, when several have). */
function calendarMode(
  ctx: DriverContext,
  modes: JoinMode[],
): { mode: JoinMode; booking: Booking | null } | null {
  for (const mode of modes) {
    if (!mode.system_id || mode.system_id === systemOf(ctx).id) continue;
    let combined: SystemContext;
    try {
      combined = otherSystem(ctx, mode.system_id);
    } catch {
      continue;
    }
    if (!combined.siblings().some((s) => s.className === 'Bookings')) continue;
    return { mode, booking: meetingUnderWay(combined) };
  }
  return null;
}

/** True while either half has a meeting of its own under way: never join or split in the middle of it. */
function halvesBusy(ctx: DriverContext, mode: JoinMode): boolean {
  return mode.room_ids.some((id) => {
    try {
      return meetingUnderWay(otherSystem(ctx, id)) !== null;
    } catch {
      return false;
    }
  });
}

function followCalendar(ctx: DriverContext, modes: JoinMode[]): void {
  const found = calendarMode(ctx, modes);
  if (!found || isBusy(found.mode)) return;
  const { mode, booking } = found;
  const state = ctx.state;
  const joinedHere = inJoin(state) && state.join_mode === mode.id;
  if (booking && booking.id !== state.join_booking) {
    if (joinedHere) {
      // Already combined (by people, or for the booking before): the calendar keeps it so.
      state.join_booking = booking.id;
      return;
    }
    if (inJoin(state) || halvesBusy(ctx, mode)) return;
    state.join_booking = booking.id;
    propose(ctx, mode, 'join', [mode.id, 'calendar' satisfies JoinBy]);
    return;
  }
  if (!booking && joinedHere && state.join_by === 'calendar' && !halvesBusy(ctx, mode))
    propose(ctx, mode, 'unjoin', ['calendar' satisfies JoinBy]);
}

/** Only the rooms of a mode act for it (the combined system's own logic just follows). */
export function proposeFromCalendarAndWall(ctx: DriverContext, modes: JoinMode[]): void {
  const self = systemOf(ctx).id;
  const own = modes.filter((m) => m.room_ids.includes(self));
  followWall(ctx, own);
  followCalendar(ctx, own);
}
