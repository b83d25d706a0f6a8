import { Type } from '@sinclair/typebox';
import { ROLE } from '../store/model.ts';
import type { Driver, DriverContext } from './driver.ts';
import { func, onOff, unknownMethod } from './params.ts';

/*
 * A movable wall's position sensor, shared by the systems of the rooms it divides. `closed` is
 * what the sensor reads now; `changed_at` is when that reading began (ms), so a room can tell a
 * settled wall from a bouncing contact. A bounce is stored as the flips still to come (`moves`)
 * and applied as the clock passes them, so nothing ticks between reads.
 */

/** How far apart a bouncing contact's flips come, on the simulator's clock. */
export const BOUNCE_GAP_MS = 200;

interface Move {
  at: number;
  closed: boolean;
}

const movesOf = (v: unknown): Move[] =>
  Array.isArray(v)
    ? v.filter(
        (m): m is Move =>
          typeof m === 'object' && m !== null && typeof m.at === 'number' && typeof m.closed === 'boolean',
      )
    : [];

function read(ctx: DriverContext, closed: boolean, at: number): void {
  if (ctx.state.closed === closed) return;
  ctx.state.closed = closed;
  ctx.state.changed_at = at;
}

/** Applies the flips whose time has come. */
function settle(ctx: DriverContext): void {
  const now = ctx.now();
  const moves = movesOf(ctx.state.moves);
  const due = moves.filter((m) => m.at <= now);
  if (due.length === 0) return;
  for (const m of due) read(ctx, m.closed, m.at);
  ctx.state.moves = moves.filter((m) => m.at > now);
}

export const partitionWall: Driver = {
  key: 'partition-wall',
  className: 'PartitionWall',
  role: ROLE.device,
  description:
    'Movable wall’s position sensor (closed = the rooms are apart) on a contact-closure gateway (TCP, port 4998), shared by the rooms it divides.',
  defaultPort: 4998,
  funcs: {
    test_move: func({ closed: onOff('true = the wall is pulled closed, false = folded away') }),
    test_bounce: func({
      times: Type.Integer({
        minimum: 1,
        maximum: 20,
        description: 'how many times the sensor flips, 200 ms apart (an odd number leaves it moved)',
      }),
    }),
  },
  initialState: (settings) => ({
    closed: settings.closed !== false,
    changed_at: 0,
    moves: [],
  }),
  advance: settle,
  exec(ctx, method, args) {
    settle(ctx);
    switch (method) {
      case 'test_move':
        ctx.state.moves = [];
        read(ctx, args[0] as boolean, ctx.now());
        return null;
      case 'test_bounce': {
        const times = args[0] as number;
        const now = ctx.now();
        let closed = ctx.state.closed === true;
        const moves: Move[] = [];
        for (let i = 0; i < times; i++) {
          closed = !closed;
          moves.push({ at: now + i * BOUNCE_GAP_MS, closed });
        }
        ctx.state.moves = moves;
        settle(ctx);
        return null;
      }
      default:
        unknownMethod('partition-wall', method);
    }
  },
};
