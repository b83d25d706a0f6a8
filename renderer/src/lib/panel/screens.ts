import type { PanelPlan, Proof } from '../plan/plan.ts';
import { type HeldChange, sameDevice } from './held.ts';
import type { Countdown } from './source-truth.ts';

/** The room's screens: every device whose power is part of the proof that a source is showing. */
export function screensOf(plan: PanelPlan | null): Proof[] {
  const seen: Proof[] = [];
  for (const tile of plan?.home ?? []) {
    for (const p of tile.shownBy) {
      if (p.key === 'power' && !seen.some((s) => sameDevice(s, p))) seen.push(p);
    }
  }
  return seen;
}

/**
 * What a screen is doing while the room is off, said on the welcome: being switched off when its
 * warm-up lets it, cooling down, warming up, or simply still on. Nothing for a screen that is off.
 */
export interface ScreenNote {
  name: string;
  kind: 'switching-off' | 'cooling' | 'warming' | 'on';
  /** Seconds left of its transition, when it reports one. */
  remaining: number | null;
}

export interface ScreenReadings {
  held: readonly HeldChange[];
  countdown(screen: Proof): Countdown | null;
  /** It reports power on, freshly. */
  on(screen: Proof): boolean;
}

export function screenNotes(screens: readonly Proof[], read: ScreenReadings): ScreenNote[] {
  return screens.flatMap((screen): ScreenNote[] => {
    const c = read.countdown(screen);
    const remaining = c?.remaining ?? null;
    if (read.held.some((h) => !h.power && sameDevice(h, screen)))
      return [{ name: screen.name, kind: 'switching-off', remaining }];
    if (c) return [{ name: screen.name, kind: c.kind, remaining }];
    return read.on(screen) ? [{ name: screen.name, kind: 'on', remaining: null }] : [];
  });
}
