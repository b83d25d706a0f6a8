import type { ModuleState } from '#contract';
import { fmt, t } from '../i18n/i18n.svelte.ts';

/*
 * The lecture recorder as the panel shows it, read only from what the recorder reports: what it is
 * doing (`state`), the time recorded (what it recorded before the current run plus the run so far,
 * counted on the panel's clock from when the recorder says the run began), and the next recording
 * its timetable holds. A press changes nothing here until the recorder says so.
 */

export type RecorderStatus = 'recording' | 'paused' | 'idle' | 'unknown';

export interface RecorderView {
  status: RecorderStatus;
  /** The recorder has been read at least once (unknown before that says nothing yet). */
  read: boolean;
  /** Seconds recorded in this recording; null when the recorder does not say. */
  seconds: number | null;
  /** The next scheduled recording still to start (epoch s), when the timetable has one. */
  next: { start: number; title: string | null } | null;
}

const STATUSES: Record<string, RecorderStatus> = {
  recording: 'recording',
  paused: 'paused',
  idle: 'idle',
  stopped: 'idle',
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function nextOf(state: ModuleState, nowS: number): RecorderView['next'] {
  const n = state.next_recording;
  if (typeof n !== 'object' || n === null) return null;
  const r = n as Record<string, unknown>;
  const start = num(r.start);
  if (start === null || start <= nowS) return null;
  return { start, title: typeof r.title === 'string' && r.title.trim() !== '' ? r.title : null };
}

/** Unknown until the recorder has been read (or while it is not connected): never assumed. */
export function recorderView(state: ModuleState | undefined, nowS: number): RecorderView {
  if (state === undefined) return { status: 'unknown', read: false, seconds: null, next: null };
  if (state.connected === false) return { status: 'unknown', read: true, seconds: null, next: null };
  const status = (typeof state.state === 'string' && STATUSES[state.state]) || 'unknown';
  const elapsed = num(state.elapsed_seconds);
  const since = num(state.running_since);
  const seconds =
    elapsed === null
      ? num(state.recorded_seconds)
      : elapsed + (status === 'recording' && since !== null ? Math.max(0, nowS - since) : 0);
  return { status, read: true, seconds: status === 'idle' ? null : seconds, next: nextOf(state, nowS) };
}

/** "0:12:05": hours, minutes and seconds recorded, in the panel's language's digits. */
export function recordedTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = { minimumIntegerDigits: 2, useGrouping: false } as const;
  return t('panel.recorder.duration', {
    hours: fmt().number(Math.floor(s / 3600), { useGrouping: false }),
    minutes: fmt().number(Math.floor((s % 3600) / 60), two),
    seconds: fmt().number(s % 60, two),
  });
}
