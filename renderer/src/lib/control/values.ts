import type { ModuleState } from '#contract';
import { t } from '../i18n/i18n.svelte.ts';

// One comparison of status values for the controls and the poller (which runs in Node: no i18n there).
export { sameValue } from '../live/same-state.ts';

/** A device's reported value as a sentence can say it: on/off/nothing in words, the rest as the device gave it. */
export function formatValue(value: unknown): string {
  if (value === true) return t('room.value.on');
  if (value === false) return t('room.value.off');
  if (value === null || value === undefined) return t('room.value.nothing');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface Transition {
  kind: 'warming' | 'cooling';
  /** Seconds left, as the device reports them. */
  remaining: number;
  total: number;
  /** 0–100, for a progress bar. */
  percent: number;
}

/** Projectors (and anything else reporting the same keys) refuse power changes mid-transition. */
export function transitionOf(state: ModuleState | undefined): Transition | null {
  if (!state) return null;
  const kind = state.warming === true ? 'warming' : state.cooling === true ? 'cooling' : null;
  if (kind === null) return null;
  const total = typeof state.transition_seconds === 'number' ? state.transition_seconds : 0;
  const remaining = typeof state.transition_remaining === 'number' ? state.transition_remaining : 0;
  const percent = total > 0 ? Math.round((100 * Math.min(total, Math.max(0, total - remaining))) / total) : 0;
  return { kind, remaining, total, percent };
}
