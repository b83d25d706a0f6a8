import type { ModuleState } from '#contract';
import { fmt, t } from '../i18n/i18n.svelte.ts';
import { formatHourMinute } from '../time/time-format.ts';

/*
 * The room's calendar as scheduling panels show it: green "Available until 14:00", red "In use
 * until 15:00 — Board meeting" (a private meeting says "Booked", never its subject), and the
 * day's next meetings. Read from the Bookings service module's state; times are epoch seconds.
 * What the panel offers to book or extend is only what fits before the next meeting, so a
 * person never meets a clash the panel could have known about.
 */

export interface Meeting {
  id: string;
  title: string;
  organiser: string;
  start: number;
  end: number;
  private: boolean;
  bookedHere: boolean;
}

/** A length the panel offers: "15 min", "+30 min", or "Until 14:00". */
export interface LengthChoice {
  minutes: number;
  label: string;
  /** Book now's "Until HH:MM": the time it books up to (epoch s). Its minutes are counted again at the press. */
  until?: number;
}

/** The calendar's shortest booking (its `book_now` / `extend` take 5–240 minutes). */
const SHORTEST = 5;
const LONGEST = 240;
/** Extend is offered from this long before the meeting ends. */
export const EXTEND_FROM_S = 10 * 60;

export interface BookingView {
  status: 'free' | 'busy';
  /** "Available" / "In use": the word read from across the room. */
  word: string;
  /** "until 14:00", or "for the rest of the day". */
  until: string;
  headline: string;
  /** The meeting under way, as the panel may show it (private: "Booked"). */
  subject: string | null;
  organiser: string | null;
  /** The rest of today's meetings, in order. */
  upcoming: { id: string; when: string; subject: string }[];
  /** Minutes that can be booked from now before the next meeting (0: none; capped at 240). */
  bookableMinutes: number;
  /** Book now: the lengths that fit before the next meeting (free room only). */
  bookChoices: LengthChoice[];
  /** Extend: what fits after the meeting under way before the next one (busy room only). */
  extendChoices: LengthChoice[];
  /** When the meeting under way ends (epoch s); null in a free room. */
  endsAt: number | null;
  /** When the calendar releases the meeting under way unless someone checks in (epoch s); null: it will not. */
  releaseAt: number | null;
  /** The meeting under way was booked at this room's panel: a mistake there is undone with Cancel. */
  bookedHere: { id: string } | null;
  /** A meeting the calendar just released because nobody came: said once, for a while. */
  released: { title: string; at: number } | null;
}

export type TimeFormat = (epochS: number) => string;

export const clockTime: TimeFormat = (s) => formatHourMinute(s * 1000);

function meetingOf(v: unknown): Meeting | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  if (typeof m.start !== 'number' || typeof m.end !== 'number' || m.end <= m.start) return null;
  return {
    id: typeof m.id === 'string' ? m.id : `${m.start}`,
    title: typeof m.title === 'string' && m.title.trim() !== '' ? m.title : t('room.booking.meeting'),
    organiser: typeof m.organiser === 'string' ? m.organiser : '',
    start: m.start,
    end: m.end,
    private: m.private === true,
    bookedHere: m.booked_here === true,
  };
}

const subjectOf = (m: Meeting) => (m.private ? t('room.booking.private') : m.title);

/**
 * The lengths of `steps` that fit in `free` minutes; when none does but the calendar's shortest
 * booking still fits, one choice "Until HH:MM" for all that is left.
 */
export function fittingLengths(
  free: number,
  until: number | null,
  steps: readonly number[],
  label: (minutes: number) => string,
  time: TimeFormat = clockTime,
): LengthChoice[] {
  const cap = Math.min(LONGEST, Math.floor(free));
  const fit = steps.filter((m) => m <= cap);
  if (fit.length > 0) return fit.map((minutes) => ({ minutes, label: label(minutes) }));
  if (cap >= SHORTEST && until !== null)
    return [{ minutes: cap, label: t('room.booking.lengthUntil', { time: time(until) }) }];
  return [];
}

/** The next meeting is in reach of Book now's "Until HH:MM" when it starts within this many minutes. */
const UNTIL_WITHIN = 90;
/*
 * Book now's choices share a line with the headline: the lengths that fit, or with "Until HH:MM"
 * (wider, especially in long languages) only the shortest beside it: a quick meeting, or the
 * whole gap.
 */

/**
 * Book now's lengths for a free room: 15, 30 and 60 minutes while they are shorter than the gap,
 * and "Until HH:MM" for the whole gap when the next meeting is in reach ("Until 8:30" at 8:00, not
 * only "15 min"), then beside the shortest length alone. `gap` is in whole
 * minutes as the calendar counts them: its booking ends on the minute, so from 8:00:23 a 30-minute
 * booking ends at 8:30.
 */
export function bookLengths(
  gap: number,
  until: number | null,
  label: (minutes: number) => string,
  time: TimeFormat = clockTime,
): LengthChoice[] {
  const cap = Math.min(LONGEST, Math.floor(gap));
  const whole = until !== null && cap >= SHORTEST && gap <= UNTIL_WITHIN;
  const shorter: number[] = BOOK_STEPS.filter((m) => (whole ? m < cap : m <= cap));
  const choices: LengthChoice[] = shorter.map((minutes) => ({ minutes, label: label(minutes) }));
  if (whole)
    choices.push({ minutes: cap, label: t('room.booking.lengthUntil', { time: time(until) }), until });
  return whole && choices.length > 2 ? [choices[0]!, choices[choices.length - 1]!] : choices;
}

/*
 * The calendar counts Book now from the minute the request reaches it, and the panel's view (and so
 * the "Until 14:30" button's minutes) is as old as the clock's last tick. Pressed in a minute's last
 * moments, the count made from the view could arrive in the next minute and ask one minute too many:
 * "book 40 minutes or less" for a button that promised exactly the gap. So an "Until" is counted at
 * the press from the clock, and a press in the last MINUTE_TURN_MS of a minute waits for the next
 * one (the button shows busy meanwhile) rather than ending a minute early. Unless the next minute
 * would leave less than the calendar's shortest booking: then it goes as counted, and arrives in
 * time, or is refused in the calendar's own words ("booked from 14:00").
 */

/** A request reaches the calendar well within this; a press this close to the next minute waits for it. */
export const MINUTE_TURN_MS = 1_500;

/**
 * How long a press of `choice` at `nowMs` waits before counting (ms): 0 but for an "Until" pressed
 * as the minute is about to turn, with enough left after the turn to book.
 */
export function holdBeforeCounting(choice: LengthChoice, nowMs: number): number {
  if (choice.until === undefined) return 0;
  const left = 60_000 - (((nowMs % 60_000) + 60_000) % 60_000);
  if (left >= MINUTE_TURN_MS) return 0;
  const hold = left + 50;
  return minutesToBook(choice, nowMs + hold) >= SHORTEST ? hold : 0;
}

/** The minutes Book now asks for `choice` counted at `nowMs`: an "Until" from this minute's start to its time. */
export function minutesToBook(choice: LengthChoice, nowMs: number): number {
  if (choice.until === undefined) return choice.minutes;
  const minuteStart = Math.floor(nowMs / 60_000) * 60;
  return Math.min(LONGEST, Math.floor((choice.until - minuteStart) / 60));
}

/** How long the panel says a released meeting was given back (seconds after the release). */
export const RELEASED_SAID_S = 10 * 60;

/** The meeting the calendar released last, while it is news (released within the last ten minutes). */
function releasedOf(state: ModuleState, nowS: number): BookingView['released'] {
  const list = Array.isArray(state.released) ? state.released : [];
  const last = list
    .filter(
      (r): r is { title?: unknown; released_at: number } =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as { released_at?: unknown }).released_at === 'number',
    )
    .filter((r) => r.released_at <= nowS && nowS - r.released_at < RELEASED_SAID_S)
    .sort((a, b) => b.released_at - a.released_at)[0];
  if (last === undefined) return null;
  const title =
    typeof last.title === 'string' && last.title.trim() !== '' ? last.title : t('room.booking.meeting');
  return { title, at: last.released_at };
}

/** Book now: 15, 30 and 60 minutes, as far as they fit. */
export const BOOK_STEPS = [15, 30, 60] as const;
/** Extend: +15 and +30 minutes, as far as they fit. */
export const EXTEND_STEPS = [15, 30] as const;

/** The calendar's own countdown for the meeting under way, when it is the same meeting. */
function releaseOf(state: ModuleState, current: Meeting): number | null {
  const c = state.current;
  if (typeof c !== 'object' || c === null) return null;
  const r = c as Record<string, unknown>;
  return r.id === current.id && typeof r.release_at === 'number' ? r.release_at : null;
}

/** null when the state says nothing usable (no calendar, or not connected). */
export function bookingView(
  state: ModuleState | undefined,
  nowS: number,
  time: TimeFormat = clockTime,
): BookingView | null {
  if (state === undefined || state.connected === false) return null;
  const today = (Array.isArray(state.today) ? state.today : [])
    .map(meetingOf)
    .filter((m): m is Meeting => m !== null)
    .sort((a, b) => a.start - b.start);
  // The current meeting by the clock, so the panel is right between two polls.
  const current = today.find((m) => m.start <= nowS && nowS < m.end) ?? meetingOf(state.current);
  const later = today.filter((m) => m.start > nowS);
  const upcoming = later.slice(0, 3).map((m) => ({
    id: m.id,
    when: t('room.booking.span', { start: time(m.start), end: time(m.end) }),
    subject: subjectOf(m),
  }));
  if (current !== null && current.start <= nowS && nowS < current.end) {
    const after = today.find((m) => m.id !== current.id && m.start >= current.end) ?? null;
    const room = after ? (after.start - current.end) / 60 : LONGEST;
    const ends = time(current.end);
    return {
      status: 'busy',
      word: t('room.booking.inUse'),
      until: t('room.booking.until', { time: ends }),
      headline: t('room.booking.inUseUntil', { time: ends }),
      subject: subjectOf(current),
      organiser: current.private ? null : current.organiser || null,
      upcoming,
      bookableMinutes: 0,
      bookChoices: [],
      extendChoices: fittingLengths(
        room,
        after?.start ?? null,
        EXTEND_STEPS,
        (m) => t('room.booking.extend', { minutes: m }),
        time,
      ),
      endsAt: current.end,
      releaseAt: releaseOf(state, current),
      bookedHere: current.bookedHere ? { id: current.id } : null,
      released: null,
    };
  }
  const next = later[0];
  // The calendar's Book now ends on a whole minute: the gap counts from this minute's start.
  const minuteStart = Math.floor(nowS / 60) * 60;
  const gap = next ? Math.floor((next.start - minuteStart) / 60) : Number.POSITIVE_INFINITY;
  const minutes = Math.max(0, Math.min(LONGEST, gap));
  const free = next ? time(next.start) : null;
  return {
    status: 'free',
    word: t('room.booking.available'),
    until: free === null ? t('room.booking.restOfDay') : t('room.booking.until', { time: free }),
    headline:
      free === null ? t('room.booking.availableAllDay') : t('room.booking.availableUntil', { time: free }),
    subject: null,
    organiser: null,
    upcoming,
    bookableMinutes: minutes,
    bookChoices: bookLengths(gap, next?.start ?? null, (m) => t('room.booking.length', { minutes: m }), time),
    extendChoices: [],
    endsAt: null,
    releaseAt: null,
    bookedHere: null,
    released: releasedOf(state, nowS),
  };
}

/** Extend is offered from 10 minutes before the meeting under way ends, when something fits. */
export function extendOffered(view: BookingView | null, nowS: number): boolean {
  return (
    view !== null &&
    view.status === 'busy' &&
    view.endsAt !== null &&
    view.endsAt - nowS <= EXTEND_FROM_S &&
    view.extendChoices.length > 0
  );
}

/** "4:32": minutes and seconds left, never below zero. */
export function countdown(untilS: number, nowS: number): string {
  const left = Math.max(0, Math.ceil(untilS - nowS));
  return t('room.booking.countdown', {
    minutes: fmt().number(Math.floor(left / 60), { useGrouping: false }),
    seconds: fmt().number(left % 60, { minimumIntegerDigits: 2 }),
  });
}

/** When the next of today's meetings starts (epoch s), or null when none is coming (or no calendar). */
export function nextMeetingStart(state: ModuleState | undefined, nowS: number): number | null {
  if (state === undefined || state.connected === false || !Array.isArray(state.today)) return null;
  const starts = state.today
    .map(meetingOf)
    .filter((m): m is Meeting => m !== null && m.start > nowS)
    .map((m) => m.start);
  return starts.length === 0 ? null : Math.min(...starts);
}
