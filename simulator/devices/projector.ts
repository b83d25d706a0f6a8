import { ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { checkOneOf, func, onOff, requirePower, text, unknownMethod } from './params.ts';
import { readInt, readNumber, readStringList } from './values.ts';

/*
 * Power semantics (PJLink reports four power states: off, warming up, on, cooling down):
 *
 * - `power` is what the room actually sees: true only while the lamp is lit and a picture is shown.
 *   power(true) starts warm-up with `power` still false and `warming` true; `power` becomes true when
 *   warm-up ends. power(false) drops `power` to false at once (the picture goes) and cools down
 *   with `cooling` true.
 * - During a transition, a power command for the state already being reached is accepted as a
 *   no-op (a second press of "on" is harmless); the opposite one is refused with the time left,
 *   as real projectors refuse it (PJLink ERR3, "unavailable time"), so the caller can retry.
 * - Transitions finish lazily in advance(), from `transition_ends_at` (ms since the epoch, persisted
 *   with the state), so no timers outlive a request.
 */

export const DEFAULT_PROJECTOR_INPUTS = ['hdmi1', 'hdmi2', 'hdbaset'] as const;

const settingsOf = (settings: Record<string, unknown>) => ({
  warmUpSeconds: readNumber(settings, 'warm_up_seconds', 20, 0),
  coolDownSeconds: readNumber(settings, 'cool_down_seconds', 15, 0),
  inputs: readStringList(settings, 'inputs', DEFAULT_PROJECTOR_INPUTS),
});

const HOUR_MS = 3_600_000;

function idle(ctx: DriverContext): void {
  Object.assign(ctx.state, {
    warming: false,
    cooling: false,
    transition_seconds: 0,
    transition_remaining: 0,
    transition_ends_at: null,
  });
}

function startTransition(ctx: DriverContext, kind: 'warming' | 'cooling', seconds: number): void {
  const now = ctx.now();
  Object.assign(ctx.state, {
    warming: kind === 'warming',
    cooling: kind === 'cooling',
    transition_seconds: seconds,
    transition_remaining: Math.ceil(seconds),
    transition_ends_at: now + seconds * 1000,
  });
  if (seconds === 0) finishTransition(ctx);
}

function finishTransition(ctx: DriverContext): void {
  if (ctx.state.warming === true) ctx.state.power = true;
  idle(ctx);
}

/** The lamp burns from power(true) until power(false); hours accrue when it goes out. */
function lampOff(ctx: DriverContext): void {
  const since = ctx.state.lamp_on_since;
  if (typeof since === 'number') {
    const hours = readNumber(ctx.state, 'lamp_hours', 0, 0) + (ctx.now() - since) / HOUR_MS;
    ctx.state.lamp_hours = Math.round(hours * 100) / 100;
  }
  ctx.state.lamp_on_since = null;
}

function refuseDuringTransition(ctx: DriverContext): never {
  const what = ctx.state.warming === true ? 'warming up' : 'cooling down';
  const left = readInt(ctx.state, 'transition_remaining', 0, 0);
  throw new DriverError(`projector is ${what}; try again in ${left} s`);
}

export const projector: Driver = {
  key: 'projector',
  className: 'Projector',
  role: ROLE.device,
  description: 'Lamp projector with warm-up and cool-down, inputs and AV mute (PJLink, port 4352).',
  defaultPort: 4352,
  funcs: {
    power: func({ state: onOff() }),
    input: func({ name: text('one of the module settings `inputs` (default hdmi1, hdmi2, hdbaset)') }),
    mute: func({ state: onOff('true = AV mute (blank picture and sound)') }),
  },
  initialState(settings) {
    const { inputs } = settingsOf(settings);
    return {
      power: false,
      warming: false,
      cooling: false,
      transition_seconds: 0,
      transition_remaining: 0,
      transition_ends_at: null,
      input: inputs[0] ?? null,
      inputs,
      lamp_hours: readNumber(settings, 'lamp_hours', 0, 0),
      lamp_on_since: null,
      mute: false,
    };
  },
  advance(ctx) {
    const settings = settingsOf(ctx.module.settings);
    ctx.state.inputs = settings.inputs;
    const recorded = ctx.state.transition_ends_at;
    if (typeof recorded !== 'number') return;
    let endsAt = recorded;
    // A warm-up (or cool-down) time changed while one runs applies to it, counted from its start:
    // so a test can hold a projector warming as long as it needs and then end it at once.
    const wanted = ctx.state.warming === true ? settings.warmUpSeconds : settings.coolDownSeconds;
    const seconds = readNumber(ctx.state, 'transition_seconds', wanted, 0);
    if (wanted !== seconds) {
      endsAt = endsAt - seconds * 1000 + wanted * 1000;
      Object.assign(ctx.state, { transition_seconds: wanted, transition_ends_at: endsAt });
    }
    const now = ctx.now();
    if (now >= endsAt) finishTransition(ctx);
    else ctx.state.transition_remaining = Math.ceil((endsAt - now) / 1000);
  },
  exec(ctx, method, args) {
    const s = ctx.state;
    const transitioning = s.warming === true || s.cooling === true;
    switch (method) {
      case 'power': {
        const on = args[0] as boolean;
        if (transitioning) {
          if ((s.warming === true) === on) return;
          refuseDuringTransition(ctx);
        }
        if (s.power === on) return;
        const { warmUpSeconds, coolDownSeconds } = settingsOf(ctx.module.settings);
        if (on) {
          s.lamp_on_since = ctx.now();
          startTransition(ctx, 'warming', warmUpSeconds);
        } else {
          s.power = false;
          s.mute = false;
          lampOff(ctx);
          startTransition(ctx, 'cooling', coolDownSeconds);
        }
        return;
      }
      case 'input': {
        const input = args[0] as string;
        checkOneOf(method, 'name', input, settingsOf(ctx.module.settings).inputs);
        if (transitioning) refuseDuringTransition(ctx);
        requirePower(s, 'projector');
        s.input = input;
        return;
      }
      case 'mute':
        if (transitioning) refuseDuringTransition(ctx);
        requirePower(s, 'projector');
        s.mute = args[0] as boolean;
        return;
      default:
        unknownMethod('projector', method);
    }
  },
};
