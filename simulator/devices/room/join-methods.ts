import { Type } from '@sinclair/typebox';
import type { DriverContext, FuncSpec } from '../driver.ts';
import { func, onOff, text } from '../params.ts';
import { proposeFromCalendarAndWall } from './join-auto.ts';
import { joinModes, modeById } from './join-modes.ts';
import { describeModes, inJoin, JOIN_BY, type JoinBy, wallDisagrees } from './join-state.ts';
import { accept, followMaster, join, leave, roomName, split } from './join.ts';
import { failIfPartial, type RoomResult } from './run.ts';
import { systemOf } from './siblings.ts';

const byOf = (options: { default?: JoinBy }) =>
  Type.Union(
    JOIN_BY.map((b) => Type.Literal(b)),
    { ...options, description: 'who asks: people (a panel), override, wall or calendar' },
  );
const BY = byOf({ default: 'people' });
const TOLD_BY = byOf({});
const MODE = text('the id of one of the room’s join modes (settings join_modes)');
const SYSTEM = text('a system id');
/** Forcing a join against the wall, or handing the room back to it, is a technician's work. */
const TECHNICIANS = ['support', 'admin'] as const;

/** The room logic's methods for divisible rooms (docs/room-joining.md). */
export const joinFuncs: Record<string, FuncSpec> = {
  join: func({ mode_id: MODE, by: BY }),
  unjoin: func({ by: BY }),
  join_override: {
    ...func({
      mode_id: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
        description: 'the mode to hold against the wall, or null to hold the rooms split',
      }),
    }),
    roles: TECHNICIANS,
  },
  join_auto: {
    ...func({ state: onOff('true = the wall’s sensor joins and splits the rooms') }),
    roles: TECHNICIANS,
  },
  join_accept: func({
    mode_id: MODE,
    master_id: SYSTEM,
    by: TOLD_BY,
  }),
  join_leave: func({ master_id: SYSTEM, by: TOLD_BY }),
};

const JOIN_METHODS = new Set(Object.keys(joinFuncs));
export const isJoinMethod = (method: string) => JOIN_METHODS.has(method);

function done(ctx: DriverContext, what: string, result: RoomResult): RoomResult {
  return failIfPartial(ctx, what, result);
}

export async function execJoin(ctx: DriverContext, method: string, args: unknown[]): Promise<unknown> {
  switch (method) {
    case 'join': {
      const mode = modeById(ctx.module.settings, args[0] as string);
      return done(ctx, `${mode.name} was combined`, await join(ctx, mode.id, args[1] as JoinBy));
    }
    case 'unjoin':
      return done(ctx, 'The rooms were split', await split(ctx, args[0] as JoinBy));
    case 'join_override': {
      const modeId = args[0] as string | null;
      const result = modeId === null ? await split(ctx, 'override') : await join(ctx, modeId, 'override');
      // Held even when nothing had to change: the wall is ignored until it next moves.
      ctx.state.join_override = true;
      return done(ctx, modeId === null ? 'The rooms were split' : 'The rooms were combined', result);
    }
    case 'join_auto':
      ctx.state.join_auto = args[0] as boolean;
      if (ctx.state.join_auto === true) {
        ctx.state.join_override = false;
        // Following the wall starts from what it reads now, not from its next move.
        ctx.state.wall = null;
      }
      return null;
    case 'join_accept':
      return accept(ctx, args[0] as string, args[1] as string, args[2] as JoinBy);
    case 'join_leave':
      return leave(ctx, args[0] as string, args[1] as JoinBy);
  }
  return undefined;
}

/** Brings the room's join keys up to date; a room without modes publishes none. */
export function advanceJoin(ctx: DriverContext): void {
  const modes = joinModes(ctx.module.settings);
  if (modes.length === 0 || !ctx.system) return;
  ctx.state.join_modes = describeModes(modes, (id) => roomName(ctx, id));
  followMaster(ctx);
  proposeFromCalendarAndWall(ctx, modes);
  ctx.state.wall_disagrees = wallDisagrees(ctx.state);
}

/** Switching off a joined room splits it first, where its mode says so. */
export async function splitOnShutdown(ctx: DriverContext): Promise<void> {
  if (!inJoin(ctx.state)) return;
  const mode = joinModes(ctx.module.settings).find((m) => m.id === ctx.state.join_mode);
  if (mode?.split_on_shutdown && systemOf(ctx)) await split(ctx, 'people');
}
