import { describe, expect, it } from 'vitest';
import { codec } from '../../../simulator/devices/codec.ts';
import { DriverError, InvalidArgumentsError } from '../../../simulator/devices/driver.ts';
import { mixer } from '../../../simulator/devices/mixer.ts';
import { roomLogic } from '../../../simulator/devices/room-logic.ts';
import { fakeDevice, fakeRoom } from './fake.ts';

/*
 * The codec driver on a fake clock, reached the way the exec endpoint reaches it: every method,
 * the call life cycle and the documented test numbers, the far end's doing, and the room's off.
 */

type Call = Record<string, unknown>;
const calls = (d: { state(): Record<string, unknown> }) => d.state().calls as Call[];
const statuses = (d: { state(): Record<string, unknown> }) => calls(d).map((c) => c.status);
const nowS = (d: { clock: { ms: number } }) => Math.floor(d.clock.ms / 1000);

/** A codec with one call connected (dialled, rung, answered). */
async function inCall(settings: Record<string, unknown> = {}) {
  const d = fakeDevice(codec, settings);
  await d.exec('dial', 'meeting@video.demo.local');
  d.tick(4);
  expect(statuses(d)).toEqual(['Connected']);
  return d;
}

describe('VidConf codec', () => {
  it('starts idle: no calls, nothing shared, the default presets', () => {
    expect(fakeDevice(codec).state()).toMatchObject({
      connected: true,
      calls: [],
      last_call: null,
      presentation: 'none',
      mic_mute: false,
      volume: 50,
      selfview: false,
      speaker_track: false,
      presets: [
        { id: 1, name: 'Overview' },
        { id: 2, name: 'Presenter' },
        { id: 3, name: 'Whiteboard' },
      ],
      camera_preset: null,
    });
  });

  it('dials, rings, then connects on its own clock, saying when the call connected', async () => {
    const d = fakeDevice(codec);
    const call = (await d.exec('dial', 'design.sync@zoomcrc.com')) as Call;
    expect(call).toMatchObject({
      id: 1,
      direction: 'outgoing',
      status: 'Dialling',
      remote_number: 'design.sync@zoomcrc.com',
      started_at: null,
    });
    d.tick(0.9);
    expect(statuses(d)).toEqual(['Dialling']);
    d.tick(0.1);
    expect(statuses(d)).toEqual(['Ringing']);
    const connectsAt = nowS(d) + 3;
    // Read long after: the call says when it connected, not when it was read.
    d.tick(60);
    expect(calls(d)).toEqual([expect.objectContaining({ status: 'Connected', started_at: connectsAt })]);
  });

  it('names a number the directory knows, and follows ring_seconds', async () => {
    const d = fakeDevice(codec, { ring_seconds: 10, dial_seconds: 0 });
    await d.exec('dial', '4400');
    expect(calls(d)[0]).toMatchObject({ status: 'Ringing', remote_name: 'AV support desk' });
    d.tick(9);
    expect(statuses(d)).toEqual(['Ringing']);
    d.tick(1);
    expect(statuses(d)).toEqual(['Connected']);
  });

  it('answers busy, rejects, gives up on the unreachable and the unanswered, as documented', async () => {
    const cases: [string, number, string][] = [
      ['busy@demo.local', 1, 'busy'],
      ['reject@demo.local', 4, 'rejected'],
      ['unreachable@demo.local', 4, 'unreachable'],
      ['noanswer@demo.local', 31, 'not_answered'],
    ];
    for (const [number, seconds, outcome] of cases) {
      const d = fakeDevice(codec);
      await d.exec('dial', number);
      d.tick(seconds - 0.5);
      expect(statuses(d), number).not.toContain('Connected');
      expect(d.state().last_call, number).toBeNull();
      d.tick(0.5);
      const by = outcome === 'busy' || outcome === 'rejected' ? 'remote' : null;
      expect(d.state().last_call, number).toEqual({ number, outcome, at: nowS(d), ended_by: by });
      expect(statuses(d), number).toEqual(['Disconnecting']);
      d.tick(1);
      expect(calls(d), number).toEqual([]);
    }
  });

  it('drops a "drop" call after drop_seconds connected', async () => {
    const d = fakeDevice(codec, { drop_seconds: 20 });
    await d.exec('dial', 'drop@demo.local');
    d.tick(4);
    expect(statuses(d)).toEqual(['Connected']);
    d.tick(19);
    expect(statuses(d)).toEqual(['Connected']);
    d.tick(1);
    expect(d.state().last_call).toMatchObject({ outcome: 'dropped' });
    d.tick(1);
    expect(calls(d)).toEqual([]);
  });

  it('hangs up one call by id or every call without one; with no call a hangup is harmless', async () => {
    const d = await inCall();
    await d.exec('dial', '4400');
    d.tick(4);
    expect(statuses(d)).toEqual(['Connected', 'Connected']);
    expect(await d.exec('hangup', 2)).toEqual({ ended: 1 });
    expect(statuses(d)).toEqual(['Connected', 'Disconnecting']);
    expect(d.state().last_call).toMatchObject({ number: '4400', outcome: 'ended', ended_by: 'local' });
    expect(await d.exec('hangup')).toEqual({ ended: 1 });
    d.tick(1);
    expect(calls(d)).toEqual([]);
    expect(await d.exec('hangup')).toEqual({ ended: 0 });
    await expect(d.exec('hangup', 7)).rejects.toThrow(InvalidArgumentsError);
    await expect(d.exec('hangup', 7)).rejects.toThrow(/call_id 7 is not a call on the codec/);
  });

  it('hung up while it still rang, a call was not answered', async () => {
    const d = fakeDevice(codec);
    await d.exec('dial', '4400');
    d.tick(2);
    await d.exec('hangup');
    expect(d.state().last_call).toMatchObject({ outcome: 'not_answered' });
  });

  it('rings with an incoming call until it is answered (Connecting, then Connected) or declined', async () => {
    const d = fakeDevice(codec);
    const call = (await d.exec('test_incoming_call', 'mere.tane@demo.local')) as Call;
    expect(call).toMatchObject({ direction: 'incoming', status: 'Ringing', remote_name: 'Mere Tane' });
    await expect(d.exec('dtmf_send', '1')).rejects.toThrow(/No connected call/);
    await d.exec('call_accept');
    expect(statuses(d)).toEqual(['Connecting']);
    d.tick(1);
    expect(calls(d)[0]).toMatchObject({ status: 'Connected', started_at: nowS(d) });
    await expect(d.exec('call_accept')).rejects.toThrow(/No incoming call is ringing/);

    const second = (await d.exec('test_incoming_call', '+6421555000', 'Courier')) as Call;
    expect(second).toMatchObject({ remote_name: 'Courier', remote_number: '+6421555000' });
    await d.exec('call_reject', second.id);
    expect(d.state().last_call).toMatchObject({ number: '+6421555000', outcome: 'rejected' });
    await expect(d.exec('call_reject', call.id)).rejects.toThrow(DriverError);
  });

  it('answering a second call holds the first; an unanswered one is missed after no_answer_seconds', async () => {
    const d = await inCall({ no_answer_seconds: 20 });
    await d.exec('test_incoming_call', 'sam.cole@demo.local');
    await d.exec('call_accept', 2);
    d.tick(1);
    expect(calls(d).map((c) => [c.status, c.held_by])).toEqual([
      ['OnHold', 'local'],
      ['Connected', null],
    ]);
    await d.exec('test_incoming_call', 'priya.shah@demo.local');
    d.tick(20);
    expect(d.state().last_call).toMatchObject({ number: 'priya.shah@demo.local', outcome: 'not_answered' });
  });

  it('holds and resumes, telling its own hold from the far end’s', async () => {
    const d = await inCall();
    await expect(d.exec('resume')).rejects.toThrow(/No call on hold/);
    await d.exec('hold');
    expect(calls(d)[0]).toMatchObject({ status: 'OnHold', held_by: 'local' });
    await d.exec('hold', 1);
    await d.exec('resume', 1);
    expect(calls(d)[0]).toMatchObject({ status: 'Connected', held_by: null });
    await d.exec('test_far_end', 'hold');
    expect(calls(d)[0]).toMatchObject({ status: 'OnHold', held_by: 'remote' });
    await expect(d.exec('resume', 1)).rejects.toThrow(/only they can resume/);
    await expect(d.exec('hold', 1)).rejects.toThrow(/far end has put the call on hold/);
    await d.exec('test_far_end', 'resume');
    expect(calls(d)[0]).toMatchObject({ status: 'Connected', held_by: null });
    await expect(d.exec('test_far_end', 'resume')).rejects.toThrow(DriverError);
  });

  it('the far end shares, stops sharing and hangs up; a share ends with the call', async () => {
    const d = await inCall();
    await d.exec('presentation_start', 2);
    expect(d.state()).toMatchObject({ presentation: 'local', presentation_source: 2 });
    await d.exec('test_far_end', 'share');
    expect(d.state()).toMatchObject({ presentation: 'remote', presentation_source: null });
    await expect(d.exec('presentation_stop')).rejects.toThrow(/only they can stop it/);
    await d.exec('test_far_end', 'stop_share');
    expect(d.state().presentation).toBe('none');
    await expect(d.exec('test_far_end', 'stop_share')).rejects.toThrow(/not sharing/);
    await d.exec('test_far_end', 'share');
    await d.exec('test_far_end', 'hangup');
    expect(d.state()).toMatchObject({
      presentation: 'none',
      last_call: { outcome: 'ended', ended_by: 'remote' },
    });
    d.tick(1);
    expect(calls(d)).toEqual([]);
    await expect(d.exec('test_far_end', 'hangup')).rejects.toThrow(/No call for the far end/);
    await expect(d.exec('test_far_end', 'share')).rejects.toThrow(/No connected call/);
    await expect(d.exec('test_far_end', 'wave')).rejects.toThrow(/must be one of "hangup", "share"/);
  });

  it('shares locally without a call, from an input it has', async () => {
    const d = fakeDevice(codec);
    await d.exec('presentation_start');
    expect(d.state()).toMatchObject({ presentation: 'local', presentation_source: 1 });
    await d.exec('presentation_stop');
    expect(d.state()).toMatchObject({ presentation: 'none', presentation_source: null });
    await expect(d.exec('presentation_start', 3)).rejects.toThrow(/source must be ≤ 2/);
  });

  it('sends tones only in a connected call, and only tones', async () => {
    const d = await inCall();
    expect(await d.exec('dtmf_send', '1234#')).toEqual({ sent: '1234#' });
    await d.exec('dtmf_send', '*9');
    expect(d.state().dtmf_sent).toBe('1234#*9');
    await expect(d.exec('dtmf_send', '12a')).rejects.toThrow(InvalidArgumentsError);
    await d.exec('hold');
    await expect(d.exec('dtmf_send', '1')).rejects.toThrow(/No connected call/);
    await d.exec('hangup');
    expect(d.state().dtmf_sent).toBe('');
  });

  it('mutes its microphones, sets its volume, self view and auto-framing', async () => {
    const d = fakeDevice(codec);
    await d.exec('mic_mute', true);
    await d.exec('volume', 70);
    await d.exec('selfview', true);
    await d.exec('camera_preset', 2);
    await d.exec('speaker_track', true);
    expect(d.state()).toMatchObject({
      mic_mute: true,
      volume: 70,
      selfview: true,
      speaker_track: true,
      camera_preset: null,
    });
    await expect(d.exec('volume', 101)).rejects.toThrow(/level must be ≤ 100/);
    await expect(d.exec('mic_mute', 'yes')).rejects.toThrow(/must be true or false/);
  });

  it('recalls saved presets (a fixed shot ends auto-framing) and saves new ones', async () => {
    const d = fakeDevice(codec, { speaker_track: true });
    await d.exec('camera_preset', 3);
    expect(d.state()).toMatchObject({ camera_preset: 3, speaker_track: false });
    await expect(d.exec('camera_preset', 9)).rejects.toThrow(/preset 9 is not saved \(saved: 1, 2, 3\)/);
    expect(await d.exec('camera_preset_save', 9, 'Lectern')).toEqual({ id: 9, name: 'Lectern' });
    await d.exec('camera_preset_save', 2);
    expect(d.state().presets).toEqual([
      { id: 1, name: 'Overview' },
      { id: 2, name: 'Presenter' },
      { id: 3, name: 'Whiteboard' },
      { id: 9, name: 'Lectern' },
    ]);
    await d.exec('camera_preset_save', 4);
    expect((d.state().presets as unknown[]).at(3)).toEqual({ id: 4, name: 'Preset 4' });
    await expect(d.exec('camera_preset_save', 36)).rejects.toThrow(/preset must be ≤ 35/);
  });

  it('searches its directory by name or number, any case; a setting replaces the directory', async () => {
    const d = fakeDevice(codec);
    expect(await d.exec('phonebook_search', 'huddle')).toEqual([
      { name: 'Huddle 3.2', number: 'huddle.3.2@demo.local' },
    ]);
    expect(await d.exec('phonebook_search', '4400')).toEqual([{ name: 'AV support desk', number: '4400' }]);
    expect(await d.exec('phonebook_search', 'nobody')).toEqual([]);
    await expect(d.exec('phonebook_search', '  ')).rejects.toThrow(/must not be blank/);
    await expect(d.exec('phonebook_search', '')).rejects.toThrow(/must not be empty/);
    const own = fakeDevice(codec, { directory: [{ name: 'Lab', number: '1234' }] });
    expect(await own.exec('phonebook_search', 'l')).toEqual([{ name: 'Lab', number: '1234' }]);
  });

  it('refuses what is not a number, a fourth call, and arguments that do not fit', async () => {
    const d = fakeDevice(codec, { max_calls: 2 });
    await expect(d.exec('dial', 'rm -rf /')).rejects.toThrow(/must be a phone number or SIP address/);
    await expect(d.exec('dial', '')).rejects.toThrow(/must not be empty/);
    await expect(d.exec('dial')).rejects.toThrow(/number is required/);
    await expect(d.exec('hangup', 'all')).rejects.toThrow(/must be an integer/);
    await expect(d.exec('hangup', 0)).rejects.toThrow(/must be ≥ 1/);
    await d.exec('dial', '4400');
    await d.exec('test_incoming_call', '4401');
    await expect(d.exec('dial', '4402')).rejects.toThrow(/already has 2 calls/);
  });

  it('says it is not connected while set offline, and fails commands as any device does', async () => {
    const d = fakeDevice(codec, { offline: true });
    expect(d.state().connected).toBe(false);
    await expect(d.exec('dial', '4400')).rejects.toThrow(/not responding \(offline\)/);
    d.ctx.module.settings = { fault: 'error', fault_message: 'Codec rebooting' };
    await expect(d.exec('dial', '4400')).rejects.toThrow('Codec rebooting');
    expect(d.state()).toMatchObject({ connected: true, calls: [] });
  });
});

describe('the room with a codec', () => {
  it('switching the room off hangs up its calls; starting it dials nobody', async () => {
    const room = fakeRoom([{ driver: roomLogic }, { driver: mixer }, { driver: codec }]);
    const logic = room.device('RoomLogic 1');
    logic.ctx.system = room.system;
    const vc = room.device('VidConf 1');
    await logic.exec('power', true);
    expect(room.calls.filter((c) => c.startsWith('VidConf'))).toEqual([]);
    await vc.exec('dial', 'board@teams.demo.local');
    room.clock.tick(4);
    expect(statuses(vc)).toEqual(['Connected']);
    await logic.exec('power', false);
    expect(room.calls).toContain('VidConf 1 hangup()');
    expect(vc.state().last_call).toMatchObject({ outcome: 'ended' });
    // With no call, the room's off is still clean: no warning for the codec.
    await expect(logic.exec('power', false)).resolves.toMatchObject({ ok: true });
  });
});
