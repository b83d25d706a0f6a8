import { Type } from '@sinclair/typebox';
import { type DeviceState, ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { func, unknownMethod } from './params.ts';
import { readString } from './values.ts';

/*
 * The room's calendar, as a booking service module (role 2, reached through its `uri`). Meetings
 * are kept in the state (persisted with it); the derived keys (status, current, next, today,
 * free_until, busy_until) are worked out from the clock on every read, so a meeting starts and ends
 * on time without anything ticking. Times are epoch seconds.
 */

export interface Meeting {
  id: string;
  title: string;
  organiser: string;
  start: number;
  end: number;
  private: boolean;
  /** Booked from the room's panel ("Book now"); only such a meeting may be ended there. */
  booked_here: boolean;
}

const MINUTES = Type.Integer({ minimum: 5, maximum: 240, description: 'minutes, 5–240' });

function meetingsOf(state: DeviceState): Meeting[] {
  const raw = state.meetings;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (m): m is Meeting =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as Meeting).start === 'number' &&
        typeof (m as Meeting).end === 'number',
    )
    .sort((a, b) => a.start - b.start);
}

/** Meetings from the settings (the demo building seeds a day of them), as stored state. */
function seeded(settings: Record<string, unknown>): Meeting[] {
  const raw = settings.meetings;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m, i): Meeting[] => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    if (typeof r.start !== 'number' || typeof r.end !== 'number' || r.end <= r.start) return [];
    return [
      {
        id: typeof r.id === 'string' ? r.id : `m${i + 1}`,
        title: typeof r.title === 'string' ? r.title : 'Meeting',
        organiser: typeof r.organiser === 'string' ? r.organiser : '',
        start: r.start,
        end: r.end,
        private: r.private === true,
        booked_here: false,
      },
    ];
  });
}

const nowS = (ctx: DriverContext) => Math.floor(ctx.now() / 1000);
const clock = (s: number) => {
  const d = new Date(s * 1000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
const subject = (m: Meeting) => (m.private ? 'a private meeting' : m.title);

function derive(state: DeviceState, now: number): void {
  const meetings = meetingsOf(state);
  const current = meetings.find((m) => m.start <= now && now < m.end) ?? null;
  const later = meetings.filter((m) => m.start > now);
  const next = later[0] ?? null;
  // "Today": what a panel shows on its timeline, from the morning to the evening around now.
  const today = meetings.filter((m) => m.end > now - 12 * 3600 && m.start < now + 16 * 3600);
  Object.assign(state, {
    status: current ? 'busy' : 'free',
    current,
    next,
    today,
    busy_until: current ? current.end : null,
    free_until: current ? null : (next?.start ?? null),
  });
}

function clashWith(meetings: Meeting[], start: number, end: number, except?: string): Meeting | undefined {
  return meetings.find((m) => m.id !== except && m.start < end && start < m.end);
}

function save(ctx: DriverContext, meetings: Meeting[]): void {
  ctx.state.meetings = meetings;
  derive(ctx.state, nowS(ctx));
}

function bookNow(ctx: DriverContext, minutes: number): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = meetings.find((m) => m.start <= now && now < m.end);
  if (current)
    throw new DriverError(`The room is already booked until ${clock(current.end)} (${subject(current)}).`);
  const end = now + minutes * 60;
  const clash = clashWith(meetings, now, end);
  if (clash) {
    const free = Math.floor((clash.start - now) / 60);
    throw new DriverError(
      `The room is booked from ${clock(clash.start)} (${subject(clash)}); book ${free} minutes or less.`,
    );
  }
  const meeting: Meeting = {
    id: `now-${now}`,
    title: 'Booked at the room',
    organiser: 'Room panel',
    start: now,
    end,
    private: false,
    booked_here: true,
  };
  save(ctx, [...meetings, meeting]);
  return meeting;
}

function extend(ctx: DriverContext, minutes: number): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = meetings.find((m) => m.start <= now && now < m.end);
  if (!current) throw new DriverError('No meeting is under way in this room to extend.');
  const end = current.end + minutes * 60;
  const clash = clashWith(meetings, current.end, end, current.id);
  if (clash) {
    throw new DriverError(
      `The meeting cannot run past ${clock(clash.start)}: the room is booked then (${subject(clash)}).`,
    );
  }
  const longer = { ...current, end };
  save(
    ctx,
    meetings.map((m) => (m.id === current.id ? longer : m)),
  );
  return longer;
}

function endMeeting(ctx: DriverContext): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = meetings.find((m) => m.start <= now && now < m.end);
  if (!current) throw new DriverError('No meeting is under way in this room.');
  const ended = { ...current, end: now };
  // Ended the moment it began: no meeting took place, so none stays in the calendar.
  const rest = meetings.filter((m) => m.id !== current.id);
  save(ctx, ended.end > ended.start ? [...rest, ended] : rest);
  return ended;
}

export const bookings: Driver = {
  key: 'bookings',
  className: 'Bookings',
  role: ROLE.service,
  description: 'The room’s calendar (a booking service): current and next meetings, book now, extend, end.',
  defaultPort: null,
  funcs: {
    book_now: func({ minutes: MINUTES }),
    extend: func({ minutes: MINUTES }),
    end_meeting: func(),
  },
  initialState(settings) {
    const state: DeviceState = {
      connected: true,
      calendar: readString(settings, 'calendar', ''),
      meetings: seeded(settings),
    };
    return state;
  },
  advance(ctx) {
    ctx.state.calendar = readString(ctx.module.settings, 'calendar', '');
    ctx.state.connected = true;
    derive(ctx.state, nowS(ctx));
  },
  exec(ctx, method, args) {
    switch (method) {
      case 'book_now':
        return bookNow(ctx, args[0] as number);
      case 'extend':
        return extend(ctx, args[0] as number);
      case 'end_meeting':
        return endMeeting(ctx);
      default:
        unknownMethod('bookings', method);
    }
  },
};
