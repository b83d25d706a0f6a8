import type { Address, PanelPlan } from '../plan/plan.ts';
import { sameDevice } from './held.ts';

/**
 * The devices the room needs to be used at all: the screens and the switcher that show its
 * sources, whatever reports the room on, and its program sound. One of them not answering is a
 * fault worth saying before anyone presses (a dead display behind a normal-looking welcome only
 * tells people when they have already started their lecture).
 */
export function neededDevices(plan: PanelPlan | null): (Address & { name?: string })[] {
  if (!plan) return [];
  const seen: (Address & { name?: string })[] = [];
  const add = (a: (Address & { name?: string }) | null | undefined) => {
    if (a && !seen.some((s) => sameDevice(s, a))) seen.push(a);
  };
  for (const tile of plan.home) for (const p of tile.shownBy) add(p);
  add(plan.power?.on);
  add(plan.volume);
  return seen;
}

export type { Fault } from '../room/fault.ts';
