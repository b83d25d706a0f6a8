import { afterAll, describe, expect, it } from 'vitest';
import { type Client, connect, type Frame, nextId } from '../realtime/support.ts';
import { deviceOverApi, isReply, type State } from './device-api.ts';
import { expectError, fakeClock, SYS, startApi } from './support.ts';

/*
 * The lecture capture recorder in the rooms that advertise lecture capture, over real HTTP through
 * both API generations and over the control websocket, on the simulator's fake clock: record,
 * pause, resume, stop, the time recorded, the timetable's recordings starting and stopping by
 * themselves, and faults as any device has them.
 */

const { clock, api, nowS, legacyExec, currentExec, legacyState, currentState } = deviceOverApi('Recorder');
/** The time recorded, as a client works it out from the two values the recorder gives. */
const recorded = (s: State) =>
  (s.elapsed_seconds as number) + (typeof s.running_since === 'number' ? nowS() - s.running_since : 0);

describe('the lecture capture recorder', () => {
  it('is in the two rooms that advertise lecture capture, and only there', async () => {
    const systems = (
      await api().req<{ id: string; features: string[]; modules: string[] }[]>(
        'GET',
        '/api/control/systems?limit=100',
      )
    ).body;
    for (const s of systems) {
      const count = (
        await api().req<{ count: number }>('GET', `/api/control/systems/${s.id}/count?module=Recorder`)
      ).body.count;
      expect(count, s.id).toBe(s.features.includes('lecture-capture') ? 1 : 0);
    }
    expect(
      systems
        .filter((s) => s.features.includes('lecture-capture'))
        .map((s) => s.id)
        .sort(),
    ).toEqual([SYS.training, SYS.auditorium].sort());
    const funcs = await api().req<Record<string, unknown>>(
      'GET',
      `/api/control/systems/${SYS.auditorium}/funcs?module=Recorder`,
    );
    expect(Object.keys(funcs.body).sort()).toEqual(['pause', 'record', 'resume', 'schedule', 'stop']);
  });

  it('records, pauses, resumes and stops through the legacy API, counting only the time recorded', async () => {
    expect(await legacyState(SYS.auditorium)).toMatchObject({ state: 'idle', running_since: null });
    expect((await legacyExec(SYS.auditorium, 'record')).status).toBe(200);
    const started = await legacyState(SYS.auditorium);
    expect(started).toMatchObject({ state: 'recording', running_since: nowS(), elapsed_seconds: 0 });
    clock.advance(90_000);
    expect(recorded(await legacyState(SYS.auditorium))).toBe(90);
    expect((await legacyExec(SYS.auditorium, 'pause')).status).toBe(200);
    expect(await legacyState(SYS.auditorium)).toMatchObject({
      state: 'paused',
      elapsed_seconds: 90,
      running_since: null,
    });
    // Paused time is not recorded time.
    clock.advance(60_000);
    expect(recorded(await legacyState(SYS.auditorium))).toBe(90);
    expectError(await legacyExec(SYS.auditorium, 'record'), 502, 'driver_error');
    expect((await legacyExec(SYS.auditorium, 'resume')).status).toBe(200);
    clock.advance(30_000);
    expect(recorded(await legacyState(SYS.auditorium))).toBe(120);
    expect((await legacyExec(SYS.auditorium, 'stop')).status).toBe(200);
    expect(await legacyState(SYS.auditorium)).toMatchObject({
      state: 'idle',
      last_recording_seconds: 120,
      running_since: null,
    });
    const nothing = await legacyExec(SYS.auditorium, 'pause');
    expectError(nothing, 502, 'driver_error');
    expect(nothing.text).toContain('not recording');
  });

  it('works the same through the current generation, one state behind both', async () => {
    expect((await currentExec(SYS.training, 'record', ['Induction'])).status).toBe(200);
    expect(await currentState(SYS.training)).toMatchObject({ state: 'recording', title: 'Induction' });
    expect(await legacyState(SYS.training)).toMatchObject({ state: 'recording', title: 'Induction' });
    expect((await currentExec(SYS.training, 'pause')).status).toBe(200);
    expect((await legacyState(SYS.training)).state).toBe('paused');
    expect((await currentExec(SYS.training, 'stop')).status).toBe(200);
    expect((await currentState(SYS.training)).state).toBe('idle');
  });

  it('records its timetable by itself: says the next one, starts at its start and stops at its end', async () => {
    const start = nowS() + 10 * 60;
    const scheduled = await legacyExec(SYS.training, 'schedule', [start, 30, 'Morning lecture']);
    expect(scheduled.status).toBe(200);
    expect((await legacyState(SYS.training)).next_recording).toMatchObject({
      title: 'Morning lecture',
      start,
      end: start + 1800,
    });
    // Two recordings at once: the timetable refuses the second.
    expectError(await legacyExec(SYS.training, 'schedule', [start + 600, 30, 'Clash']), 502, 'driver_error');
    clock.advance(10 * 60_000);
    expect(await legacyState(SYS.training)).toMatchObject({
      state: 'recording',
      title: 'Morning lecture',
      running_since: start,
    });
    clock.advance(30 * 60_000 + 5_000);
    const after = await legacyState(SYS.training);
    expect(after).toMatchObject({ state: 'idle', last_recording_seconds: 1800 });
    expect(after.next_recording).not.toMatchObject({ title: 'Morning lecture' });
  });

  it('stopped early, a scheduled recording stays stopped for the rest of its slot', async () => {
    const start = nowS() + 60;
    expect((await legacyExec(SYS.training, 'schedule', [start, 20, 'Seminar'])).status).toBe(200);
    clock.advance(2 * 60_000);
    expect((await legacyState(SYS.training)).state).toBe('recording');
    expect((await legacyExec(SYS.training, 'stop')).status).toBe(200);
    clock.advance(60_000);
    expect((await legacyState(SYS.training)).state).toBe('idle');
    clock.advance(20 * 60_000);
  });

  it('faults as any device does: offline and a device error fail the press, naming the recorder', async () => {
    const put = (settings: State) =>
      api().req('PUT', '/api/control/modules/mod-auditorium-recorder', { json: { settings } });
    expect((await put({ offline: true })).status).toBe(200);
    const offline = await legacyExec(SYS.auditorium, 'record');
    expectError(offline, 502, 'driver_error');
    expect(offline.text).toMatch(/Recorder at 10\.30\.0\.56 is not responding/);
    expect((await put({ fault: 'error', fault_message: 'Recorder storage is full' })).status).toBe(200);
    const full = await currentExec(SYS.auditorium, 'record');
    expect(full.status).toBeGreaterThanOrEqual(500);
    expect(full.text).toContain('Recorder storage is full');
    expect((await legacyState(SYS.auditorium)).state).toBe('idle');
    expect((await put({})).status).toBe(200);
  });
});

describe('the recorder over the control websocket', () => {
  const isNotify = (id: number, value: unknown) => (f: Frame) =>
    f?.type === 'notify' && f.id === id && JSON.stringify(f.value) === JSON.stringify(value);
  let client: Client;
  afterAll(() => client?.ws.close());

  it('notifies the state of a press, and of a scheduled recording that starts by itself', async () => {
    client = await connect(api(), { token: api().tokens.user });
    const target = { sys: SYS.auditorium, mod: 'Recorder', index: 1 };
    const bindId = nextId();
    client.send({ id: bindId, cmd: 'bind', ...target, name: 'state' });
    expect((await client.next(isReply(bindId), 'bind reply')).type).toBe('success');
    await client.next(isNotify(bindId, 'idle'), 'the state at bind');

    const execId = nextId();
    client.send({ id: execId, cmd: 'exec', ...target, name: 'record', args: [] });
    expect((await client.next(isReply(execId), 'exec reply')).type).toBe('success');
    await client.next(isNotify(bindId, 'recording'), 'recording notified');
    const stopId = nextId();
    client.send({ id: stopId, cmd: 'exec', ...target, name: 'stop', args: [] });
    await client.next(isNotify(bindId, 'idle'), 'idle notified');

    // Scheduled a minute from now: the clock moves, and the recorder starts without a press.
    expect((await legacyExec(SYS.auditorium, 'schedule', [nowS() + 60, 15, 'Tutorial'])).status).toBe(200);
    clock.advance(61_000);
    await client.next(isNotify(bindId, 'recording'), 'the scheduled recording notified');
  });
});

describe('the recorder on the simulator’s own clock', () => {
  it('starts a scheduled recording at its start with nobody reading, and keeps it so', async () => {
    const own = fakeClock();
    const quiet = await startApi({ roles: ['admin'], now: own.now, clockTickMs: 10 });
    try {
      const start = Math.floor(own.now() / 1000) + 60;
      const scheduled = await quiet.req('POST', `/api/control/systems/${SYS.training}/exec`, {
        json: { module: 'Recorder', method: 'schedule', args: [start, 15, 'Tutorial'] },
      });
      expect(scheduled.status).toBe(200);
      own.advance(61_000);
      // Read from the store, not through the API: the start is recorded (persisted, pushed) on time.
      await expect
        .poll(() => quiet.simulator.repo.states.get('mod-training-recorder')?.state, {
          interval: 10,
          timeout: 5_000,
        })
        .toBe('recording');
      expect(quiet.simulator.repo.states.get('mod-training-recorder')).toMatchObject({
        running_since: start,
      });
    } finally {
      await quiet.close();
    }
  });
});
