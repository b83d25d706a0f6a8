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

export const DEFAULT_HELP = [
  '**Using this room.** Tap **Power** to start the room: the screens, camera and microphones come on',
  'and the lights change for presenting. Choose **Laptop** and plug in the HDMI or USB-C cable on the',
  'table, **Room PC** for the built-in computer, or **Wireless** and follow the code on the screen.',
  'A projector takes about half a minute to warm up. When you leave, tap **Power** again.',
  '',
  'Something not working? Call the AV help desk on **extension 4357** (HELP) or email',
  '*av-support@roomdeck.invalid*, and quote the room name shown at the top of the panel.',
].join('\n');

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

function powerSteps(siblings: SiblingModule[], on: boolean): { steps: Step[]; warnings: string[] } {
  const steps: Step[] = [];
  const warnings: string[] = [];
  for (const target of siblings) {
    switch (target.className) {
      case 'Display':
      case 'Projector':
      case 'Camera':
        steps.push({ target, method: 'power', args: [on] });
        break;
      case 'Lighting': {
        const wanted = on ? 'Presentation' : 'Off';
        const n = lightingScenes(target.module.settings).indexOf(wanted) + 1;
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

function sourceSteps(siblings: SiblingModule[], settings: Record<string, unknown>, source: string): Step[] {
  const position = sources(settings).indexOf(source) + 1;
  const steps: Step[] = [];
  const switchers = ofClass(siblings, 'Switcher');
  for (const target of switchers) {
    const { inputs, outputs } = switcherSize(target.module.settings);
    if (position > inputs) continue;
    for (let output = 1; output <= outputs; output++) {
      steps.push({ target, method: 'route', args: [position, output] });
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
    if (input !== undefined) steps.push({ target, method: 'input', args: [input] });
  }
  return steps;
}

const label = (s: SiblingModule) => `${s.className} ${s.index}`;

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
  outcomes.forEach((o, i) => {
    const step = steps[i];
    if (o.status === 'rejected' && step) {
      const why = o.reason instanceof Error ? o.reason.message : String(o.reason);
      warnings.push(`${label(step.target)} ${step.method}: ${why}`);
    }
  });
  return { ok: warnings.length === 0, warnings };
}

async function power(ctx: DriverContext, on: boolean): Promise<RoomResult> {
  const system = systemOf(ctx);
  const { steps, warnings } = powerSteps(system.siblings(), on);
  const result = await run(ctx, steps, warnings);
  // The room records the intent even when a device failed: the panel shows "on" with a warning.
  ctx.state.power = on;
  if (!on) ctx.state.active = null;
  return result;
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
  },
  initialState(settings) {
    return {
      power: false,
      active: null,
      sources: sources(settings),
      help: readString(settings, 'help', DEFAULT_HELP),
    };
  },
  advance(ctx) {
    ctx.state.sources = sources(ctx.module.settings);
    ctx.state.help = readString(ctx.module.settings, 'help', DEFAULT_HELP);
  },
  async exec(ctx, method, args) {
    switch (method) {
      case 'power':
        return power(ctx, args[0] as boolean);
      case 'select_source': {
        const source = args[0] as string;
        checkOneOf(method, 'name', source, sources(ctx.module.settings));
        const system = systemOf(ctx);
        // Choosing a source in an idle room starts it, as people expect from a one-touch panel.
        const warnings = ctx.state.power === true ? [] : (await power(ctx, true)).warnings;
        const result = await run(ctx, sourceSteps(system.siblings(), ctx.module.settings, source), warnings);
        ctx.state.active = source;
        return result;
      }
      default:
        unknownMethod('room-logic', method);
    }
  },
};
