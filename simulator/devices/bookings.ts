import { Type } from '@sinclair/typebox';
import { type DeviceState, ROLE } from '../store/model.ts';
import { type Driver, type DriverContext, DriverError } from './driver.ts';
import { checkOnlineMeeting, type OnlineMeeting, readOnlineMeeting } from './online-meeting.ts';
import { func, unknownMethod } from './params.ts';
import { readString } from './values.ts';

/*
 * The room's calendar, as a booking service module (role 2, reached through its `uri`). Meetings
 * are kept in the state (persisted with it); the derived keys (status, current, next, today,
 * free_until, busy_until) are worked out from the clock on every read, so a meeting starts and ends
 * on time without anything ticking. Times are epoch seconds.
 *
 * No-show release is the calendar's own job, as a room-booking service does it server-side: a
 * meeting booked for now from elsewhere (`book` with a start that has come) must be checked in
 * (`check_in`, which the panel calls when the room is started) within the module's
 * `no_show_minutes` (default 10; 0 = never released), or the calendar releases it. It happens
 * whether or not a panel is running; a panel only shows the countdown (`current.release_at`).
 * A meeting booked at the room's own panel (`book_now`) is checked in as it is made: the person
 * who pressed it is standing in the room.
 *
 * `book_now` ends on a whole minute (now + minutes, rounded down), so a panel offering "Until 8:30"
 * books exactly up to 8:30 whatever the seconds of the press.
 *
 * Every meeting carries `online_meeting`: its join details (`{provider: 'teams'|'zoom'|'webex',
 * url, sip}`, the SIP address being what a room's codec dials) or null for a meeting held in the
 * room only; `current`, `next` and `today` carry them. `book` takes them as a fourth argument.
 */

export interface Meeting {
  id: string;
  title: string;
  organiser: string;
  start: number;
  end: number;
  private: boolean;
  /** Booked from the room's panel ("Book now"). */
  booked_here: boolean;
  /** Booked for now: released unless someone checks in within the no-show time. */
  check_in?: boolean;
  /** Someone checked in (started the room, or pressed "Check in" on the panel). */
  checked_in?: boolean;
  /** How to join it online (a codec dials `sip`); null: held in the room only. */
  online_meeting: OnlineMeeting | null;
}

/** A meeting the calendar gave back because nobody came: kept a while so tools can say so. */
export interface Released {
  id: string;
  title: string;
  start: number;
  end: number;
  released_at: number;
}

const DEFAULT_NO_SHOW_MINUTES = 10;
const KEEP_RELEASED = 10;

const MINUTES = Type.Integer({ minimum: 5, maximum: 240, description: 'minutes, 5–240' });

/** Seconds a meeting booked for now waits for a check-in; null: never released. */
function noShowSeconds(settings: Record<string, unknown>): number | null {
  const raw = settings.no_show_minutes;
  const minutes = typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? raw : DEFAULT_NO_SHOW_MINUTES;
  return minutes === 0 ? null : Math.round(minutes * 60);
}

/** When the calendar releases the meeting unless someone checks in (null: it is not waiting). */
function releaseAt(m: Meeting, noShow: number | null): number | null {
  return noShow === null || m.check_in !== true || m.checked_in === true ? null : m.start + noShow;
}

function meetingsOf(state: DeviceState): Meeting[] {
  const raw = state.meetings;
  if (!Array.isArray(raw)) return [];
  return (
    raw
      .filter(
        (m): m is Meeting =>
          typeof m === 'object' &&
          m !== null &&
          typeof (m as Meeting).start === 'number' &&
          typeof (m as Meeting).end === 'number',
      )
      // Meetings stored before they carried join details have none.
      .map((m) => ({ ...m, online_meeting: readOnlineMeeting(m.online_meeting) }))
      .sort((a, b) => a.start - b.start)
  );
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
        online_meeting: readOnlineMeeting(r.online_meeting),
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

function derive(state: DeviceState, now: number, noShow: number | null): void {
  let meetings = meetingsOf(state);
  // Nobody came: the calendar gives the room back (the time is the release time, not this read's).
  const gone = meetings.filter((m) => {
    const at = releaseAt(m, noShow);
    return at !== null && at <= now && now < m.end;
  });
  if (gone.length > 0) {
    meetings = meetings.filter((m) => !gone.includes(m));
    const released: Released[] = gone.map((m) => ({
      id: m.id,
      title: m.title,
      start: m.start,
      end: m.end,
      released_at: releaseAt(m, noShow) ?? now,
    }));
    const before = Array.isArray(state.released) ? (state.released as Released[]) : [];
    state.meetings = meetings;
    state.released = [...before, ...released].slice(-KEEP_RELEASED);
  }
  const under = meetings.find((m) => m.start <= now && now < m.end) ?? null;
  const due = under ? releaseAt(under, noShow) : null;
  const current = under ? { ...under, release_at: due } : null;
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

const noShowOf = (ctx: DriverContext) => noShowSeconds(ctx.module.settings);

function save(ctx: DriverContext, meetings: Meeting[]): void {
  ctx.state.meetings = meetings;
  derive(ctx.state, nowS(ctx), noShowOf(ctx));
}

const underWay = (meetings: Meeting[], now: number) => meetings.find((m) => m.start <= now && now < m.end);

function clashMessage(clash: Meeting, from: number): string {
  const free = Math.floor((clash.start - from) / 60);
  return free >= 5
    ? `The room is booked from ${clock(clash.start)} (${subject(clash)}); book ${free} minutes or less.`
    : `The room is booked from ${clock(clash.start)} (${subject(clash)}).`;
}

function bookNow(ctx: DriverContext, minutes: number): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = underWay(meetings, now);
  if (current)
    throw new DriverError(`The room is already booked until ${clock(current.end)} (${subject(current)}).`);
  const end = Math.floor((now + minutes * 60) / 60) * 60;
  const clash = clashWith(meetings, now, end);
  if (clash) throw new DriverError(clashMessage(clash, now));
  const meeting: Meeting = {
    id: `now-${now}`,
    title: 'Booked at the room',
    organiser: 'Room panel',
    start: now,
    end,
    private: false,
    booked_here: true,
    // Booked by someone at the panel, so someone is here: nothing to check in to.
    checked_in: true,
    online_meeting: null,
  };
  save(ctx, [...meetings, meeting]);
  return meeting;
}

/** A booking made elsewhere (a desk calendar): from `start` (epoch s; now or later) for `minutes`. */
function book(
  ctx: DriverContext,
  start: number,
  minutes: number,
  title: string,
  online: OnlineMeeting | null,
): Meeting {
  const now = nowS(ctx);
  if (start < now - 60) throw new DriverError('A meeting cannot be booked in the past.');
  const from = Math.max(start, now);
  const end = from + minutes * 60;
  const meetings = meetingsOf(ctx.state);
  const clash = clashWith(meetings, from, end);
  if (clash) {
    if (clash.start <= from)
      throw new DriverError(`The room is already booked until ${clock(clash.end)} (${subject(clash)}).`);
    throw new DriverError(clashMessage(clash, from));
  }
  const meeting: Meeting = {
    id: `bk-${from}-${meetings.length + 1}`,
    title,
    organiser: '',
    start: from,
    end,
    private: false,
    booked_here: false,
    online_meeting: online,
    // Booked for now: nobody has come yet, so the no-show rule applies as to Book now.
    ...(from === now ? { check_in: true, checked_in: false } : {}),
  };
  save(ctx, [...meetings, meeting]);
  return meeting;
}

/** Someone is here: the meeting under way is no longer released for a no-show. */
function checkIn(ctx: DriverContext): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = underWay(meetings, now);
  if (!current) throw new DriverError('No meeting is under way in this room to check in to.');
  const here = { ...current, checked_in: true };
  save(
    ctx,
    meetings.map((m) => (m.id === current.id ? here : m)),
  );
  return here;
}

/** The organiser cancelled: the meeting leaves the calendar. */
function cancel(ctx: DriverContext, id: string): Meeting {
  const meetings = meetingsOf(ctx.state);
  const gone = meetings.find((m) => m.id === id);
  if (!gone) throw new DriverError(`No meeting "${id}" in this room's calendar.`);
  save(
    ctx,
    meetings.filter((m) => m !== gone),
  );
  return gone;
}

function extend(ctx: DriverContext, minutes: number): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = underWay(meetings, now);
  if (!current) throw new DriverError('No meeting is under way in this room to extend.');
  const end = current.end + minutes * 60;
  const clash = clashWith(meetings, current.end, end, current.id);
  if (clash) {
    const free = Math.floor((clash.start - current.end) / 60);
    throw new DriverError(
      `The room is booked from ${clock(clash.start)} (${subject(clash)}); ` +
        (free >= 5 ? `extend by ${free} minutes or less.` : 'the meeting cannot be extended.'),
    );
  }
  const longer = { ...current, end };
  save(
    ctx,
    meetings.map((m) => (m.id === current.id ? longer : m)),
  );
  return longer;
}

/** Ends the meeting under way now (whoever booked it): the rest of its time is free again. */
function endMeeting(ctx: DriverContext): Meeting {
  const now = nowS(ctx);
  const meetings = meetingsOf(ctx.state);
  const current = underWay(meetings, now);
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
  description:
    'The room’s calendar (a booking service): current and next meetings, book now, extend, end, cancel, check in; releases no-shows.',
  defaultPort: null,
  funcs: {
    book_now: func({ minutes: MINUTES }),
    extend: func({ minutes: MINUTES }),
    end_meeting: func(),
    check_in: func(),
    book: func({
      start: Type.Integer({ minimum: 0, description: 'start, epoch seconds (now or later)' }),
      minutes: MINUTES,
      title: Type.String({ minLength: 1, maxLength: 120, default: 'Meeting', description: 'subject' }),
      // Checked by the driver, which says which field is wrong (a union's own error would not).
      online_meeting: Type.Unknown({
        default: null,
        description: 'join details {provider: teams|zoom|webex, url: https link, sip: address}, or null',
      }),
    }),
    cancel: func({ id: Type.String({ minLength: 1, description: 'the meeting’s id' }) }),
  },
  initialState(settings) {
    const state: DeviceState = {
      connected: true,
      calendar: readString(settings, 'calendar', ''),
      meetings: seeded(settings),
      released: [],
    };
    return state;
  },
  advance(ctx) {
    ctx.state.calendar = readString(ctx.module.settings, 'calendar', '');
    ctx.state.connected = true;
    derive(ctx.state, nowS(ctx), noShowOf(ctx));
  },
  exec(ctx, method, args) {
    switch (method) {
      case 'book_now':
        return bookNow(ctx, args[0] as number);
      case 'extend':
        return extend(ctx, args[0] as number);
      case 'end_meeting':
        return endMeeting(ctx);
      case 'check_in':
        return checkIn(ctx);
      case 'book':
        return book(
          ctx,
          args[0] as number,
          args[1] as number,
          args[2] as string,
          checkOnlineMeeting('book', 'online_meeting', args[3]),
        );
      case 'cancel':
        return cancel(ctx, args[0] as string);
      default:
        unknownMethod('bookings', method);
    }
  },
};
