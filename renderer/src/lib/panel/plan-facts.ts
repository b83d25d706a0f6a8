import type { ModuleState } from '#contract';
import { type Transition, transitionOf } from '../control/values.ts';
import type { Address, PanelPlan, Watch } from '../plan/plan.ts';

/*
 * What a room's plan says by itself, before any device answers: whether the panel has anything to
 * offer, how the room is switched on, which controls blank the picture, and (given the devices'
 * states) whether the room is warming or cooling. Pure, so the panel's rune class only composes.
 */

/** No sources, no power, no volume and no control on any page: the room's panel is not set up. */
export function nothingToUse(plan: PanelPlan | null): boolean {
  if (!plan) return false;
  return (
    plan.home.length === 0 && !plan.power && !plan.volume && plan.pages.every((p) => p.groups.length === 0)
  );
}

/** A room with no source tiles starts with Room on: what its power says starts it. */
export function startsWithRoomOn(plan: PanelPlan | null): boolean {
  return (plan?.home.length ?? 0) === 0 && (plan?.power?.start?.length ?? 0) > 0;
}

/** The plan's Blank picture controls, as the state that says the picture is blanked. */
export function pictureMutes(plan: PanelPlan | null): Watch[] {
  return (plan?.pages ?? []).flatMap((page) =>
    page.groups.flatMap((group) =>
      group.controls.flatMap((c): Watch[] =>
        c.type === 'toggle' && c.look?.icon === 'picture' && c.status !== undefined
          ? [{ module: c.module, index: c.index, key: c.status, value: c.onWhen }]
          : [],
      ),
    ),
  );
}

/**
 * Warming up or cooling down, as the room logic (what reports the room on) or a display behind a
 * source reports it; the first that says so.
 */
export function transitionIn(
  plan: PanelPlan | null,
  stateOf: (device: Address) => ModuleState | undefined,
): Transition | null {
  if (!plan) return null;
  const seen = [plan.power?.on, ...plan.home.map((t) => t.active)].filter((w) => w !== undefined);
  for (const w of seen) {
    const t = transitionOf(stateOf(w));
    if (t) return t;
  }
  return null;
}
