import type { DeviceState } from '../../store/model.ts';
import { type DriverContext, DriverError, InvalidArgumentsError, type SystemContext } from '../driver.ts';
import { readNumber } from '../values.ts';
import { type JoinAction, type JoinMode, modeById, parseModuleId, reachable } from './join-modes.ts';
import { enterJoin, inJoin, type JoinBy, leaveJoin, listOf } from './join-state.ts';
import { DEFAULT_DEVICE_WAIT_MS, type RoomResult, waitAtMost } from './run.ts';
import { systemOf } from './siblings.ts';

/** The room logic's class name in every system: how one room finds another's logic. */
export const LOGIC_CLASS = 'RoomLogic';

/*
 * One join or split of a mode at a time, across its rooms: two panels pressing at once, or the
 * wall and a panel, must not interleave their questions to the same rooms.
 */
const busy = new Set<string>();
/** Room logic modules reading their master's state right now. */
const following = new Set<string>();
const lockKey = (mode: JoinMode) => [...mode.room_ids].sort().join('+');

/** Another system, reachable only when one of this room's modes names it. */
export function otherSystem(ctx: DriverContext, id: string): SystemContext {
  const system = systemOf(ctx);
  if (id === system.id) return system;
  if (!reachable(ctx.module.settings).has(id) || !system.other)
    throw new DriverError(`${id} is not a room this room can be joined with`);
  return system.other(id);
}

/** A room's name for messages; its id when the system cannot be read. */
export function roomName(ctx: DriverContext, id: string): string {
  try {
    return otherSystem(ctx, id).name;
  } catch {
    return id;
  }
}

const waitMs = (ctx: DriverContext) =>
  readNumber(ctx.module.settings, 'device_wait_ms', DEFAULT_DEVICE_WAIT_MS, 0);

/** Async, so that a room that cannot be reached is a rejection like any other failure. */
async function callLogic(ctx: DriverContext, id: string, method: string, args: unknown[]): Promise<unknown> {
  return waitAtMost(otherSystem(ctx, id).exec(LOGIC_CLASS, 1, method, args), waitMs(ctx));
}

/** The other room's logic state, or null when it has none (a combined system without logic). */
export function logicState(ctx: DriverContext, id: string): DeviceState | null {
  const system = otherSystem(ctx, id);
  if (!system.siblings().some((s) => s.className === LOGIC_CLASS)) return null;
  return system.state(LOGIC_CLASS, 1);
}

const hasLogic = (ctx: DriverContext, id: string) =>
  otherSystem(ctx, id)
    .siblings()
    .some((s) => s.className === LOGIC_CLASS);

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function withLock<T>(mode: JoinMode, work: () => Promise<T>): Promise<T> {
  const key = lockKey(mode);
  if (busy.has(key))
    throw new DriverError(`${mode.name} is already being combined or split; try again in a moment`);
  busy.add(key);
  try {
    return await work();
  } finally {
    busy.delete(key);
  }
}

export const isBusy = (mode: JoinMode) => busy.has(lockKey(mode));

/** The mode's own device calls (a DSP preset), on the combined system, else on this room. */
async function runActions(ctx: DriverContext, mode: JoinMode, actions: JoinAction[]): Promise<string[]> {
  const target = mode.system_id ? otherSystem(ctx, mode.system_id) : systemOf(ctx);
  const outcomes = await Promise.allSettled(
    actions.map(async (a) => {
      const id = parseModuleId(a.module_id);
      if (!id) throw new Error(`${a.module_id} is not a module id like Mixer_1`);
      return waitAtMost(target.exec(id.className, id.index, a.function_name, a.arguments), waitMs(ctx));
    }),
  );
  return outcomes.flatMap((o, i) =>
    o.status === 'rejected'
      ? [`${actions[i]?.module_id.replace('_', ' ')} reported a problem (${reason(o.reason)})`]
      : [],
  );
}

/** The rooms (and the combined system, where it has logic) a master tells of its join or split. */
function followers(ctx: DriverContext, mode: JoinMode): string[] {
  const self = systemOf(ctx).id;
  const rooms = mode.room_ids.filter((id) => id !== self);
  if (mode.system_id && mode.system_id !== self && hasLogic(ctx, mode.system_id)) rooms.push(mode.system_id);
  return rooms;
}

/** This room becomes the master of `modeId` and asks every other room to join it. */
export async function join(ctx: DriverContext, modeId: string, by: JoinBy): Promise<RoomResult> {
  const mode = modeById(ctx.module.settings, modeId);
  const self = systemOf(ctx).id;
  if (!mode.room_ids.includes(self))
    throw new InvalidArgumentsError(`join: this room is not one of the rooms of ${mode.name}`);
  const state = ctx.state;
  // Already combined this way, whoever leads it: pressing Combine again changes nothing.
  if (state.join_mode === mode.id) return { ok: true, warnings: [] };
  if (inJoin(state)) await split(ctx, by);
  return withLock(mode, async () => {
    const asked = followers(ctx, mode);
    const rooms = new Set(mode.room_ids);
    // Pending until each room has said yes: the panel shows the truth while they answer.
    enterJoin(
      state,
      mode,
      self,
      asked.filter((id) => rooms.has(id)),
      by,
    );
    const outcomes = await Promise.allSettled(
      asked.map(async (id) => {
        await callLogic(ctx, id, 'join_accept', [mode.id, self, by]);
        state.join_pending = listOf(state.join_pending).filter((p) => p !== id);
      }),
    );
    const refused = asked.filter((_, i) => outcomes[i]?.status === 'rejected');
    if (refused.length > 0) {
      const agreed = asked.filter((id) => !refused.includes(id));
      await Promise.allSettled(agreed.map((id) => callLogic(ctx, id, 'join_leave', [self, by])));
      leaveJoin(state, by);
      const names = refused.map((id) => roomName(ctx, id)).join(' and ');
      const message = `${mode.name} was not combined: ${names} did not take part. Check its panel, or call AV support.`;
      state.last_error = message;
      throw new DriverError(message);
    }
    state.join_pending = [];
    state.join_confirmed = true;
    const warnings = await runActions(ctx, mode, mode.join_actions);
    return { ok: warnings.length === 0, warnings };
  });
}

/** Splits the join this room is part of; a room that is not the master asks the master. */
export async function split(ctx: DriverContext, by: JoinBy): Promise<RoomResult> {
  const state = ctx.state;
  const self = systemOf(ctx).id;
  if (!inJoin(state)) return { ok: true, warnings: [] };
  const master = typeof state.join_master === 'string' ? state.join_master : self;
  if (master !== self) {
    // Asked only of a master that says it leads: two rooms naming each other must not pass it back and forth.
    const theirs = logicState(ctx, master);
    if (theirs?.join_master === master) await callLogic(ctx, master, 'unjoin', [by]);
    else leaveJoin(state, by);
    return { ok: true, warnings: [] };
  }
  const mode = modeById(ctx.module.settings, String(state.join_mode));
  return withLock(mode, async () => {
    const told = followers(ctx, mode);
    leaveJoin(state, by);
    const outcomes = await Promise.allSettled(told.map((id) => callLogic(ctx, id, 'join_leave', [self, by])));
    const warnings = told.flatMap((id, i) =>
      outcomes[i]?.status === 'rejected' ? [`${roomName(ctx, id)} did not answer`] : [],
    );
    warnings.push(...(await runActions(ctx, mode, mode.split_actions)));
    return { ok: warnings.length === 0, warnings };
  });
}

/**
 * A room takes part in a master's join. Nobody else can make a room believe it is joined: the
 * master must be a room of the mode and its own state must say it is combining this mode.
 */
export function accept(ctx: DriverContext, modeId: string, master: string, by: JoinBy): null {
  const mode = modeById(ctx.module.settings, modeId);
  const self = systemOf(ctx).id;
  if (!mode.room_ids.includes(master))
    throw new InvalidArgumentsError(`join_accept: ${master} is not one of the rooms of ${mode.name}`);
  if (!mode.room_ids.includes(self) && mode.system_id !== self)
    throw new InvalidArgumentsError(`join_accept: this room is not part of ${mode.name}`);
  const theirs = logicState(ctx, master);
  if (theirs?.join_master !== master || theirs.join_mode !== mode.id)
    throw new DriverError(`${roomName(ctx, master)} is not combining ${mode.name}`);
  const state = ctx.state;
  if (inJoin(state) && (state.join_master !== master || state.join_mode !== mode.id))
    throw new DriverError(`${systemOf(ctx).name} is already combined as ${String(state.join_mode)}`);
  enterJoin(state, mode, master, listOf(theirs.join_pending), by);
  return null;
}

/** A room of a join goes back to being separate, when its master says so. */
export function leave(ctx: DriverContext, master: string, by: JoinBy): null {
  const state = ctx.state;
  if (!inJoin(state)) return null;
  if (state.join_master !== master)
    throw new DriverError(`${roomName(ctx, master)} does not lead this room's join`);
  leaveJoin(state, by);
  return null;
}

/**
 * A room that is not the master follows the master's own word (confirmed, pending), and finds
 * itself separate when the master no longer counts it in (a split it was not told of).
 */
export function followMaster(ctx: DriverContext): void {
  const state = ctx.state;
  const self = systemOf(ctx).id;
  const master = state.join_master;
  if (!inJoin(state) || typeof master !== 'string' || master === self) return;
  // Two rooms that each name the other as master (a hand-edited data file) must not read each other forever.
  if (following.has(ctx.module.id)) return;
  following.add(ctx.module.id);
  let theirs: DeviceState | null;
  try {
    theirs = logicState(ctx, master);
  } catch {
    return;
  } finally {
    following.delete(ctx.module.id);
  }
  if (!theirs) return;
  if (theirs.join_master !== master || theirs.join_mode !== state.join_mode) {
    leaveJoin(state, typeof theirs.join_by === 'string' ? (theirs.join_by as JoinBy) : 'people');
    return;
  }
  state.join_pending = listOf(theirs.join_pending);
  state.join_confirmed = theirs.join_confirmed === true;
}
