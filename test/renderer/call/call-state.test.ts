import { describe, expect, it } from 'vitest';
import type { Funcs } from '#contract';
import { callOf } from '../../../renderer/src/lib/plan/call-spec.ts';
import { callSeconds, codecView } from '../../../renderer/src/lib/call/call-state.ts';
import { directoryOf } from '../../../renderer/src/lib/call/directory.ts';
import {
  type Attempt,
  joinableMeeting,
  meetingCalled,
  progressOf,
} from '../../../renderer/src/lib/call/join.ts';
import type { ModuleInfo } from '../../../renderer/src/lib/plan/auto-controls.ts';
import { automaticPlan } from '../../../renderer/src/lib/plan/auto-plan.ts';
import { watchedModules } from '../../../renderer/src/lib/plan/plan.ts';

const now = Date.UTC(2026, 10, 25, 9, 0, 0) / 1000;
const fn = (...names: string[]): Funcs[string] => ({
  arity: names.length,
  params: Object.fromEntries(names.map((n) => [n, {}])),
  order: names,
});
const info = (module: string, funcs: Funcs, state: Record<string, unknown> = {}): ModuleInfo => ({
  module,
  index: 1,
  count: 1,
  funcs,
  state,
});

const call = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  direction: 'outgoing',
  status: 'Connected',
  remote_name: 'Weekly sync',
  remote_number: 'sync@meet.example.com',
  started_at: now - 125,
  ...over,
});

describe('the codec, as the panel reads it', () => {
  it('is in a call only when the codec lists one', () => {
    expect(codecView({ calls: [] }).active).toBeNull();
    expect(codecView(undefined)).toMatchObject({ answering: false, active: null, incoming: null });
    // A codec that says it is not connected says nothing about calls, whatever it last held.
    expect(codecView({ connected: false, calls: [call()] }).active).toBeNull();
    const view = codecView({ calls: [call()], mic_mute: true, presentation: 'remote', volume: 40 });
    expect(view).toMatchObject({ answering: true, micMute: true, presentation: 'remote', volume: 40 });
    expect(view.active).toMatchObject({ id: 'c1', who: 'Weekly sync', status: 'Connected' });
  });

  it('tells a call ringing in from the call the room is in, and drops what it cannot read', () => {
    const view = codecView({
      calls: [call({ id: 'in', direction: 'incoming', status: 'Ringing', remote_name: '' }), { id: 'x' }],
    });
    expect(view.active).toBeNull();
    expect(view.incoming).toMatchObject({ id: 'in', who: 'sync@meet.example.com' });
    expect(view.calls).toHaveLength(1);
  });

  it('counts the call’s time from when the codec says it connected', () => {
    const view = codecView({ calls: [call()] });
    expect(callSeconds(view.active!, now)).toBe(125);
    expect(callSeconds({ ...view.active!, startedAt: null }, now)).toBeNull();
  });

  it('reads presets and how the last call ended, and nothing malformed', () => {
    const view = codecView({
      presets: [{ id: 1, name: 'Table' }, { id: 'two' }, { id: 2 }],
      last_call: { number: 'x@busy.example.com', outcome: 'busy', at: now },
    });
    expect(view.presets).toEqual([
      { id: 1, name: 'Table' },
      { id: 2, name: '2' },
    ]);
    expect(view.lastCall).toEqual({ number: 'x@busy.example.com', outcome: 'busy', at: now, endedBy: null });
    const hungUp = codecView({ last_call: { number: 'x', outcome: 'ended', at: now, ended_by: 'remote' } });
    expect(hungUp.lastCall?.endedBy).toBe('remote');
    expect(codecView({ last_call: { outcome: 'exploded', at: now } }).lastCall).toBeNull();
  });

  it('reads a directory answer in the shapes codecs give it', () => {
    const list = [{ name: 'Ops room', number: 'ops@example.com' }, { name: 'No number' }];
    expect(directoryOf(list)).toEqual([{ name: 'Ops room', number: 'ops@example.com' }]);
    expect(directoryOf({ results: list })).toHaveLength(1);
    expect(directoryOf('nonsense')).toEqual([]);
  });
});

describe('the meeting that can be joined', () => {
  const meeting = (start: number, end: number, sip: string | null = 'sync@meet.example.com') => ({
    id: 'm1',
    title: 'Weekly sync',
    start,
    end,
    online_meeting: sip === null ? null : { provider: 'teams', url: 'https://teams.example', sip },
  });

  it('is offered from five minutes before it starts until it ends', () => {
    const next = meeting(now + 300, now + 3600);
    expect(joinableMeeting({ current: null, next }, now)).toMatchObject({ sip: 'sync@meet.example.com' });
    expect(joinableMeeting({ current: null, next }, now - 1)).toBeNull();
    const current = meeting(now - 600, now + 60);
    expect(joinableMeeting({ current, next: null }, now + 59)?.title).toBe('Weekly sync');
    expect(joinableMeeting({ current, next: null }, now + 60)).toBeNull();
  });

  it('needs an address the codec can dial, and keeps a private meeting’s title to itself', () => {
    expect(joinableMeeting({ current: meeting(now - 60, now + 600, null) }, now)).toBeNull();
    expect(joinableMeeting({ current: meeting(now - 60, now + 600, ' ') }, now)).toBeNull();
    const hidden = { ...meeting(now - 60, now + 600), private: true };
    expect(joinableMeeting({ current: hidden }, now)?.title).toBeNull();
    expect(joinableMeeting({ connected: false, current: meeting(now - 60, now + 600) }, now)).toBeNull();
  });
});

describe('the meeting a call is to', () => {
  const online = (sip: string) => ({ provider: 'zoom', url: 'https://z.example', sip });
  it('is named by the calendar’s meeting with that address, never a private one’s title', () => {
    const today = [
      { title: 'Stand-up', online_meeting: null },
      { title: 'Board meeting', online_meeting: online('Board@Teams.example') },
      { title: 'Interview', private: true, online_meeting: online('hr@teams.example') },
    ];
    expect(meetingCalled({ today }, 'board@teams.example')).toBe('Board meeting');
    expect(meetingCalled({ today }, 'hr@teams.example')).toBeNull();
    expect(meetingCalled({ today }, 'other@x')).toBeNull();
    expect(meetingCalled(undefined, 'other@x')).toBeNull();
  });
});

describe('a join’s progress, from the devices alone', () => {
  const attempt: Attempt = { number: 'sync@x', since: now, starting: true, dialled: false, failed: false };
  const codec = (state: Record<string, unknown>) => codecView(state);

  it('goes starting → calling → connected only as the room and the codec report it', () => {
    const idle = codec({ calls: [] });
    expect(progressOf({ attempt, codec: idle, roomOn: false, warming: false }).stage).toBe('starting');
    expect(progressOf({ attempt, codec: idle, roomOn: true, warming: true }).stage).toBe('starting');
    // The room is up but the codec has no call yet: not "Calling" ahead of the codec.
    expect(progressOf({ attempt, codec: idle, roomOn: true, warming: false }).stage).toBe('ready');
    const ringing = codec({ calls: [call({ status: 'Ringing', started_at: null })] });
    expect(progressOf({ attempt, codec: ringing, roomOn: true, warming: true }).stage).toBe('calling');
    expect(
      progressOf({ attempt, codec: codec({ calls: [call()] }), roomOn: true, warming: false }).stage,
    ).toBe('connected');
  });

  it('fails with the codec’s own outcome, and only for a call ended after the press', () => {
    const dialled = { ...attempt, dialled: true };
    const busy = codec({ calls: [], last_call: { number: 'sync@x', outcome: 'busy', at: now + 2 } });
    expect(progressOf({ attempt: dialled, codec: busy, roomOn: true, warming: false })).toEqual({
      stage: 'failed',
      outcome: 'busy',
    });
    const earlier = codec({ calls: [], last_call: { number: 'sync@x', outcome: 'busy', at: now - 60 } });
    expect(progressOf({ attempt: dialled, codec: earlier, roomOn: true, warming: false }).stage).toBe(
      'ready',
    );
    expect(
      progressOf({ attempt: { ...attempt, failed: true }, codec: earlier, roomOn: true, warming: false })
        .stage,
    ).toBe('failed');
  });
});

describe('the plan of a room with a codec', () => {
  const codecFuncs: Funcs = {
    dial: fn('number'),
    hangup: fn('call_id'),
    mic_mute: fn('state'),
    camera_preset: fn('preset'),
  };
  const logic = info('RoomLogic', { power: fn('state'), select_source: fn('name') }, { sources: ['Laptop'] });

  it('finds a codec by its call methods, whatever its class, and gives it a call page', () => {
    for (const name of ['VidConf', 'PolyStudio']) {
      const plan = automaticPlan([logic, info(name, codecFuncs, { calls: [] })]);
      expect(plan.call).toEqual({
        module: name,
        index: 1,
        can: ['dial', 'hangup', 'mic_mute', 'camera_preset'],
      });
      expect(plan.pages.map((p) => p.kind)).toEqual(['sources', 'call']);
      // Watched on every screen, the welcome included: an incoming call rings anywhere.
      expect(watchedModules(plan, null)).toContainEqual({ module: name, index: 1 });
    }
  });

  it('gives a room without a codec nothing of it', () => {
    const plan = automaticPlan([logic, info('Camera', { preset: fn('preset') })]);
    expect(plan.call).toBeNull();
    expect(plan.pages.some((p) => p.kind === 'call')).toBe(false);
    expect(callOf([info('Phone', { dial: fn('number') })])).toBeNull();
  });
});
