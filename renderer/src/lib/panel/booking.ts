import type { ModuleState } from '#contract';
import { formatHourMinute } from '../time-format.ts';

/*
 * The room's calendar as scheduling panels show it: green "Available until 14:00", red "In use
 * until 15:00 — Board meeting" (a private meeting says "Booked", never its subject), and the
 * day's next meetings. Read from the Bookings service module's state; times are epoch seconds.
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

export interface BookingView {
  status: 'free' | 'busy';
  headline: string;
  /** The meeting under way, as the panel may show it (private: "Booked"). */
  subject: string | null;
  organiser: string | null;
  /** The rest of today's meetings, in order. */
  upcoming: { id: string; when: string; subject: string }[];
  /** Minutes that can be booked from now before the next meeting (0: none; capped at 240). */
  bookableMinutes: number;
  /** The meeting under way was started from this panel: it may be ended here. */
  canEnd: boolean;
}

export type TimeFormat = (epochS: number) => string;

export const clockTime: TimeFormat = (s) => formatHourMinute(s * 1000);

function meetingOf(v: unknown): Meeting | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  if (typeof m.start !== 'number' || typeof m.end !== 'number' || m.end <= m.start) return null;
  return {
    id: typeof m.id === 'string' ? m.id : `${m.start}`,
    title: typeof m.title === 'string' && m.title.trim() !== '' ? m.title : 'Meeting',
    organiser: typeof m.organiser === 'string' ? m.organiser : '',
    start: m.start,
    end: m.end,
    private: m.private === true,
    bookedHere: m.booked_here === true,
  };
}

const subjectOf = (m: Meeting) => (m.private ? 'Booked' : m.title);

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
    when: `${time(m.start)}–${time(m.end)}`,
    subject: subjectOf(m),
  }));
  if (current !== null && current.start <= nowS && nowS < current.end) {
    return {
      status: 'busy',
      headline: `In use until ${time(current.end)}`,
      subject: subjectOf(current),
      organiser: current.private ? null : current.organiser || null,
      upcoming,
      bookableMinutes: 0,
      canEnd: current.bookedHere,
    };
  }
  const next = later[0];
  const minutes = next ? Math.floor((next.start - nowS) / 60) : 240;
  return {
    status: 'free',
    headline: next ? `Available until ${time(next.start)}` : 'Available for the rest of the day',
    subject: null,
    organiser: null,
    upcoming,
    bookableMinutes: Math.max(0, Math.min(240, minutes)),
    canEnd: false,
  };
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

/**
 * The "Book now" lengths offered in a free room. All of them: the calendar is the judge of a
 * clash (someone may book in between), and its refusal says how long is free.
 */
export function bookingChoices(
  view: BookingView | null,
  choices: readonly number[] = [15, 30, 60],
): number[] {
  return view === null || view.status !== 'free' ? [] : [...choices];
}
