import { Type } from '@sinclair/typebox';
import { ROLE } from '../store/model.ts';
import type { Driver, DriverContext } from './driver.ts';
import { checkOneOf, func, onOff, text, unknownMethod } from './params.ts';
import { DEFAULT_HELP, defaultHelpFor, MAX_HELP_MESSAGE, recordHelpRequest } from './room/help.ts';
import { carryOutHeld, heldKeys, holdBlocked } from './room/hold.ts';
import { advanceJoin, execJoin, isJoinMethod, joinFuncs, splitOnShutdown } from './room/join-methods.ts';
import { joinModes } from './room/join-modes.ts';
import { initialJoinState } from './room/join-state.ts';
import { failIfPartial, type RoomResult, run } from './room/run.ts';
import { sources, systemOf } from './room/siblings.ts';
import { isShown, shownBy, sourcePlan } from './room/source-plan.ts';
import { levelSteps, powerSteps, screensOff, unmuteSteps } from './room/steps.ts';
import { transitionOf } from './room/transition.ts';
import { readString } from './values.ts';

// The room logic's parts live in ./room/; their public names stay importable from here.
export { DEFAULT_HELP, defaultHelpFor, type HelpRequest, MAX_HELP_REQUESTS } from './room/help.ts';
export { DEFAULT_DEVICE_WAIT_MS, type RoomResult, type Unanswered } from './room/run.ts';
export { DEFAULT_SOURCES } from './room/siblings.ts';
export type { ShownBy } from './room/source-plan.ts';

async function power(ctx: DriverContext, on: boolean): Promise<RoomResult> {
  const system = systemOf(ctx);
  const { steps, warnings } = powerSteps(system, on);
  if (on && ctx.state.power !== true) steps.push(...levelSteps(system, ctx.module.settings));
  const result = await run(ctx, holdBlocked(ctx, system, steps), warnings);
  // The room records the intent even when a device failed: the panel shows "on" with a warning.
  ctx.state.power = on;
  if (!on) Object.assign(ctx.state, { active: null, selected: null });
  return result;
}

async function resetRoom(ctx: DriverContext): Promise<RoomResult> {
  const system = systemOf(ctx);
  const settings = ctx.module.settings;
  const source = readString(settings, 'default_source', sources(settings)[0] ?? '');
  // Back to how the room starts: its level, and never silent (a reset that left the room
  // muted would look like a broken sound system).
  const steps = [...levelSteps(system, settings), ...unmuteSteps(system)];
  const plan =
    ctx.state.power === true && sources(settings).includes(source)
      ? sourcePlan(system.siblings(), settings, source)
      : null;
  if (plan) steps.push(...plan.steps);
  const result = await run(ctx, steps, []);
  if (plan) {
    ctx.state.active = isShown(plan, new Set(result.failed ?? [])) ? source : null;
    ctx.state.selected = source;
  }
  return failIfPartial(ctx, 'The room was reset', result);
}

async function selectSource(ctx: DriverContext, source: string): Promise<RoomResult> {
  checkOneOf('select_source', 'name', source, sources(ctx.module.settings));
  const system = systemOf(ctx);
  // Choosing a source in an idle room starts it, as people expect from a one-touch panel.
  const started = ctx.state.power === true ? null : await power(ctx, true);
  const plan = sourcePlan(system.siblings(), ctx.module.settings, source);
  // The room is on but a screen is not (it did not answer before, or was switched off by
  // hand): choosing a source brings it on again.
  const wake = started ? [] : screensOff(system);
  const result = await run(ctx, holdBlocked(ctx, system, [...wake, ...plan.steps]), started?.warnings ?? []);
  // Claimed as showing only when every device that shows it took its command: a display
  // that did not answer is not showing it, whatever was asked, and nor is one still cooling down.
  const failed = new Set([...(started?.failed ?? []), ...(result.failed ?? []), ...heldKeys(ctx)]);
  ctx.state.active = isShown(plan, failed) ? source : null;
  ctx.state.selected = source;
  return failIfPartial(ctx, `${source} was chosen`, result);
}

export const roomLogic: Driver = {
  key: 'room-logic',
  className: 'RoomLogic',
  role: ROLE.logic,
  description: 'Room automation: one-touch power and source selection across the room’s devices.',
  defaultPort: null,
  funcs: {
    power: func({ state: onOff('true = start the room, false = shut it down') }),
    select_source: func({
      name: text('one of the module settings `sources` (default Laptop, Room PC, Wireless)'),
    }),
    reset_room: func(),
    request_help: func({
      message: Type.String({
        minLength: 1,
        maxLength: MAX_HELP_MESSAGE,
        default: 'Help requested at the panel',
        description: 'what the person asking said (kept with the time in state `help_requests`)',
      }),
    }),
    clear_help_requests: func(),
    ...joinFuncs,
  },
  // A divisible room follows its wall and the combined room's calendar.
  actsOnItsOwn: (settings) => joinModes(settings).length > 0,
  choices: (settings) => ({ select_source: { name: sources(settings) } }),
  initialState(settings) {
    return {
      power: false,
      active: null,
      sources: sources(settings),
      help: readString(settings, 'help', DEFAULT_HELP),
      warming: false,
      cooling: false,
      warming_until: null,
      held: [],
      last_error: null,
      selected: null,
      shown_by: {},
      not_answering: [],
      help_requests: [],
      ...initialJoinState(settings),
    };
  },
  advance(ctx) {
    ctx.state.sources = sources(ctx.module.settings);
    const classes = ctx.system ? ctx.system.siblings().map((t) => t.className) : [];
    ctx.state.help = readString(ctx.module.settings, 'help', defaultHelpFor(ctx.module.settings, classes));
    ctx.state.help_requests ??= [];
    if (ctx.system) {
      ctx.state.shown_by = shownBy(ctx.system, ctx.module.settings);
      const t = transitionOf(ctx.system, ctx.now());
      Object.assign(ctx.state, {
        warming: t.warming,
        cooling: t.cooling,
        warming_until: t.warming ? t.until : null,
      });
      carryOutHeld(ctx, ctx.system);
      advanceJoin(ctx);
    }
  },
  async exec(ctx, method, args) {
    if (isJoinMethod(method)) return execJoin(ctx, method, args);
    switch (method) {
      case 'power': {
        const on = args[0] as boolean;
        if (!on) await splitOnShutdown(ctx);
        return failIfPartial(ctx, on ? 'The room started' : 'The room switched off', await power(ctx, on));
      }
      case 'reset_room':
        return resetRoom(ctx);
      case 'request_help':
        return recordHelpRequest(ctx.state, args[0], ctx.now());
      case 'clear_help_requests':
        ctx.state.help_requests = [];
        return null;
      case 'select_source':
        return selectSource(ctx, args[0] as string);
      default:
        unknownMethod('room-logic', method);
    }
  },
};
