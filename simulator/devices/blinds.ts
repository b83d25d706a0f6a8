import { ROLE } from '../store/model.ts';
import type { Driver, DriverContext } from './driver.ts';
import { func, unknownMethod } from './params.ts';
import { clamp, readNumber } from './values.ts';

/*
 * Position 0 is fully up (open), 100 fully down. Motion is stored as where and when it started
 * (`moving_from`, `moving_since`, persisted with the state) and the position is computed lazily, so
 * nothing ticks between requests.
 */

type Direction = 'up' | 'down';

function travelMs(ctx: DriverContext): number {
  return readNumber(ctx.module.settings, 'travel_seconds', 10, 0) * 1000;
}

/** Exact (unrounded) position now; `position` itself is kept as a whole percentage. */
function exactPosition(ctx: DriverContext): number {
  const s = ctx.state;
  const from = readNumber(s, 'moving_from', readNumber(s, 'position', 0));
  const since = s.moving_since;
  if ((s.moving !== 'up' && s.moving !== 'down') || typeof since !== 'number') return from;
  const ms = travelMs(ctx);
  const travelled = ms === 0 ? 100 : ((ctx.now() - since) / ms) * 100;
  return clamp(s.moving === 'down' ? from + travelled : from - travelled, 0, 100);
}

function settle(ctx: DriverContext, position: number): void {
  Object.assign(ctx.state, { position, moving: null, moving_from: null, moving_since: null });
}

function move(ctx: DriverContext, direction: Direction): void {
  const from = exactPosition(ctx);
  const end = direction === 'down' ? 100 : 0;
  if (from === end) {
    settle(ctx, end);
    return;
  }
  Object.assign(ctx.state, {
    position: Math.round(from),
    moving: direction,
    moving_from: from,
    moving_since: ctx.now(),
  });
}

export const blinds: Driver = {
  key: 'blinds',
  className: 'Blinds',
  role: ROLE.device,
  description: 'Motorised blinds: up, down, stop; position 0 (open) … 100 (closed) (telnet, port 23).',
  defaultPort: 23,
  funcs: { up: func(), down: func(), stop: func() },
  initialState: () => ({ position: 0, moving: null, moving_from: null, moving_since: null }),
  advance(ctx) {
    if (ctx.state.moving === null || ctx.state.moving === undefined) return;
    const pos = exactPosition(ctx);
    const end = ctx.state.moving === 'down' ? 100 : 0;
    if (pos === end) settle(ctx, end);
    else ctx.state.position = Math.round(pos);
  },
  exec(ctx, method) {
    switch (method) {
      case 'up':
      case 'down':
        move(ctx, method);
        return;
      case 'stop':
        settle(ctx, Math.round(exactPosition(ctx)));
        return;
      default:
        unknownMethod('blinds', method);
    }
  },
};
