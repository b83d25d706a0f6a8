import type { DeviceState } from '../../store/model.ts';
import { DriverError, InvalidArgumentsError } from '../driver.ts';
import { readNumber } from '../values.ts';

/*
 * The codec's calls and what happens to them next, worked out lazily from the clock: each call
 * has at most one pending step (ring, connect, end, gone) with the time it falls due, kept in state
 * `call_timeline` beside the calls. `settle` applies every step that has fallen due, in time
 * order and at its own time (a call that connected while nobody read the state still says when it
 * connected), so nothing ticks between requests.
 */

export type CallStatus = 'Dialling' | 'Ringing' | 'Connecting' | 'Connected' | 'OnHold' | 'Disconnecting';
export type CallOutcome = 'ended' | 'busy' | 'rejected' | 'unreachable' | 'dropped' | 'not_answered';

export interface Call {
  id: number;
  direction: 'outgoing' | 'incoming';
  status: CallStatus;
  remote_name: string;
  remote_number: string;
  /** Epoch seconds the call connected; null until it does. */
  started_at: number | null;
  /** Who put the call on hold (null unless OnHold): a panel says "on hold" or "the far end holds". */
  held_by: 'local' | 'remote' | null;
}

export interface LastCall {
  number: string;
  outcome: CallOutcome;
  at: number;
  /** Who ended it, as RoomOS's disconnect cause says: this room, the far end (busy or declined
   * too), or nobody (dropped, unanswered); a panel says "the other side hung up" only when they did. */
  ended_by: EndedBy;
}

export type EndedBy = 'local' | 'remote' | null;

/** How a dialled number will fare, from the documented test numbers (a word in the number). */
type Fate = 'answer' | 'busy' | 'reject' | 'unreachable' | 'drop' | 'no_answer';

type Step = { step: 'ring' } | { step: 'connect' } | { step: 'end'; outcome: CallOutcome } | { step: 'gone' };

/** A call's next step and when it falls due, in milliseconds since the epoch. */
type Pending = Step & { id: number; at: number; fate: Fate };

/** The times a call takes, from the module's settings (seconds; 0 = at once). */
export function timingsOf(settings: Record<string, unknown>) {
  return {
    dial: readNumber(settings, 'dial_seconds', 1, 0),
    ring: readNumber(settings, 'ring_seconds', 3, 0),
    connect: readNumber(settings, 'connect_seconds', 1, 0),
    disconnect: readNumber(settings, 'disconnect_seconds', 1, 0),
    drop: readNumber(settings, 'drop_seconds', 10, 0),
    noAnswer: readNumber(settings, 'no_answer_seconds', 30, 0),
  };
}
type Timings = ReturnType<typeof timingsOf>;

export const MAX_CALLS_DEFAULT = 3;

export function fateOf(number: string): Fate {
  const n = number.toLowerCase();
  if (n.includes('busy')) return 'busy';
  if (n.includes('reject')) return 'reject';
  if (n.includes('unreachable')) return 'unreachable';
  if (n.includes('noanswer') || n.includes('no-answer')) return 'no_answer';
  if (n.includes('drop')) return 'drop';
  return 'answer';
}

export const callsOf = (state: DeviceState): Call[] =>
  Array.isArray(state.calls) ? (state.calls as Call[]) : [];
const timelineOf = (state: DeviceState): Pending[] =>
  Array.isArray(state.call_timeline) ? (state.call_timeline as Pending[]) : [];

/** Calls still under way (a call being hung up is on its way out). */
export const liveCalls = (state: DeviceState): Call[] =>
  callsOf(state).filter((c) => c.status !== 'Disconnecting');

function update(state: DeviceState, id: number, change: Partial<Call>): void {
  state.calls = callsOf(state).map((c) => (c.id === id ? { ...c, ...change } : c));
}

function schedule(state: DeviceState, id: number, fate: Fate, step: Step | null, at: number): void {
  const rest = timelineOf(state).filter((p) => p.id !== id);
  state.call_timeline = step === null ? rest : [...rest, { ...step, id, at, fate }];
}

const fateOfCall = (state: DeviceState, id: number): Fate =>
  timelineOf(state).find((p) => p.id === id)?.fate ?? 'answer';

/** The call ends (`outcome`) at `at`: it shows Disconnecting a moment, then leaves the list. */
export function endCall(
  state: DeviceState,
  call: Call,
  outcome: CallOutcome,
  at: number,
  t: Timings,
  by: EndedBy,
) {
  update(state, call.id, { status: 'Disconnecting', held_by: null });
  const ended: LastCall = { number: call.remote_number, outcome, at: Math.floor(at / 1000), ended_by: by };
  state.last_call = ended;
  schedule(state, call.id, fateOfCall(state, call.id), { step: 'gone' }, at + t.disconnect * 1000);
  if (liveCalls(state).length === 0) {
    // With no call left there is no far end to share, and tones sent are history.
    if (state.presentation === 'remote') state.presentation = 'none';
    state.dtmf_sent = '';
  }
}

function connect(state: DeviceState, id: number, at: number, t: Timings): void {
  update(state, id, { status: 'Connected', started_at: Math.floor(at / 1000) });
  const fate = fateOfCall(state, id);
  schedule(state, id, fate, fate === 'drop' ? { step: 'end', outcome: 'dropped' } : null, at + t.drop * 1000);
}

/** One due step, at its own time. */
function apply(state: DeviceState, p: Pending, t: Timings): void {
  const call = callsOf(state).find((c) => c.id === p.id);
  if (!call) {
    schedule(state, p.id, p.fate, null, 0);
    return;
  }
  switch (p.step) {
    case 'ring':
      update(state, p.id, { status: 'Ringing' });
      if (p.fate === 'reject')
        schedule(state, p.id, p.fate, { step: 'end', outcome: 'rejected' }, p.at + t.ring * 1000);
      else if (p.fate === 'no_answer')
        schedule(state, p.id, p.fate, { step: 'end', outcome: 'not_answered' }, p.at + t.noAnswer * 1000);
      else schedule(state, p.id, p.fate, { step: 'connect' }, p.at + t.ring * 1000);
      return;
    case 'connect':
      connect(state, p.id, p.at, t);
      return;
    case 'end':
      endCall(
        state,
        call,
        p.outcome,
        p.at,
        t,
        p.outcome === 'rejected' || p.outcome === 'busy' ? 'remote' : null,
      );
      return;
    case 'gone':
      state.calls = callsOf(state).filter((c) => c.id !== p.id);
      schedule(state, p.id, p.fate, null, 0);
      return;
  }
}

/** Applies every step due by `now` (ms), earliest first; each may schedule the next. */
export function settle(state: DeviceState, now: number, settings: Record<string, unknown>): void {
  const t = timingsOf(settings);
  state.calls = callsOf(state);
  state.call_timeline = timelineOf(state);
  // Bounded: each call passes through at most five steps.
  for (let i = 0; i < 5 * (callsOf(state).length + 1); i++) {
    const due = timelineOf(state)
      .filter((p) => p.at <= now)
      .sort((a, b) => a.at - b.at || a.id - b.id)[0];
    if (!due) return;
    apply(state, due, t);
  }
}

function nextId(state: DeviceState): number {
  const id = (typeof state.calls_made === 'number' ? state.calls_made : 0) + 1;
  state.calls_made = id;
  return id;
}

function checkRoom(state: DeviceState, settings: Record<string, unknown>): void {
  const max = readNumber(settings, 'max_calls', MAX_CALLS_DEFAULT, 1);
  if (liveCalls(state).length >= max)
    throw new DriverError(`The codec already has ${max} call${max === 1 ? '' : 's'}; hang up one first.`);
}

/** Digits, letters and the marks of a phone number or SIP address; nothing else reaches a dial string. */
const DIALLABLE = /^[A-Za-z0-9@._+\-:*#]+$/;

export function checkNumber(method: string, param: string, number: string): void {
  if (!DIALLABLE.test(number))
    throw new InvalidArgumentsError(
      `${method}: ${param} must be a phone number or SIP address (digits, letters and @ . _ - + : * #), got ${JSON.stringify(number)}`,
    );
}

/** A new call in the codec's list, once its number is checked and the codec has room for it. */
function addCall(
  state: DeviceState,
  settings: Record<string, unknown>,
  method: string,
  from: { direction: Call['direction']; status: Call['status']; number: string; name: string },
): Call {
  checkNumber(method, 'number', from.number);
  checkRoom(state, settings);
  const call: Call = {
    id: nextId(state),
    direction: from.direction,
    status: from.status,
    remote_name: from.name,
    remote_number: from.number,
    started_at: null,
    held_by: null,
  };
  state.calls = [...callsOf(state), call];
  return call;
}

export function dial(
  state: DeviceState,
  number: string,
  name: string,
  now: number,
  settings: Record<string, unknown>,
): Call {
  const t = timingsOf(settings);
  const fate = fateOf(number);
  const call = addCall(state, settings, 'dial', { direction: 'outgoing', status: 'Dialling', number, name });
  const dialled = now + t.dial * 1000;
  if (fate === 'busy') schedule(state, call.id, fate, { step: 'end', outcome: 'busy' }, dialled);
  // The codec tries for a while before it gives up on an address nobody answers for.
  else if (fate === 'unreachable')
    schedule(state, call.id, fate, { step: 'end', outcome: 'unreachable' }, dialled + t.ring * 1000);
  else schedule(state, call.id, fate, { step: 'ring' }, dialled);
  settle(state, now, settings);
  return callsOf(state).find((c) => c.id === call.id) ?? call;
}

export function incoming(
  state: DeviceState,
  number: string,
  name: string,
  now: number,
  settings: Record<string, unknown>,
): Call {
  const t = timingsOf(settings);
  const call = addCall(state, settings, 'test_incoming_call', {
    direction: 'incoming',
    status: 'Ringing',
    number,
    name,
  });
  schedule(state, call.id, 'answer', { step: 'end', outcome: 'not_answered' }, now + t.noAnswer * 1000);
  return call;
}

/** The call a method names, or the calls it applies to when it names none; never an empty list. */
export function targets(
  state: DeviceState,
  method: string,
  id: number | undefined,
  applies: (c: Call) => boolean,
  none: string,
): Call[] {
  if (id !== undefined) {
    const call = callsOf(state).find((c) => c.id === id);
    if (!call) {
      const ids = callsOf(state).map((c) => c.id);
      throw new InvalidArgumentsError(
        `${method}: call_id ${id} is not a call on the codec (${ids.length === 0 ? 'there are none' : `calls: ${ids.join(', ')}`})`,
      );
    }
    return [call];
  }
  const found = callsOf(state).filter(applies);
  if (found.length === 0) throw new DriverError(none);
  return found;
}

export function answer(
  state: DeviceState,
  id: number | undefined,
  now: number,
  settings: Record<string, unknown>,
) {
  const isRinging = (c: Call) => c.direction === 'incoming' && c.status === 'Ringing';
  const [call] = targets(state, 'call_accept', id, isRinging, 'No incoming call is ringing.');
  if (!call || !isRinging(call)) throw new DriverError(`Call ${id} is not an incoming call that is ringing.`);
  const t = timingsOf(settings);
  // Answering a second call puts the first on hold, as a codec does with one far end at a time.
  for (const other of liveCalls(state))
    if (other.id !== call.id && other.status === 'Connected')
      update(state, other.id, { status: 'OnHold', held_by: 'local' });
  update(state, call.id, { status: 'Connecting' });
  schedule(state, call.id, 'answer', { step: 'connect' }, now + t.connect * 1000);
  settle(state, now, settings);
}

export function decline(
  state: DeviceState,
  id: number | undefined,
  now: number,
  settings: Record<string, unknown>,
) {
  const isRinging = (c: Call) => c.direction === 'incoming' && c.status === 'Ringing';
  const [call] = targets(state, 'call_reject', id, isRinging, 'No incoming call is ringing.');
  if (!call || !isRinging(call)) throw new DriverError(`Call ${id} is not an incoming call that is ringing.`);
  endCall(state, call, 'rejected', now, timingsOf(settings), 'local');
}

/** Hangs up one call, or every call when none is named; with no call at all there is nothing to do. */
export function hangup(
  state: DeviceState,
  id: number | undefined,
  now: number,
  settings: Record<string, unknown>,
) {
  if (id === undefined && liveCalls(state).length === 0) return 0;
  const ending = targets(state, 'hangup', id, (c) => c.status !== 'Disconnecting', '');
  const t = timingsOf(settings);
  let ended = 0;
  for (const call of ending) {
    if (call.status === 'Disconnecting') continue;
    // A call hung up before anyone answered never took place: it was not answered.
    const outcome: CallOutcome =
      call.status === 'Connected' || call.status === 'OnHold' || call.status === 'Connecting'
        ? 'ended'
        : 'not_answered';
    endCall(state, call, outcome, now, t, 'local');
    ended += 1;
  }
  return ended;
}

export function hold(state: DeviceState, id: number | undefined): void {
  const calls = targets(
    state,
    'hold',
    id,
    (c) => c.status === 'Connected',
    'No connected call to put on hold.',
  );
  for (const call of calls) {
    if (call.status === 'OnHold' && call.held_by === 'local') continue;
    if (call.status === 'OnHold') throw new DriverError('The far end has put the call on hold.');
    if (call.status !== 'Connected')
      throw new DriverError(`Call ${call.id} is not connected (${call.status}).`);
    update(state, call.id, { status: 'OnHold', held_by: 'local' });
  }
}

export function resume(state: DeviceState, id: number | undefined): void {
  const calls = targets(
    state,
    'resume',
    id,
    (c) => c.status === 'OnHold' && c.held_by === 'local',
    'No call on hold here to resume.',
  );
  for (const call of calls) {
    if (call.status === 'Connected') continue;
    if (call.status === 'OnHold' && call.held_by === 'remote')
      throw new DriverError('The far end has put the call on hold; only they can resume it.');
    if (call.status !== 'OnHold') throw new DriverError(`Call ${call.id} is not on hold (${call.status}).`);
    update(state, call.id, { status: 'Connected', held_by: null });
  }
}

/** The far end's doing, raised for demos and tests: it hangs up, holds or resumes the first call it can. */
export function farEnd(
  state: DeviceState,
  action: 'hangup' | 'hold' | 'resume',
  now: number,
  settings: Record<string, unknown>,
): void {
  const calls = liveCalls(state);
  switch (action) {
    case 'hangup': {
      const inCall = calls.find(
        (c) => c.status === 'Connected' || c.status === 'OnHold' || c.status === 'Connecting',
      );
      // A caller who gives up before the room answers: a missed call.
      const caller = calls.find((c) => c.direction === 'incoming' && c.status === 'Ringing');
      const ending = inCall ?? caller;
      if (!ending) throw new DriverError('No call for the far end to hang up.');
      endCall(state, ending, inCall ? 'ended' : 'not_answered', now, timingsOf(settings), 'remote');
      return;
    }
    case 'hold': {
      const call = calls.find((c) => c.status === 'Connected');
      if (!call) throw new DriverError('No connected call for the far end to hold.');
      update(state, call.id, { status: 'OnHold', held_by: 'remote' });
      return;
    }
    case 'resume': {
      const call = calls.find((c) => c.status === 'OnHold' && c.held_by === 'remote');
      if (!call) throw new DriverError('The far end holds no call to resume.');
      update(state, call.id, { status: 'Connected', held_by: null });
      return;
    }
  }
}
