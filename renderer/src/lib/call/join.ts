import type { ModuleState } from '#contract';
import { type CodecView, isPlacing, type LastOutcome } from './call-state.ts';

/*
 * Joining the booked meeting: which meeting can be joined now (from five minutes before it starts
 * until it ends, when the calendar gives the address the codec dials), and how far a join has got,
 * read from the devices alone: the room is starting until the room says it is on and warm; it is
 * calling only once the codec lists the call; connected only when the codec says so.
 */

/** Join is offered from this long before the meeting starts. */
export const JOIN_BEFORE_S = 5 * 60;

export interface Joinable {
  id: string;
  /** The meeting's title (null for a private one: the panel says "Booked"). */
  title: string | null;
  provider: string | null;
  /** The address the codec dials. */
  sip: string;
  start: number;
  end: number;
}

function joinableOf(v: unknown, nowS: number): Joinable | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  const online = m.online_meeting;
  if (typeof online !== 'object' || online === null) return null;
  const { sip, provider } = online as Record<string, unknown>;
  if (typeof sip !== 'string' || sip.trim() === '') return null;
  if (typeof m.start !== 'number' || typeof m.end !== 'number' || m.end <= m.start) return null;
  if (nowS < m.start - JOIN_BEFORE_S || nowS >= m.end) return null;
  const title = typeof m.title === 'string' && m.title.trim() !== '' && m.private !== true ? m.title : null;
  return {
    id: typeof m.id === 'string' ? m.id : `${m.start}`,
    title,
    provider: typeof provider === 'string' ? provider : null,
    sip: sip.trim(),
    start: m.start,
    end: m.end,
  };
}

/** The meeting under way, else the next one, when it can be joined now. */
export function joinableMeeting(bookings: ModuleState | undefined, nowS: number): Joinable | null {
  if (bookings === undefined || bookings.connected === false) return null;
  return joinableOf(bookings.current, nowS) ?? joinableOf(bookings.next, nowS);
}

/**
 * The meeting a call is to, when the calendar's meeting of today has that address: the call reads
 * "Board meeting" rather than a SIP address (a private meeting keeps its title to itself).
 */
export function meetingCalled(bookings: ModuleState | undefined, number: string): string | null {
  const today = Array.isArray(bookings?.today) ? bookings.today : [bookings?.current, bookings?.next];
  for (const m of today) {
    if (typeof m !== 'object' || m === null) continue;
    const r = m as Record<string, unknown>;
    const online = r.online_meeting as Record<string, unknown> | null | undefined;
    if (typeof online?.sip !== 'string' || online.sip.toLowerCase() !== number.toLowerCase()) continue;
    return r.private !== true && typeof r.title === 'string' && r.title.trim() !== '' ? r.title : null;
  }
  return null;
}

/** A join (or a dial) pressed here: what was dialled and when, and the press's own failure. */
export interface Attempt {
  number: string;
  /** When it was pressed (epoch s): only a call ending after it is its outcome. */
  since: number;
  /** The room was off when it was pressed: starting the room is part of this join. */
  starting: boolean;
  /** The dial was sent and the codec took it. */
  dialled: boolean;
  /** The press itself failed (the codec or the room did not answer, refused): said as is. */
  failed: boolean;
}

export type Stage = 'starting' | 'ready' | 'calling' | 'connected' | 'failed' | 'ended';

export interface Progress {
  stage: Stage;
  /** How the call ended, when the codec says it did not connect or dropped. */
  outcome: LastOutcome | null;
}

export interface ProgressFacts {
  attempt: Attempt;
  codec: CodecView;
  /** The room reports itself on. */
  roomOn: boolean;
  /** The room (or a screen) reports it is warming up. */
  warming: boolean;
}

/** Where a join stands, from the devices' own state; never ahead of what they report. */
export function progressOf({ attempt, codec, roomOn, warming }: ProgressFacts): Progress {
  const call = codec.active;
  if (call && call.direction === 'outgoing')
    return { stage: isPlacing(call) ? 'calling' : 'connected', outcome: null };
  const last = codec.lastCall;
  if (attempt.dialled && last !== null && last.at >= attempt.since)
    return { stage: last.outcome === 'ended' ? 'ended' : 'failed', outcome: last.outcome };
  if (attempt.failed) return { stage: 'failed', outcome: null };
  if (attempt.starting && (!roomOn || warming)) return { stage: 'starting', outcome: null };
  return { stage: 'ready', outcome: null };
}
