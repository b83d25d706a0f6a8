import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Client, connect, type Frame, nextId } from '../realtime/support.ts';
import { deviceOverApi, isReply, type State } from './device-api.ts';
import { type ApiResponse, expectError, SYS } from './support.ts';

/*
 * The video codec (VidConf) in the demo rooms that advertise video conferencing, over real HTTP
 * through both API generations and over the control websocket, on the simulator's fake clock:
 * joining the booked meeting by its SIP address, the call's life, the far end's doing, an incoming
 * call, every method, bad arguments and faults, and the room's off hanging up.
 */

type Call = { id: number; status: string; direction: string; started_at: number | null } & State;
const { clock, api, nowS, legacyExec, currentExec, legacyState, currentState } = deviceOverApi('VidConf');
const callsOf = (s: State) => s.calls as Call[];
const ok = (res: ApiResponse) =>
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
/** The current generation's exec failure: a JSON body naming the error with a message. */
function expectCurrentError(res: ApiResponse, status: number, message: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error: expect.any(String), message: expect.stringMatching(message) });
}

/** Every test leaves the rooms' codecs without calls (hung up and gone). */
afterEach(async () => {
  for (const sys of [SYS.boardroom, SYS.huddle, SYS.training]) await legacyExec(sys, 'hangup');
  clock.advance(2_000);
});

describe('the codec in the demo building', () => {
  it('is in the four rooms that advertise video conferencing, and only there', async () => {
    const systems = (
      await api().req<{ id: string; features: string[] }[]>('GET', '/api/control/systems?limit=100')
    ).body;
    for (const s of systems) {
      const count = (
        await api().req<{ count: number }>('GET', `/api/control/systems/${s.id}/count?module=VidConf`)
      ).body.count;
      expect(count, s.id).toBe(s.features.includes('vc') ? 1 : 0);
    }
    expect(
      systems
        .filter((s) => s.features.includes('vc'))
        .map((s) => s.id)
        .sort(),
    ).toEqual([SYS.boardroom, SYS.huddle, SYS.training, SYS.rimuA].sort());
    const funcs = (
      await api().req<Record<string, { arity: number }>>(
        'GET',
        `/api/control/systems/${SYS.huddle}/funcs?module=VidConf`,
      )
    ).body;
    expect(Object.keys(funcs).sort()).toEqual(
      [
        'call_accept',
        'call_reject',
        'camera_preset',
        'camera_preset_save',
        'dial',
        'dtmf_send',
        'hangup',
        'hold',
        'mic_mute',
        'phonebook_search',
        'presentation_start',
        'presentation_stop',
        'resume',
        'selfview',
        'speaker_track',
        'test_far_end',
        'test_incoming_call',
        'volume',
      ].sort(),
    );
    // The call id may be left out: the method then applies to every call it can.
    expect(funcs.hangup?.arity).toBe(0);
    expect(funcs.dial?.arity).toBe(1);
  });

  it('gives each of those rooms a meeting to join today, the boardroom’s under way at the start', async () => {
    const board = await legacyState(SYS.boardroom, 'Bookings');
    expect(board.current).toMatchObject({
      title: 'Board meeting',
      online_meeting: {
        provider: 'teams',
        url: expect.stringMatching(/^https:\/\//),
        sip: expect.any(String),
      },
    });
    const huddle = await legacyState(SYS.huddle, 'Bookings');
    expect(huddle.next).toMatchObject({ title: 'Design sync', online_meeting: { provider: 'zoom' } });
    const training = await legacyState(SYS.training, 'Bookings');
    expect((training.today as State[]).filter((m) => m.online_meeting !== null)).toEqual([
      expect.objectContaining({
        title: 'First aid course',
        online_meeting: expect.objectContaining({ provider: 'webex' }),
      }),
    ]);
    // A meeting held in the room only says so: null, never a missing key.
    expect((board.today as State[]).find((m) => m.private === true)?.online_meeting).toBeNull();
  });
});

describe('a meeting’s join details in the calendar', () => {
  const join = { provider: 'zoom', url: 'https://demo.zoom.us/j/999', sip: '999@zoom.video.demo.local' };

  it('are taken by book as its fourth argument and carried by next and today; book_now has none', async () => {
    // After the huddle's seeded day, so nothing clashes.
    const start = nowS() + 6 * 3600;
    const booked = await legacyExec(SYS.huddle, 'book', [start, 30, 'Vendor call', join], 'Bookings');
    ok(booked);
    expect(booked.body).toMatchObject({ title: 'Vendor call', online_meeting: join });
    const calendar = await legacyState(SYS.huddle, 'Bookings');
    expect((calendar.today as State[]).find((m) => m.title === 'Vendor call')?.online_meeting).toEqual(join);
    const plain = await legacyExec(SYS.huddle, 'book', [start + 3600, 30], 'Bookings');
    expect(plain.body).toMatchObject({ title: 'Meeting', online_meeting: null });
    for (const m of [booked.body, plain.body] as { id: string }[])
      ok(await legacyExec(SYS.huddle, 'cancel', [m.id], 'Bookings'));
  });

  it('are refused with 422 saying which field is wrong', async () => {
    const start = nowS() + 3 * 3600;
    const cases: [unknown, RegExp][] = [
      ['zoom', /must be null or an object/],
      [{ ...join, provider: 'skype' }, /provider must be one of "teams", "zoom", "webex"/],
      [{ ...join, url: 'http://demo.zoom.us/j/1' }, /url must be an https link/],
      [{ ...join, sip: 'not a sip' }, /sip must be a SIP address/],
      [{ ...join, pin: '1234' }, /has no field "pin"/],
    ];
    for (const [value, message] of cases) {
      const refused = await legacyExec(SYS.huddle, 'book', [start, 30, 'Bad', value], 'Bookings');
      expect(expectError(refused, 422, 'invalid_arguments').error).toMatch(message);
    }
  });
});

describe('a call through the legacy API', () => {
  it('joins the booked meeting: dials its SIP address, rings, connects on the clock; hangs up', async () => {
    const meeting = (await legacyState(SYS.boardroom, 'Bookings')).current as {
      online_meeting: { sip: string };
    };
    const sip = meeting.online_meeting.sip;
    const dialled = await legacyExec(SYS.boardroom, 'dial', [sip]);
    ok(dialled);
    expect(dialled.body).toMatchObject({ direction: 'outgoing', status: 'Dialling', remote_number: sip });
    expect(callsOf(await legacyState(SYS.boardroom)).map((c) => c.status)).toEqual(['Dialling']);
    clock.advance(1_000);
    expect(callsOf(await legacyState(SYS.boardroom)).map((c) => c.status)).toEqual(['Ringing']);
    clock.advance(3_000);
    const connected = callsOf(await legacyState(SYS.boardroom));
    expect(connected).toEqual([expect.objectContaining({ status: 'Connected', started_at: nowS() })]);

    ok(await legacyExec(SYS.boardroom, 'hangup'));
    expect(await legacyState(SYS.boardroom)).toMatchObject({
      calls: [expect.objectContaining({ status: 'Disconnecting' })],
      last_call: { number: sip, outcome: 'ended', at: nowS() },
    });
    clock.advance(1_000);
    expect(callsOf(await legacyState(SYS.boardroom))).toEqual([]);
  });

  it('says how a call to a documented number failed: busy, rejected, unreachable, dropped', async () => {
    const outcomes: [string, number, string][] = [
      ['busy@demo.local', 1, 'busy'],
      ['reject@demo.local', 4, 'rejected'],
      ['unreachable@demo.local', 4, 'unreachable'],
      ['drop@demo.local', 14, 'dropped'],
    ];
    for (const [number, seconds, outcome] of outcomes) {
      ok(await legacyExec(SYS.huddle, 'dial', [number]));
      clock.advance(seconds * 1000);
      // Busy and declined are the far end's answer; a line that drops or finds nobody is neither side's.
      const by = outcome === 'busy' || outcome === 'rejected' ? 'remote' : null;
      expect((await legacyState(SYS.huddle)).last_call, number).toEqual({
        number,
        outcome,
        at: nowS(),
        ended_by: by,
      });
      clock.advance(1_000);
      expect(callsOf(await legacyState(SYS.huddle)), number).toEqual([]);
    }
  });

  it('refuses bad arguments with 422 and a message, and what the codec cannot do with 502', async () => {
    const cases: [string, unknown[], RegExp][] = [
      ['dial', [], /number is required/],
      ['dial', ['<sip:x>'], /phone number or SIP address/],
      ['dial', [42], /must be a string/],
      ['hangup', [0], /must be ≥ 1/],
      ['hangup', [99], /call_id 99 is not a call on the codec/],
      ['volume', [-1], /must be ≥ 0/],
      ['mic_mute', ['on'], /must be true or false/],
      ['dtmf_send', ['12ab'], /0–9, \* and #/],
      ['camera_preset', [7], /preset 7 is not saved/],
      ['presentation_start', [9], /source must be ≤ 2/],
      ['test_far_end', ['sneeze'], /must be one of "hangup", "share", "stop_share", "hold", "resume"/],
      ['phonebook_search', ['x'.repeat(61)], /text/],
    ];
    for (const [method, args, message] of cases) {
      const res = await legacyExec(SYS.huddle, method, args);
      const body = expectError(res, 422, 'invalid_arguments');
      expect(body.error, method).toMatch(message);
    }
    for (const method of ['call_accept', 'call_reject', 'hold', 'resume', 'presentation_stop']) {
      const res = await legacyExec(SYS.huddle, method);
      if (method === 'presentation_stop') ok(res);
      else
        expect(expectError(res, 502, 'driver_error').error, method).toMatch(
          /No (incoming|connected) call|No call/,
        );
    }
    expect(expectError(await legacyExec(SYS.huddle, 'dtmf_send', ['1']), 502, 'driver_error').error).toMatch(
      /No connected call to send tones to/,
    );
    expectError(await legacyExec(SYS.huddle, 'reboot'), 404, 'method_not_found');
  });

  it('fails as any device does: offline (and says so in its state), or with the device’s error', async () => {
    const put = (settings: State) =>
      api().req('PUT', '/api/control/modules/mod-huddle-codec', { json: { settings } });
    ok(await put({ offline: true }));
    expect((await legacyState(SYS.huddle)).connected).toBe(false);
    const offline = expectError(await legacyExec(SYS.huddle, 'dial', ['4400']), 502, 'driver_error');
    expect(offline.error).toMatch(/VidConf at 10\.20\.3\.32 is not responding/);
    ok(await put({ fault: 'error', fault_message: 'Codec is rebooting' }));
    const failed = await currentExec(SYS.huddle, 'dial', ['4400']);
    expectCurrentError(failed, 500, /Codec is rebooting/);
    expect(await legacyState(SYS.huddle)).toMatchObject({ connected: true, calls: [] });
    ok(await put({ speaker_track: true, presets: ['Whole table'] }));
  });
});

describe('a call through the current generation', () => {
  it('answers an incoming call, and lets the far end share, hold, resume and hang up', async () => {
    const raised = await currentExec(SYS.training, 'test_incoming_call', ['mere.tane@demo.local']);
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ direction: 'incoming', status: 'Ringing', remote_name: 'Mere Tane' });
    expect(callsOf(await currentState(SYS.training))).toEqual([
      expect.objectContaining({ status: 'Ringing' }),
    ]);
    expect((await currentExec(SYS.training, 'call_accept', [(raised.body as Call).id])).status).toBe(200);
    expect(callsOf(await currentState(SYS.training))[0]?.status).toBe('Connecting');
    clock.advance(1_000);
    expect(callsOf(await currentState(SYS.training))[0]).toMatchObject({
      status: 'Connected',
      started_at: nowS(),
    });

    expect((await currentExec(SYS.training, 'test_far_end', ['share'])).status).toBe(200);
    expect((await currentState(SYS.training)).presentation).toBe('remote');
    expectCurrentError(await currentExec(SYS.training, 'presentation_stop'), 500, /only they can stop it/);
    expect((await currentExec(SYS.training, 'presentation_start', [2])).status).toBe(200);
    expect(await currentState(SYS.training)).toMatchObject({ presentation: 'local', presentation_source: 2 });

    expect((await currentExec(SYS.training, 'test_far_end', ['hold'])).status).toBe(200);
    expect(callsOf(await currentState(SYS.training))[0]).toMatchObject({
      status: 'OnHold',
      held_by: 'remote',
    });
    expectCurrentError(await currentExec(SYS.training, 'resume'), 500, /No call on hold here/);
    expect((await currentExec(SYS.training, 'test_far_end', ['resume'])).status).toBe(200);
    expect((await currentExec(SYS.training, 'hold')).status).toBe(200);
    expect(callsOf(await legacyState(SYS.training))[0]).toMatchObject({ status: 'OnHold', held_by: 'local' });
    expect((await currentExec(SYS.training, 'resume')).status).toBe(200);

    expect((await currentExec(SYS.training, 'test_far_end', ['hangup'])).status).toBe(200);
    expect((await currentState(SYS.training)).last_call).toMatchObject({ outcome: 'ended' });
    clock.advance(1_000);
    expect(callsOf(await currentState(SYS.training))).toEqual([]);
    // The room's own share outlives the call; the far end's would not.
    expect((await currentState(SYS.training)).presentation).toBe('local');
    expect((await currentExec(SYS.training, 'presentation_stop')).status).toBe(200);
  });

  it('declines an incoming call, and misses one nobody answers', async () => {
    const raised = (await currentExec(SYS.training, 'test_incoming_call', ['+6421555000', 'Courier']))
      .body as Call;
    expect((await currentExec(SYS.training, 'call_reject', [raised.id])).status).toBe(200);
    expect((await currentState(SYS.training)).last_call).toMatchObject({
      number: '+6421555000',
      outcome: 'rejected',
    });
    clock.advance(1_000);
    expect((await currentExec(SYS.training, 'test_incoming_call', ['4400'])).status).toBe(200);
    clock.advance(30_000);
    expect((await currentState(SYS.training)).last_call).toMatchObject({
      number: '4400',
      outcome: 'not_answered',
    });
    expectCurrentError(await currentExec(SYS.training, 'call_accept'), 500, /No incoming call is ringing/);
    expectCurrentError(await currentExec(SYS.training, 'hangup', ['one']), 400, /must be an integer/);
  });

  it('sends tones in a call, mutes, sets volume, self view, auto-framing and presets', async () => {
    expect((await currentExec(SYS.boardroom, 'dial', ['4400'])).status).toBe(200);
    clock.advance(4_000);
    expect((await currentExec(SYS.boardroom, 'dtmf_send', ['123456#'])).body).toEqual({ sent: '123456#' });
    for (const [method, args] of [
      ['mic_mute', [true]],
      ['volume', [35]],
      ['selfview', [true]],
      ['camera_preset', [2]],
      ['camera_preset_save', [4, 'Lectern']],
    ] as const) {
      expect((await currentExec(SYS.boardroom, method, [...args])).status, method).toBe(200);
    }
    expect(await currentState(SYS.boardroom)).toMatchObject({
      dtmf_sent: '123456#',
      mic_mute: true,
      volume: 35,
      selfview: true,
      camera_preset: 4,
      presets: [
        { id: 1, name: 'Table' },
        { id: 2, name: 'Presenter' },
        { id: 3, name: 'Whole room' },
        { id: 4, name: 'Lectern' },
      ],
    });
    expect((await currentExec(SYS.boardroom, 'speaker_track', [true])).status).toBe(200);
    expect(await legacyState(SYS.boardroom)).toMatchObject({ speaker_track: true, camera_preset: null });
    const found = await currentExec(SYS.boardroom, 'phonebook_search', ['kauri']);
    expect(found.body).toEqual([{ name: 'Kauri Training Room', number: 'kauri.training@demo.local' }]);
    for (const [method, args] of [
      ['mic_mute', [false]],
      ['selfview', [false]],
    ] as const)
      expect((await legacyExec(SYS.boardroom, method, [...args])).status).toBe(200);
  });
});

describe('the room and its codec', () => {
  it('switching the room off leaves the call, as End meeting does', async () => {
    ok(await legacyExec(SYS.huddle, 'power', [true], 'RoomLogic'));
    ok(await legacyExec(SYS.huddle, 'dial', ['85612345678@zoom.video.demo.local']));
    clock.advance(4_000);
    expect(callsOf(await legacyState(SYS.huddle))[0]?.status).toBe('Connected');
    ok(await legacyExec(SYS.huddle, 'power', [false], 'RoomLogic'));
    expect(await legacyState(SYS.huddle)).toMatchObject({
      calls: [expect.objectContaining({ status: 'Disconnecting' })],
      last_call: { outcome: 'ended' },
    });
    // With no call to leave, the room's off does not complain of the codec.
    const again = await legacyExec(SYS.huddle, 'power', [false], 'RoomLogic');
    expect(again.body).toMatchObject({ ok: true, warnings: [] });
  });
});

describe('the codec over the control websocket', () => {
  const notified = (id: number, match: (value: Frame) => boolean) => (f: Frame) =>
    f?.type === 'notify' && f.id === id && match(f.value);
  const statusesIn = (value: Frame) => (Array.isArray(value) ? value.map((c: Call) => c.status) : null);
  const hasStatuses =
    (...wanted: string[]) =>
    (value: Frame) =>
      JSON.stringify(statusesIn(value)) === JSON.stringify(wanted);
  let client: Client;
  afterAll(() => client?.ws.close());

  it('binds `calls` and sees a call dial, ring, connect, and end by itself', async () => {
    client = await connect(api(), { token: api().tokens.user });
    const target = { sys: SYS.boardroom, mod: 'VidConf', index: 1 };
    const calls = nextId();
    client.send({ id: calls, cmd: 'bind', ...target, name: 'calls' });
    expect((await client.next(isReply(calls), 'bind reply')).type).toBe('success');
    await client.next(notified(calls, hasStatuses()), 'no call at bind');
    const last = nextId();
    client.send({ id: last, cmd: 'bind', ...target, name: 'last_call' });
    await client.next(isReply(last), 'bind reply');

    const dial = nextId();
    client.send({ id: dial, cmd: 'exec', ...target, name: 'dial', args: ['drop@demo.local'] });
    expect(await client.next(isReply(dial), 'exec reply')).toMatchObject({
      type: 'success',
      value: expect.objectContaining({ status: 'Dialling' }),
    });
    await client.next(notified(calls, hasStatuses('Dialling')), 'Dialling notified');
    // Only the clock moves now: the codec's own progress reaches the socket without a request.
    clock.advance(1_000);
    await client.next(notified(calls, hasStatuses('Ringing')), 'Ringing notified');
    clock.advance(3_000);
    const connected = await client.next(notified(calls, hasStatuses('Connected')), 'Connected notified');
    expect(connected.value[0].started_at).toBe(nowS());
    clock.advance(10_000);
    await client.next(notified(calls, hasStatuses('Disconnecting')), 'the dropped call notified');
    await client.next(
      notified(last, (v) => v?.outcome === 'dropped'),
      'last_call says dropped',
    );
    clock.advance(1_000);
    await client.next(notified(calls, hasStatuses()), 'the call gone');

    // A refused exec comes back as an error frame with the driver's message.
    const bad = nextId();
    client.send({ id: bad, cmd: 'exec', ...target, name: 'hangup', args: [99] });
    expect(await client.next(isReply(bad), 'exec error')).toMatchObject({
      type: 'error',
      msg: expect.stringMatching(/call_id 99 is not a call/),
    });
  });
});
