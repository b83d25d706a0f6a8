import { describe, expect, it } from 'vitest';
import type { ModuleState } from '#contract';
import { CallDesk } from '../../../renderer/src/lib/call/call-desk.svelte.ts';
import type { Room } from '../../../renderer/src/lib/room/room.svelte.ts';
import { FakeRoom } from '../support/fake-room.ts';

/*
 * The call desk over a room without a service: what it sends to the codec and in what order, and
 * that its progress follows what the room and the codec report, never what it sent.
 */

const NOW_MS = Date.UTC(2026, 10, 25, 9, 0, 0);
const nowS = NOW_MS / 1000;
const CODEC = { module: 'VidConf', index: 1 };
const meeting = {
  id: 'm1',
  title: 'Weekly sync',
  provider: 'teams',
  sip: 'sync@meet.example.com',
  start: nowS + 120,
  end: nowS + 3600,
};

/** `on.room`: the room reports on. Starting it waits for that, as RoomPower's switchOn does. */
function deskOver(fake: FakeRoom, on: { room: boolean }) {
  const started: string[] = [];
  const roomIsOn = async () => {
    while (!on.room) await new Promise((r) => setTimeout(r, 1));
  };
  const room = Object.assign(fake, {
    plan: {
      call: { ...CODEC, can: ['dial', 'hangup', 'call_accept', 'camera_preset', 'mic_mute'] },
      bookings: null,
      pages: [
        {
          id: 'audio',
          kind: 'audio',
          title: 'Mics',
          groups: [
            {
              title: 'Microphones',
              mutes: true,
              controls: [
                {
                  id: 'lectern',
                  type: 'toggle',
                  label: 'Lectern',
                  module: 'Mixer',
                  index: 1,
                  on: { method: 'mute', args: [1, true] },
                  off: { method: 'mute', args: [1, false] },
                  onWhen: true,
                },
              ],
            },
          ],
        },
      ],
    },
    feeds: { refresh: () => undefined },
    roomHelp: { phone: 'ext. 4400', text: null },
  }) as unknown as Room;
  const desk = new CallDesk({
    room,
    nowMs: () => NOW_MS,
    roomOn: () => on.room,
    warming: () => false,
    startRoom: async () => {
      started.push('room');
      await roomIsOn();
    },
    showCall: () => started.push('page'),
  });
  return { desk, started };
}

const codec = (fake: FakeRoom, state: ModuleState) => fake.report('VidConf', state);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('joining the booked meeting', () => {
  it('starts the room, frames the camera, dials, and shows only what the devices report', async () => {
    const fake = new FakeRoom();
    const on = { room: false };
    const { desk, started } = deskOver(fake, on);
    codec(fake, { calls: [], presets: [{ id: 2, name: 'Table' }], last_call: null });

    const joined = desk.join(meeting);
    await settle();
    expect(started).toEqual(['page', 'room']);
    // The room is not on yet: the desk does not dial, and says it is starting the room.
    expect(desk.progress?.stage).toBe('starting');
    expect(fake.sent).toEqual([]);
    on.room = true;
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.sent.map((c) => c.method)).toEqual(['camera_preset']);
    expect(fake.sent[0]?.args).toEqual([2]);
    fake.complete();
    await settle();
    expect(fake.sent.map((c) => c.method)).toEqual(['camera_preset', 'dial']);
    expect(fake.sent[1]?.args).toEqual(['sync@meet.example.com']);
    // Sent, answered by nobody yet: still not "Calling".
    expect(desk.progress?.stage).toBe('ready');
    fake.complete();
    expect(await joined).toBe(true);
    expect(desk.progress?.stage).toBe('ready');
    codec(fake, { calls: [{ id: 1, direction: 'outgoing', status: 'Ringing', remote_name: 'Weekly sync' }] });
    expect(desk.progress?.stage).toBe('calling');
    codec(fake, {
      calls: [
        { id: 1, direction: 'outgoing', status: 'Connected', remote_name: 'Weekly sync', started_at: nowS },
      ],
    });
    expect(desk.progress?.stage).toBe('connected');
  });

  it('says the far end was busy in the room’s words, with whom to call', async () => {
    const fake = new FakeRoom();
    const { desk } = deskOver(fake, { room: true });
    codec(fake, { calls: [], presets: [] });
    const joined = desk.join(meeting);
    await settle();
    fake.complete();
    await joined;
    codec(fake, { calls: [], last_call: { number: meeting.sip, outcome: 'busy', at: nowS + 3 } });
    expect(desk.progress).toEqual({ stage: 'failed', outcome: 'busy' });
    expect(desk.problem).toMatch(/busy.*ext\. 4400/);
  });

  it('says the codec’s own refusal, and sends nothing more', async () => {
    const fake = new FakeRoom();
    const { desk } = deskOver(fake, { room: true });
    codec(fake, { calls: [], presets: [] });
    const joined = desk.join(meeting);
    await settle();
    fake.fail('Exec timed out', 'ROOMDECK_EXEC_TIMEOUT');
    expect(await joined).toBe(false);
    expect(desk.progress?.stage).toBe('failed');
    expect(desk.problem).toBe('The video-call system did not answer: try again, or call ext. 4400.');
  });

  it('answers a call ringing in, then starts the room; Leave call hangs up', async () => {
    const fake = new FakeRoom();
    const on = { room: false };
    const { desk, started } = deskOver(fake, on);
    codec(fake, { calls: [{ id: 7, direction: 'incoming', status: 'Ringing', remote_name: 'Ops' }] });
    expect(desk.view?.incoming?.who).toBe('Ops');
    const answered = desk.answer();
    await settle();
    expect(fake.sent).toEqual([{ module: 'VidConf', index: 1, method: 'call_accept', args: [7] }]);
    fake.complete();
    await settle();
    expect(started).toEqual(['page', 'room']);
    on.room = true;
    await answered;
    codec(fake, { calls: [{ id: 7, direction: 'incoming', status: 'Connected', remote_name: 'Ops' }] });
    expect(desk.view?.active?.id).toBe(7);
    const left = desk.leave();
    await settle();
    expect(fake.sent[1]).toMatchObject({ method: 'hangup', args: [] });
    fake.complete();
    expect(await left).toBe(true);
  });

  it('privacy mutes the codec and the room’s own microphones with it', async () => {
    const fake = new FakeRoom();
    const { desk } = deskOver(fake, { room: true });
    codec(fake, { calls: [], mic_mute: false });
    const muting = desk.privacy(true);
    await settle();
    expect(fake.sent).toEqual([{ module: 'VidConf', index: 1, method: 'mic_mute', args: [true] }]);
    fake.complete();
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.sent.map((c) => c.method)).toEqual(['mic_mute', 'mute']);
    expect(fake.sent[1]).toEqual({ module: 'Mixer', index: 1, method: 'mute', args: [1, true] });
    fake.complete();
    expect(await muting).toBe(true);
  });
});

describe('a call the far end ends', () => {
  const ended = (at: number, by: string) => ({
    calls: [],
    last_call: { number: 'ops@example.com', outcome: 'ended', at, ended_by: by },
  });

  it('is said once, as the other side hanging up, only when the codec says they did', () => {
    const fake = new FakeRoom();
    const { desk } = deskOver(fake, { room: true });
    codec(fake, {
      calls: [{ id: 1, direction: 'incoming', status: 'Connected', remote_name: 'Ops', started_at: nowS }],
    });
    expect(desk.hungUp).toBeNull();
    codec(fake, ended(nowS + 5, 'local'));
    expect(desk.hungUp).toBeNull();
    codec(fake, ended(nowS + 6, 'remote'));
    expect(desk.hungUp).toBe('The call ended: the other side hung up.');
    desk.dismiss();
    expect(desk.hungUp).toBeNull();
  });

  it('is not news after a restart: an end from before the panel started is not said', () => {
    const fake = new FakeRoom();
    const { desk } = deskOver(fake, { room: true });
    codec(fake, ended(nowS - 30, 'remote'));
    expect(desk.hungUp).toBeNull();
  });
});
