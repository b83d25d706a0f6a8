import { Type } from '@sinclair/typebox';
import { type DeviceState, ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { func, unknownMethod } from './params.ts';

/*
 * A lecture capture appliance (an Extron SMP or an Opencast capture agent): it records the room's
 * picture and sound, on command (record, pause, resume, stop) or by its timetable, the recordings
 * the institution scheduled for the room. Times are epoch seconds.
 *
 * `state` is what the appliance says it is doing: idle, recording or paused. The time recorded is
 * `elapsed_seconds` (what was recorded before the current run) plus the time since
 * `running_since` (null unless recording): two values that change only when the state does, so a
 * client counts the seconds on its own clock rather than being sent one change a second.
 *
 * A scheduled recording starts by itself at its start (when the appliance is idle) and stops at
 * its end; stopping it early ends it for good. `next_recording` is the next one still to come.
 */

export type RecorderStatus = 'idle' | 'recording' | 'paused';

export interface ScheduledRecording {
  id: string;
  title: string;
  start: number;
  end: number;
}

const nowS = (ctx: DriverContext) => Math.floor(ctx.now() / 1000);

/** The timetable from the settings (the demo building seeds one), in order. */
function timetable(settings: Record<string, unknown>, state: DeviceState): ScheduledRecording[] {
  const fromSettings = Array.isArray(settings.schedule) ? settings.schedule : [];
  const added = Array.isArray(state.added) ? state.added : [];
  return [...fromSettings, ...added]
    .flatMap((raw, i): ScheduledRecording[] => {
      if (typeof raw !== 'object' || raw === null) return [];
      const r = raw as Record<string, unknown>;
      if (typeof r.start !== 'number' || typeof r.end !== 'number' || r.end <= r.start) return [];
      return [
        {
          id: typeof r.id === 'string' ? r.id : `rec-${i + 1}`,
          title: typeof r.title === 'string' ? r.title : 'Recording',
          start: r.start,
          end: r.end,
        },
      ];
    })
    .sort((a, b) => a.start - b.start);
}

const finished = (state: DeviceState): string[] =>
  Array.isArray(state.finished) ? state.finished.filter((id): id is string => typeof id === 'string') : [];

/** Stops the recording at `at`: what was recorded joins the elapsed time, and the take is over. */
function stopAt(state: DeviceState, at: number): void {
  const since = typeof state.running_since === 'number' ? state.running_since : null;
  const elapsed = typeof state.elapsed_seconds === 'number' ? state.elapsed_seconds : 0;
  const scheduled = typeof state.scheduled_id === 'string' ? state.scheduled_id : null;
  Object.assign(state, {
    state: 'idle',
    last_recording_seconds: elapsed + (since === null ? 0 : Math.max(0, at - since)),
    elapsed_seconds: 0,
    running_since: null,
    title: null,
    scheduled_id: null,
    finished: scheduled === null ? finished(state) : [...finished(state), scheduled].slice(-20),
  });
}

function startAt(state: DeviceState, at: number, title: string, scheduledId: string | null): void {
  Object.assign(state, {
    state: 'recording',
    elapsed_seconds: 0,
    running_since: at,
    title,
    scheduled_id: scheduledId,
  });
}

/** The timetable's doing up to now: a scheduled recording ends at its end, and starts at its start. */
function derive(ctx: DriverContext): void {
  const s = ctx.state;
  const now = nowS(ctx);
  const plan = timetable(ctx.module.settings, s);
  const current = plan.find((r) => r.id === s.scheduled_id);
  if (current && now >= current.end && s.state !== 'idle') stopAt(s, current.end);
  const done = finished(s);
  const due = plan.find((r) => r.start <= now && now < r.end && !done.includes(r.id));
  if (due && s.state === 'idle') startAt(s, due.start, due.title, due.id);
  const upcoming = plan.filter((r) => r.start > now && !done.includes(r.id));
  s.schedule = plan.filter((r) => r.end > now && !done.includes(r.id));
  s.next_recording = upcoming[0] ?? null;
}

function record(ctx: DriverContext, title: string): void {
  const s = ctx.state;
  if (s.state === 'recording') return;
  if (s.state === 'paused') throw new DriverError('The recorder is paused: resume or stop the recording.');
  startAt(s, nowS(ctx), title, null);
}

function pause(ctx: DriverContext): void {
  const s = ctx.state;
  if (s.state === 'paused') return;
  if (s.state !== 'recording') throw new DriverError('The recorder is not recording.');
  const since = typeof s.running_since === 'number' ? s.running_since : nowS(ctx);
  const elapsed = typeof s.elapsed_seconds === 'number' ? s.elapsed_seconds : 0;
  Object.assign(s, { state: 'paused', elapsed_seconds: elapsed + (nowS(ctx) - since), running_since: null });
}

function resume(ctx: DriverContext): void {
  const s = ctx.state;
  if (s.state === 'recording') return;
  if (s.state !== 'paused') throw new DriverError('The recorder has no paused recording to resume.');
  Object.assign(s, { state: 'recording', running_since: nowS(ctx) });
}

function stop(ctx: DriverContext): void {
  const s = ctx.state;
  if (s.state === 'idle') return;
  const now = nowS(ctx);
  stopAt(s, now);
  // Stopped by a person during a scheduled slot: that slot is over too, not started again at once.
  const due = timetable(ctx.module.settings, s).filter((r) => r.start <= now && now < r.end);
  s.finished = [...finished(s), ...due.map((r) => r.id).filter((id) => !finished(s).includes(id))].slice(-20);
}

function schedule(ctx: DriverContext, start: number, minutes: number, title: string): ScheduledRecording {
  const now = nowS(ctx);
  if (start < now) throw new DriverError('A recording cannot be scheduled in the past.');
  const end = start + minutes * 60;
  const clash = timetable(ctx.module.settings, ctx.state).find((r) => r.start < end && start < r.end);
  if (clash) throw new DriverError(`The recorder is already scheduled then (${clash.title}).`);
  const added = Array.isArray(ctx.state.added) ? ctx.state.added : [];
  const recording = { id: `rec-${start}-${added.length + 1}`, title, start, end };
  ctx.state.added = [...added, recording];
  derive(ctx);
  return recording;
}

export const recorder: Driver = {
  key: 'recorder',
  className: 'Recorder',
  role: ROLE.device,
  description:
    'Lecture capture recorder: record, pause, resume, stop; records its timetable’s recordings by itself.',
  defaultPort: 443,
  funcs: {
    record: func({
      title: Type.String({ minLength: 1, maxLength: 120, default: 'Recording', description: 'title' }),
    }),
    pause: func(),
    resume: func(),
    stop: func(),
    schedule: func({
      start: Type.Integer({ minimum: 0, description: 'start, epoch seconds (now or later)' }),
      minutes: Type.Integer({ minimum: 5, maximum: 240, description: 'minutes, 5–240' }),
      title: Type.String({ minLength: 1, maxLength: 120, default: 'Lecture', description: 'title' }),
    }),
  },
  initialState() {
    return {
      connected: true,
      state: 'idle' satisfies RecorderStatus,
      elapsed_seconds: 0,
      running_since: null,
      last_recording_seconds: null,
      title: null,
      scheduled_id: null,
      next_recording: null,
      schedule: [],
      finished: [],
      added: [],
    };
  },
  // Its timetable starts and stops recordings on time, read or not.
  actsOnItsOwn: () => true,
  advance(ctx) {
    derive(ctx);
  },
  exec(ctx, method, args) {
    switch (method) {
      case 'record':
        record(ctx, args[0] as string);
        break;
      case 'pause':
        pause(ctx);
        break;
      case 'resume':
        resume(ctx);
        break;
      case 'stop':
        stop(ctx);
        break;
      case 'schedule':
        return schedule(ctx, args[0] as number, args[1] as number, args[2] as string);
      default:
        unknownMethod('recorder', method);
    }
    derive(ctx);
    return { state: ctx.state.state };
  },
};
