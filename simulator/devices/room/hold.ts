import type { DriverContext, SystemContext } from '../driver.ts';
import { label, type Step } from './siblings.ts';

/*
 * A screen refuses a power change while it warms up or cools down (a projector's PJLink ERR3). A
 * person's "Room off" during a warm-up, or a start during a cool-down, is still what they meant:
 * the room logic keeps it and carries it out when the device allows, as a real room controller
 * queues it, rather than dropping it with "try again" (there may be no button left to try with).
 *
 * Held changes are published in the room logic's state `held` (one per device: what it will do and
 * when it can, in epoch seconds), so a panel can say "Switching off when Projector 1 is ready".
 * Like every time-driven change in the simulator, a held change is carried out lazily, at the room
 * logic's first read after the device allows it.
 */

export interface Held {
  module: string;
  index: number;
  /** The device as the room names it ("Projector 1"). */
  name: string;
  /** What the room will ask of it: true = power on, false = power off. */
  power: boolean;
  /** When the device allows it (epoch seconds), as it reports its transition now. */
  until: number;
}

const keyOf = (d: { module: string; index: number }) => `${d.module}/${d.index}`;

export function heldOf(state: Record<string, unknown>): Held[] {
  return Array.isArray(state.held) ? (state.held as Held[]) : [];
}

function deviceState(system: SystemContext, module: string, index: number): Record<string, unknown> | null {
  try {
    return system.state(module, index);
  } catch {
    return null;
  }
}

/** The transition a power change must wait for, or null when the device would take it now. */
function blockedFor(state: Record<string, unknown> | null, on: boolean): boolean {
  if (!state) return false;
  return on ? state.cooling === true : state.warming === true;
}

const untilOf = (state: Record<string, unknown>, now: number) =>
  Math.round(now / 1000) + (typeof state.transition_remaining === 'number' ? state.transition_remaining : 0);

/**
 * The steps the room can run now; a screen's power step its device would refuse is held instead.
 * Any power step for a device replaces what was held for it (a start after a held Room off
 * cancels the off: the last thing asked is what the room does).
 */
export function holdBlocked(ctx: DriverContext, system: SystemContext, steps: Step[]): Step[] {
  const powerSteps = steps.filter((s) => s.method === 'power');
  const replaced = new Set(powerSteps.map((s) => `${s.target.className}/${s.target.index}`));
  const held = heldOf(ctx.state).filter((h) => !replaced.has(keyOf(h)));
  const runNow: Step[] = [];
  for (const step of steps) {
    const on = step.args[0] === true;
    const state =
      step.method === 'power' ? deviceState(system, step.target.className, step.target.index) : null;
    if (state && blockedFor(state, on)) {
      held.push({
        module: step.target.className,
        index: step.target.index,
        name: label(step.target),
        power: on,
        until: untilOf(state, ctx.now()),
      });
    } else runNow.push(step);
  }
  ctx.state.held = held;
  return runNow;
}

/** `Class/index` of the devices with a held change (not showing anything yet). */
export const heldKeys = (ctx: DriverContext): Set<string> => new Set(heldOf(ctx.state).map(keyOf));

/**
 * Carries out each held change its device now allows; the rest keep their time left up to date.
 * A held start that the device took lets the chosen source count as shown again.
 */
export function carryOutHeld(ctx: DriverContext, system: SystemContext): void {
  const held = heldOf(ctx.state);
  if (held.length === 0) return;
  const waiting: Held[] = [];
  const due: Held[] = [];
  for (const h of held) {
    const state = deviceState(system, h.module, h.index);
    if (state && blockedFor(state, h.power)) waiting.push({ ...h, until: untilOf(state, ctx.now()) });
    else if (state && state.power !== h.power && !(h.power && state.warming === true)) due.push(h);
  }
  ctx.state.held = waiting;
  for (const h of due) {
    system.exec(h.module, h.index, 'power', [h.power]).then(
      () => {
        const s = ctx.state;
        if (h.power && s.power === true && heldOf(s).length === 0 && typeof s.selected === 'string')
          s.active = s.selected;
      },
      (error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        ctx.state.last_error = `${h.name} did not ${h.power ? 'start' : 'switch off'} when it was ready (${why}). Call AV support.`;
      },
    );
  }
}
