import { Type } from '@sinclair/typebox';
import { ROLE } from '../store/model.ts';
import {
  type Driver,
  type DriverContext,
  DriverError,
  type FuncSpec,
  InvalidArgumentsError,
} from './driver.ts';
import {
  answer,
  decline,
  dial,
  farEnd,
  hangup,
  hold,
  incoming,
  liveCalls,
  resume,
  settle,
} from './codec/calls.ts';
import {
  MAX_PRESET,
  nameFor,
  presetsFromSettings,
  recallPreset,
  savePreset,
  search,
} from './codec/directory.ts';
import { checkAtMost, func, onOff, percent, unknownMethod } from './params.ts';
import { readBool, readInt } from './values.ts';

/*
 * A video-conferencing codec, as PlaceOS drives a Cisco RoomOS one (class VidConf): it dials and
 * answers calls, shares content, mutes its microphones, and points its camera. Times are epoch
 * seconds; the call life cycle runs on the simulator's clock (codec/calls.ts).
 *
 * State (what the codec says):
 * - `calls`: the calls it has, each `{id, direction: 'outgoing'|'incoming', status, remote_name,
 *   remote_number, started_at, held_by}`. `status` is Dialling, Ringing, Connecting, Connected,
 *   OnHold or Disconnecting; `started_at` is null until the call connects; `held_by` says who put
 *   it on hold ('local' | 'remote', null when not on hold). Empty: no call. A call leaves the list
 *   `disconnect_seconds` (default 1) after it ends, showing Disconnecting meanwhile.
 * - `last_call`: how the last call ended, `{number, outcome, at, ended_by}` with outcome ended,
 *   busy, rejected, unreachable, dropped or not_answered (null before any), so a panel can say
 *   "busy"; `ended_by` 'local', 'remote' or null (nobody: dropped, unanswered), so it can say
 *   "the other side hung up" only when they did.
 * - `presentation`: 'none' | 'local' (the room shares, `presentation_source` its input) |
 *   'remote' (the far end shares; only in a call).
 * - `mic_mute` (privacy), `volume` (0–100), `selfview`, `speaker_track` (auto-framing),
 *   `presets` (`{id, name}`, ids 1–35), `camera_preset` (the one last recalled or saved; null
 *   after auto-framing takes the camera), `dtmf_sent` (tones sent in the current call),
 *   `connected` (false while the module is set offline).
 * - `call_timeline` and `calls_made` are the codec's own bookkeeping (what each call does next).
 *
 * A dialled call shows Dialling (`dial_seconds`, default 1), Ringing (`ring_seconds`, default 3),
 * then Connected. Documented numbers fail: one containing `busy` answers busy after dialling,
 * `reject` rings then is rejected, `unreachable` is given up after dialling and ringing time,
 * `noanswer` rings `no_answer_seconds` (default 30) unanswered, `drop` connects then drops after
 * `drop_seconds` (default 10). An incoming call (`test_incoming_call`) rings until answered
 * (Connecting `connect_seconds`, default 1, then Connected), declined, or `no_answer_seconds` pass.
 * Methods that take `call_id` act on every call they apply to when it is left out; `hangup()` with
 * no call is harmless (the room's off does it). `test_far_end` is the far end's doing.
 */

const CALL_ID = Type.Integer({
  minimum: 1,
  description: 'the call’s id (state `calls`); left out: every call it applies to',
});

/** A method whose one parameter, the call id, may be left out without a default. */
const byCall = (): FuncSpec => ({ params: { call_id: CALL_ID }, order: ['call_id'], optional: ['call_id'] });

const FAR_END_ACTIONS = ['hangup', 'share', 'stop_share', 'hold', 'resume'] as const;
type FarEndAction = (typeof FAR_END_ACTIONS)[number];

const presentationSources = (settings: Record<string, unknown>) =>
  readInt(settings, 'presentation_sources', 2, 1, 8);

function presentationStart(ctx: DriverContext, source: number): void {
  checkAtMost(
    'presentation_start',
    'source',
    source,
    presentationSources(ctx.module.settings),
    'the codec’s inputs',
  );
  // The room takes the floor from a far end that was sharing, as a codec lets it.
  Object.assign(ctx.state, { presentation: 'local', presentation_source: source });
}

function presentationStop(ctx: DriverContext): void {
  if (ctx.state.presentation === 'remote')
    throw new DriverError('The far end is sharing; only they can stop it.');
  Object.assign(ctx.state, { presentation: 'none', presentation_source: null });
}

function farEndDoes(ctx: DriverContext, action: FarEndAction): void {
  const s = ctx.state;
  switch (action) {
    case 'share':
      if (!liveCalls(s).some((c) => c.status === 'Connected'))
        throw new DriverError('No connected call for the far end to share in.');
      Object.assign(s, { presentation: 'remote', presentation_source: null });
      return;
    case 'stop_share':
      if (s.presentation !== 'remote') throw new DriverError('The far end is not sharing.');
      s.presentation = 'none';
      return;
    default:
      farEnd(s, action, ctx.now(), ctx.module.settings);
  }
}

function sendTones(ctx: DriverContext, digits: string): { sent: string } {
  if (!/^[0-9*#]+$/.test(digits))
    throw new InvalidArgumentsError(
      `dtmf_send: digits must be 0–9, * and # only, got ${JSON.stringify(digits)}`,
    );
  if (!liveCalls(ctx.state).some((c) => c.status === 'Connected'))
    throw new DriverError('No connected call to send tones to.');
  const before = typeof ctx.state.dtmf_sent === 'string' ? ctx.state.dtmf_sent : '';
  ctx.state.dtmf_sent = (before + digits).slice(-64);
  return { sent: digits };
}

export const codec: Driver = {
  key: 'codec',
  className: 'VidConf',
  role: ROLE.device,
  description:
    'Video-conferencing codec (Cisco RoomOS style): calls, content share, camera presets, privacy.',
  defaultPort: 443,
  funcs: {
    dial: func({
      number: Type.String({ minLength: 1, maxLength: 255, description: 'a phone number or SIP address' }),
    }),
    hangup: byCall(),
    call_accept: byCall(),
    call_reject: byCall(),
    hold: byCall(),
    resume: byCall(),
    dtmf_send: func({
      digits: Type.String({ minLength: 1, maxLength: 32, description: 'tones to send: 0–9, * and #' }),
    }),
    mic_mute: func({ state: onOff('true = microphones muted (privacy)') }),
    volume: func({ level: percent('loudspeaker volume, 0–100') }),
    presentation_start: func({
      source: Type.Integer({
        minimum: 1,
        default: 1,
        description: 'input to share, 1 … settings `presentation_sources` (default 2)',
      }),
    }),
    presentation_stop: func(),
    camera_preset: func({
      preset: Type.Integer({ minimum: 1, maximum: MAX_PRESET, description: 'a saved preset’s id' }),
    }),
    camera_preset_save: func({
      preset: Type.Integer({ minimum: 1, maximum: MAX_PRESET, description: 'preset id, 1–35' }),
      name: Type.String({
        maxLength: 40,
        default: '',
        description: 'its name (left out: kept, or "Preset N")',
      }),
    }),
    speaker_track: func({ state: onOff('true = the camera frames whoever speaks') }),
    selfview: func({ state: onOff('true = the room sees its own picture') }),
    phonebook_search: func({
      text: Type.String({ minLength: 1, maxLength: 60, description: 'part of a name or number' }),
    }),
    test_incoming_call: func({
      number: Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'the caller’s number or SIP address',
      }),
      name: Type.String({
        maxLength: 80,
        default: '',
        description: 'the caller’s name (left out: from the directory)',
      }),
    }),
    test_far_end: func({
      action: Type.Union(
        FAR_END_ACTIONS.map((a) => Type.Literal(a)),
        { description: 'what the far end does: hangup, share, stop_share, hold or resume' },
      ),
    }),
  },
  initialState(settings) {
    return {
      connected: true,
      calls: [],
      last_call: null,
      presentation: 'none',
      presentation_source: null,
      mic_mute: false,
      volume: readInt(settings, 'volume', 50, 0, 100),
      selfview: false,
      speaker_track: readBool(settings, 'speaker_track', false),
      presets: presetsFromSettings(settings),
      camera_preset: null,
      dtmf_sent: '',
      call_timeline: [],
      calls_made: 0,
    };
  },
  advance(ctx) {
    ctx.state.connected = ctx.module.settings.offline !== true;
    settle(ctx.state, ctx.now(), ctx.module.settings);
  },
  exec(ctx, method, args) {
    const s = ctx.state;
    const { settings } = ctx.module;
    const now = ctx.now();
    const id = args[0] as number | undefined;
    switch (method) {
      case 'dial': {
        const number = (args[0] as string).trim();
        return dial(s, number, nameFor(settings, number) ?? number, now, settings);
      }
      case 'hangup':
        return { ended: hangup(s, id, now, settings) };
      case 'call_accept':
        return answer(s, id, now, settings);
      case 'call_reject':
        return decline(s, id, now, settings);
      case 'hold':
        return hold(s, id);
      case 'resume':
        return resume(s, id);
      case 'dtmf_send':
        return sendTones(ctx, args[0] as string);
      case 'mic_mute':
        s.mic_mute = args[0] as boolean;
        return;
      case 'volume':
        s.volume = args[0] as number;
        return;
      case 'presentation_start':
        return presentationStart(ctx, args[0] as number);
      case 'presentation_stop':
        return presentationStop(ctx);
      case 'camera_preset':
        return recallPreset(s, args[0] as number);
      case 'camera_preset_save':
        return savePreset(s, args[0] as number, args[1] as string);
      case 'speaker_track':
        s.speaker_track = args[0] as boolean;
        // Auto-framing moves the camera: no preset is where it points any more.
        if (s.speaker_track === true) s.camera_preset = null;
        return;
      case 'selfview':
        s.selfview = args[0] as boolean;
        return;
      case 'phonebook_search': {
        const text = args[0] as string;
        if (text.trim() === '') throw new InvalidArgumentsError('phonebook_search: text must not be blank');
        return search(settings, text);
      }
      case 'test_incoming_call': {
        const number = (args[0] as string).trim();
        const name = (args[1] as string).trim();
        return incoming(s, number, name || nameFor(settings, number) || number, now, settings);
      }
      case 'test_far_end':
        return farEndDoes(ctx, args[0] as FarEndAction);
      default:
        unknownMethod('codec', method);
    }
  },
};
