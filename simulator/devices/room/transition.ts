import type { SystemContext } from '../driver.ts';

/** Warming up or cooling down, as the room's projectors and displays report it. */
export function transitionOf(
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
