import { Type } from '@sinclair/typebox';
import { ROLE } from '../store/model.ts';
import {
  type Driver,
  type DriverContext,
  DriverError,
  type SiblingModule,
  type SystemContext,
} from './driver.ts';
import { displayInputs } from './display.ts';
import { lightingScenes } from './lighting.ts';
import { checkOneOf, func, onOff, text, unknownMethod } from './params.ts';
import { switcherSize } from './switcher.ts';
import { readNumber, readString, readStringList } from './values.ts';

/** Below the exec endpoint's 15 s wait, so the room can still report which device hung. */
export const DEFAULT_DEVICE_WAIT_MS = 8000;

export const DEFAULT_SOURCES = ['Laptop', 'Room PC', 'Wireless'] as const;

/** The help a room logic module without devices gives (none to name): how to start, how to leave. */
export const DEFAULT_HELP = [
  '**Starting the room.** Touch a source: the screens and sound come on and show it.',
  '',
  '- When you leave, touch **End meeting** (**Room off** when nothing is booked).',
  '',
  'Something not working? Call the AV help desk on **extension 4357** (HELP).',
].join('\n');

const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/**
 * The default help, said only of what this room has: its own sources, a projector's warm-up only
 * with a projector, pages only for the lights, blinds and cameras it has (never a Room PC or a
 * camera the room does not have).
 */
export function defaultHelpFor(settings: Record<string, unknown>, classes: readonly string[]): string {
  const has = (c: string) => classes.includes(c);
  if (classes.length === 0) return DEFAULT_HELP;
  const lines = [
    `**Starting the room.** Touch ${orList(sources(settings).map((s) => `**${s}**`))}: the screens and`,
    'sound come on and show it.',
  ];
  if (has('Projector')) lines.push('The projector takes about half a minute to warm up.');
  lines.push('');
  if (has('Mixer') || has('Display') || has('Projector'))
    lines.push('- The volume is always at the bottom of the screen.');
  const pages = [
    has('Lighting') ? 'lights' : '',
    has('Blinds') ? 'blinds' : '',
    has('Camera') ? 'cameras' : '',
  ].filter(Boolean);
  if (pages.length > 0) {
    const named = orList(pages).replace(' or ', ' and ');
    lines.push(
      `- ${named[0]?.toUpperCase()}${named.slice(1)} have their own page${pages.length > 1 ? 's' : ''} at the top.`,
    );
  }
  // The number to call is the panel's to show (the room's own, else the installation's), large.
  lines.push(
    '- When you leave, touch **End meeting** (**Room off** when nothing is booked).',
    '',
    'Something not working? Touch **Request help**.',
  );
  return lines.join('\n');
}

/** How many help requests the room keeps (oldest dropped first). */
export const MAX_HELP_REQUESTS = 20;
const MAX_HELP_MESSAGE = 200;

/** A help request as the room records it: when (epoch seconds) and what was said. */
export interface HelpRequest {
  at: number;
  message: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const withoutControls = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

function helpRequestsOf(state: Record<string, unknown>): HelpRequest[] {
  const list = state.help_requests;
  return Array.isArray(list) ? (list as HelpRequest[]) : [];
}

/** One device call the room makes; steps keep sibling order so warnings read predictably. */
interface Step {
  target: SiblingModule;
  method: string;
  args: unknown[];
}

/** Room result: `ok` is false when any device failed; the room still did what it could. */
export interface RoomResult {
  ok: boolean;
  warnings: string[];
  /** `Class/index` of the devices whose command failed (kept out of the answer sent back). */
  failed?: string[];
}

const sources = (settings: Record<string, unknown>) => readStringList(settings, 'sources', DEFAULT_SOURCES);

function systemOf(ctx: DriverContext): SystemContext {
  if (!ctx.system) throw new DriverError('room logic is not bound to a system');
  return ctx.system;
}

/*
 * Devices are found by class name (a logic module sees its siblings' class names, not their
 * drivers), so a display renamed with custom_name "LeftScreen" is not driven by the room.
 */
const ofClass = (siblings: SiblingModule[], className: string) =>
  siblings.filter((s) => s.className === className);

function powerSteps(system: SystemContext, on: boolean): { steps: Step[]; warnings: string[] } {
  const steps: Step[] = [];
  const warnings: string[] = [];
  for (const target of system.siblings()) {
    switch (target.className) {
      case 'Display':
      case 'Projector':
      case 'Camera':
        steps.push({ target, method: 'power', args: [on] });
        break;
      case 'Lighting': {
        const wanted = on ? 'Presentation' : 'Off';
        // A shared gateway: the scene numbers are this room's own (its settings.lighting).
        const n = roomScenes(system, target).indexOf(wanted) + 1;
        if (n > 0) steps.push({ target, method: 'scene', args: [n] });
        else warnings.push(`${label(target)}: no scene named "${wanted}"`);
        break;
      }
      case 'Blinds':
        // Lowered for presenting (glare on the screens), raised again when the room is left.
        steps.push({ target, method: on ? 'down' : 'up', args: [] });
        break;
      case 'Mixer':
        steps.push({ target, method: 'master_mute', args: [!on] });
        break;
    }
  }
  return { steps, warnings };
}

/** A device state key and the value that, reported by the device, means the source is showing. */
export interface ShownBy {
  module: string;
  index: number;
  /** The device as the room's messages name it ("Display 1"). */
  name: string;
  key: string;
  value: unknown;
}

interface SourcePlan {
  steps: Step[];
  /** What the devices report once the source is on the screens: the proof, not the intention. */
  shownBy: ShownBy[];
}

function sourcePlan(
  siblings: SiblingModule[],
  settings: Record<string, unknown>,
  source: string,
): SourcePlan {
  const position = sources(settings).indexOf(source) + 1;
  const steps: Step[] = [];
  const shownBy: ShownBy[] = [];
  const proof = (target: SiblingModule, key: string, value: unknown) =>
    shownBy.push({ module: target.className, index: target.index, name: label(target), key, value });
  // Every screen of the room shows the source (the room logic powers them all on with the room).
  for (const target of siblings) {
    if (target.className === 'Display' || target.className === 'Projector') proof(target, 'power', true);
  }
  const switchers = ofClass(siblings, 'Switcher');
  for (const target of switchers) {
    const { inputs, outputs } = switcherSize(target.module.settings);
    if (position > inputs) continue;
    for (let output = 1; output <= outputs; output++) {
      steps.push({ target, method: 'route', args: [position, output] });
      proof(target, `output_${output}`, position);
    }
  }
  // With a switcher the displays sit on its output and keep their input unless `display_inputs`
  // names one for the source; without one, source N is wired to the display's Nth input.
  const mapped = settings.display_inputs;
  const configured =
    typeof mapped === 'object' && mapped !== null ? (mapped as Record<string, unknown>)[source] : undefined;
  for (const target of ofClass(siblings, 'Display')) {
    const input =
      typeof configured === 'string'
        ? configured
        : switchers.length === 0
          ? displayInputs(target.module.settings)[position - 1]
          : undefined;
    if (input !== undefined) {
      steps.push({ target, method: 'input', args: [input] });
      proof(target, 'input', input);
    }
  }
  return { steps, shownBy };
}

/**
 * Per source, the device states that show it, published so a panel can light a source from the
 * devices' own reports (a real room controller knows its wiring and says it the same way).
 */
function shownBy(system: SystemContext, settings: Record<string, unknown>): Record<string, ShownBy[]> {
  const siblings = system.siblings();
  return Object.fromEntries(
    sources(settings).map((name) => [name, sourcePlan(siblings, settings, name).shownBy]),
  );
}

/** Power-on steps for the room's screens that report neither on nor warming. */
function screensOff(system: SystemContext): Step[] {
  return system.siblings().flatMap((target): Step[] => {
    if (target.className !== 'Display' && target.className !== 'Projector') return [];
    let state: Record<string, unknown>;
    try {
      state = system.state(target.className, target.index);
    } catch {
      return [];
    }
    return state.power === true || state.warming === true ? [] : [{ target, method: 'power', args: [true] }];
  });
}

/** A device that did not answer the room's last command to it. */
export interface Unanswered {
  module: string;
  index: number;
  name: string;
}

const NO_ANSWER = /not responding|offline|no answer|timed? ?out|no reply|did not answer/i;

const label = (s: SiblingModule) => s.module.custom_name?.trim() || `${s.className} ${s.index}`;

function roomScenes(system: SystemContext, target: SiblingModule): string[] {
  try {
    const scenes = system.state(target.className, target.index).scenes;
    return Array.isArray(scenes) ? scenes.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return lightingScenes(target.module.settings);
  }
}

/** A device's failure in a room user's words: what did not happen, never an address. */
function failureOf(device: string, why: string): string {
  if (/not responding|offline|no answer|timed? ?out|no reply/i.test(why)) return `${device} did not respond`;
  if (/warming|cooling/i.test(why)) return `${device} is still warming up or cooling down`;
  if (/stopped/i.test(why)) return `${device} is switched off in the system`;
  return `${device} reported a problem (${why.replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, 'its address')})`;
}

/** A room command that did not do everything it says fails, naming what let the room down. */
function failIfPartial(ctx: DriverContext, what: string, result: RoomResult): RoomResult {
  if (result.ok) {
    ctx.state.last_error = null;
    return { ok: true, warnings: result.warnings };
  }
  const message = `${what}, but ${result.warnings.join('; ')}. Check it is switched on, or call AV support.`;
  ctx.state.last_error = message;
  throw new DriverError(message);
}

/**
 * A device that never answers would otherwise hold the room call until the exec endpoint's own
 * timeout, which fires first and loses every other result; so the room stops waiting sooner.
 */
function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ms} ms; the command may still complete`)),
      ms,
    );
  });
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer));
}

async function run(ctx: DriverContext, steps: Step[], warnings: string[]): Promise<RoomResult> {
  const system = systemOf(ctx);
  const waitMs = readNumber(ctx.module.settings, 'device_wait_ms', DEFAULT_DEVICE_WAIT_MS, 0);
  // In parallel, as a room controller does: one slow projector must not hold up the lights.
  const outcomes = await Promise.allSettled(
    steps.map((s) => waitAtMost(system.exec(s.target.className, s.target.index, s.method, s.args), waitMs)),
  );
  const silent = new Map<string, Unanswered>();
  const answered = new Set<string>();
  outcomes.forEach((o, i) => {
    const step = steps[i];
    if (!step) return;
    const key = `${step.target.className}/${step.target.index}`;
    if (o.status === 'rejected') {
      const why = o.reason instanceof Error ? o.reason.message : String(o.reason);
      const failure = failureOf(label(step.target), why);
      if (!warnings.includes(failure)) warnings.push(failure);
      if (NO_ANSWER.test(why))
        silent.set(key, {
          module: step.target.className,
          index: step.target.index,
          name: label(step.target),
        });
      else answered.add(key);
    } else answered.add(key);
  });
  // Who is not answering, as of each device's last command from the room: a later answer clears it.
  const before = Array.isArray(ctx.state.not_answering) ? (ctx.state.not_answering as Unanswered[]) : [];
  const kept = before.filter((d) => {
    const key = `${d.module}/${d.index}`;
    return !answered.has(key) && !silent.has(key);
  });
  ctx.state.not_answering = [...kept, ...silent.values()];
  const failed = steps.flatMap((step, i) =>
    outcomes[i]?.status === 'rejected' ? [`${step.target.className}/${step.target.index}`] : [],
  );
  return { ok: warnings.length === 0, warnings, failed };
}

async function power(ctx: DriverContext, on: boolean): Promise<RoomResult> {
  const system = systemOf(ctx);
  const { steps, warnings } = powerSteps(system, on);
  if (on && ctx.state.power !== true) steps.push(...levelSteps(system, ctx.module.settings));
  const result = await run(ctx, steps, warnings);
  // The room records the intent even when a device failed: the panel shows "on" with a warning.
  ctx.state.power = on;
  if (!on) Object.assign(ctx.state, { active: null, selected: null });
  return result;
}

/** The installer's start level (`default_volume`): the mixer's master in dB, else the displays' %. */
function levelSteps(system: SystemContext, settings: Record<string, unknown>): Step[] {
  const level = settings.default_volume;
  if (typeof level !== 'number') return [];
  const siblings = system.siblings();
  const mixers = ofClass(siblings, 'Mixer');
  if (mixers.length > 0)
    return mixers.map((target) => ({ target, method: 'master', args: [Math.round(level)] }));
  return ofClass(siblings, 'Display').map((target) => ({
    target,
    method: 'volume',
    args: [Math.max(0, Math.min(100, Math.round(level)))],
  }));
}

/** The program sound unmuted: the mixers' master, else the displays' own mute (those switched on). */
function unmuteSteps(system: SystemContext): Step[] {
  const siblings = system.siblings();
  const mixers = ofClass(siblings, 'Mixer');
  if (mixers.length > 0) return mixers.map((target) => ({ target, method: 'master_mute', args: [false] }));
  return ofClass(siblings, 'Display')
    .filter((target) => {
      try {
        const state = system.state(target.className, target.index);
        return state.power === true && state.mute === true;
      } catch {
        return false;
      }
    })
    .map((target) => ({ target, method: 'mute', args: [false] }));
}

/** Warming up or cooling down, as the room's projectors and displays report it. */
function transitionOf(
  system: SystemContext,
  now: number,
): { warming: boolean; cooling: boolean; until: number | null } {
  let warming = false;
  let cooling = false;
  let until: number | null = null;
  for (const s of system.siblings()) {
    if (s.className !== 'Projector' && s.className !== 'Display') continue;
    let state: Record<string, unknown>;
    try {
      state = system.state(s.className, s.index);
    } catch {
      continue;
    }
    if (state.warming !== true && state.cooling !== true) continue;
    warming ||= state.warming === true;
    cooling ||= state.cooling === true;
    const left = typeof state.transition_remaining === 'number' ? state.transition_remaining : 0;
    const end = Math.round(now / 1000) + left;
    until = until === null ? end : Math.max(until, end);
  }
  return { warming, cooling, until };
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
  },
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
      last_error: null,
      selected: null,
      shown_by: {},
      not_answering: [],
      help_requests: [],
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
    }
  },
  async exec(ctx, method, args) {
    switch (method) {
      case 'power': {
        const on = args[0] as boolean;
        return failIfPartial(ctx, on ? 'The room started' : 'The room switched off', await power(ctx, on));
      }
      case 'reset_room': {
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
          const failed = new Set(result.failed ?? []);
          ctx.state.active = plan.shownBy.every((d) => !failed.has(`${d.module}/${d.index}`)) ? source : null;
          ctx.state.selected = source;
        }
        return failIfPartial(ctx, 'The room was reset', result);
      }
      case 'request_help': {
        // Control characters go: the message is shown in the technician tools as it is.
        const message = withoutControls(String(args[0])).trim() || 'Help requested';
        const request: HelpRequest = { at: Math.round(ctx.now() / 1000), message };
        ctx.state.help_requests = [...helpRequestsOf(ctx.state), request].slice(-MAX_HELP_REQUESTS);
        return request;
      }
      case 'clear_help_requests':
        ctx.state.help_requests = [];
        return null;
      case 'select_source': {
        const source = args[0] as string;
        checkOneOf(method, 'name', source, sources(ctx.module.settings));
        const system = systemOf(ctx);
        // Choosing a source in an idle room starts it, as people expect from a one-touch panel.
        const started = ctx.state.power === true ? null : await power(ctx, true);
        const plan = sourcePlan(system.siblings(), ctx.module.settings, source);
        // The room is on but a screen is not (it did not answer before, or was switched off by
        // hand): choosing a source brings it on again.
        const wake = started ? [] : screensOff(system);
        const result = await run(ctx, [...wake, ...plan.steps], started?.warnings ?? []);
        // Claimed as showing only when every device that shows it took its command: a display
        // that did not answer is not showing it, whatever was asked.
        const failed = new Set([...(started?.failed ?? []), ...(result.failed ?? [])]);
        const shown = plan.shownBy.every((d) => !failed.has(`${d.module}/${d.index}`));
        ctx.state.active = shown ? source : null;
        ctx.state.selected = source;
        return failIfPartial(ctx, `${source} was chosen`, result);
      }
      default:
        unknownMethod('room-logic', method);
    }
  },
};
