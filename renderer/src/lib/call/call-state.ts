import type { ModuleState } from '#contract';

/*
 * The codec as the panel shows it, read only from what the codec reports: its list of calls, its
 * content share, microphone privacy, volume, self view, auto-framing, camera presets and how the
 * last call ended. "In a call" is a call in that list and nothing else: a press, a remembered page
 * or an earlier reading never makes one up.
 */

export type CallStatus = 'Dialling' | 'Ringing' | 'Connecting' | 'Connected' | 'OnHold' | 'Disconnecting';

export interface Call {
  /** As the codec gives it (a number on RoomOS), sent back as is to act on this call. */
  id: string | number;
  direction: 'outgoing' | 'incoming';
  status: CallStatus;
  /** Who is on the other end, as the codec names them (the number when it has no name). */
  who: string;
  number: string;
  /** When it connected (epoch s); null until then. */
  startedAt: number | null;
}

export type LastOutcome = 'ended' | 'busy' | 'rejected' | 'unreachable' | 'dropped' | 'not_answered';

export interface CodecView {
  /** The codec has been read and says it is connected: everything below is its word. */
  answering: boolean;
  calls: Call[];
  /** The call this room is in or placing (not one ringing in, unanswered). */
  active: Call | null;
  /** A call ringing in, waiting to be answered or declined. */
  incoming: Call | null;
  presentation: 'none' | 'local' | 'remote';
  micMute: boolean | null;
  volume: number | null;
  selfview: boolean | null;
  speakerTrack: boolean | null;
  presets: { id: number; name: string }[];
  /** The preset the camera is at, as the codec says (null: moved since, or auto-framing). */
  preset: number | null;
  /** How the last call ended, and which side ended it (null: neither, or the codec does not say). */
  lastCall: { number: string; outcome: LastOutcome; at: number; endedBy: 'local' | 'remote' | null } | null;
}

const STATUSES: readonly CallStatus[] = [
  'Dialling',
  'Ringing',
  'Connecting',
  'Connected',
  'OnHold',
  'Disconnecting',
];
const OUTCOMES: readonly LastOutcome[] = [
  'ended',
  'busy',
  'rejected',
  'unreachable',
  'dropped',
  'not_answered',
];

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? `${v}` : '');
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function callOf(v: unknown): Call | null {
  const c = record(v);
  if (!c) return null;
  const status = STATUSES.find((s) => s === c.status);
  const id = typeof c.id === 'number' && Number.isFinite(c.id) ? c.id : text(c.id);
  if (!status || id === '') return null;
  const number = text(c.remote_number);
  return {
    id,
    direction: c.direction === 'incoming' ? 'incoming' : 'outgoing',
    status,
    who: text(c.remote_name) || number,
    number,
    startedAt: num(c.started_at),
  };
}

function presetsOf(v: unknown): CodecView['presets'] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((p) => {
    const r = record(p);
    const id = num(r?.id);
    if (r === null || id === null) return [];
    return [{ id, name: text(r.name) || `${id}` }];
  });
}

function lastCallOf(v: unknown): CodecView['lastCall'] {
  const r = record(v);
  const outcome = OUTCOMES.find((o) => o === r?.outcome);
  const at = num(r?.at);
  if (!r || !outcome || at === null) return null;
  const endedBy = r.ended_by === 'local' || r.ended_by === 'remote' ? r.ended_by : null;
  return { number: text(r.number), outcome, at, endedBy };
}

const NOTHING: CodecView = {
  answering: false,
  calls: [],
  active: null,
  incoming: null,
  presentation: 'none',
  micMute: null,
  volume: null,
  selfview: null,
  speakerTrack: null,
  presets: [],
  preset: null,
  lastCall: null,
};

/** Nothing until the codec has been read, and nothing while it says it is not connected. */
export function codecView(state: ModuleState | undefined): CodecView {
  if (state === undefined || state.connected === false) return NOTHING;
  const calls = (Array.isArray(state.calls) ? state.calls : []).flatMap((c) => callOf(c) ?? []);
  const ringingIn = (c: Call) => c.direction === 'incoming' && c.status === 'Ringing';
  const presentation =
    state.presentation === 'local' || state.presentation === 'remote' ? state.presentation : 'none';
  return {
    answering: true,
    calls,
    active: calls.find((c) => !ringingIn(c) && c.status !== 'Disconnecting') ?? null,
    incoming: calls.find(ringingIn) ?? null,
    presentation,
    micMute: flag(state.mic_mute),
    volume: num(state.volume),
    selfview: flag(state.selfview),
    speakerTrack: flag(state.speaker_track),
    presets: presetsOf(state.presets),
    preset: num(state.camera_preset),
    lastCall: lastCallOf(state.last_call),
  };
}

/** Placing the call: the codec has it but the far end has not answered yet. */
export const isPlacing = (c: Call): boolean =>
  c.status === 'Dialling' || c.status === 'Ringing' || c.status === 'Connecting';

/** Seconds in the call on the panel's clock, from when the codec says it connected. */
export function callSeconds(call: Call, nowS: number): number | null {
  return call.startedAt === null ? null : Math.max(0, Math.floor(nowS - call.startedAt));
}
