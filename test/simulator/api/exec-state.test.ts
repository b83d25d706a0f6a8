import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, expectError, fakeClock, SYS, startApi } from './support.ts';

type State = Record<string, unknown>;

const EXEC_TIMEOUT_MS = 400;
const clock = fakeClock();
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'], execTimeoutMs: EXEC_TIMEOUT_MS, now: clock.now });
});
afterAll(() => api.close());

const exec = (system: string, body: Record<string, unknown>) =>
  api.req('POST', `/api/control/systems/${system}/exec`, { json: body });
const moduleState = async (id: string) =>
  (await api.req<State>('GET', `/api/control/modules/${id}/state`)).body;
const systemState = (system: string, query: string) =>
  api.req<State>('GET', `/api/control/systems/${system}/state?${query}`);

async function newSystem(name: string, modules: string[]): Promise<string> {
  const res = await api.req<{ id: string }>('POST', '/api/control/systems', {
    json: { name, zones: ['zone-org'], modules },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newDisplay(settings: Record<string, unknown> = {}): Promise<{ id: string; system: string }> {
  const res = await api.req<{ id: string }>('POST', '/api/control/modules', {
    json: { dependency_id: 'dep-display', ip: '10.98.0.1', settings },
  });
  expect(res.status).toBe(201);
  const system = await newSystem(`Fault Room ${res.body.id}`, [res.body.id]);
  return { id: res.body.id, system };
}

describe('exec', () => {
  it('runs a method, answers 200 with raw JSON null, and the device state changes', async () => {
    const res = await exec(SYS.huddle, { module: 'Display', index: 1, method: 'power', args: [true] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toBe('null');
    expect(await moduleState('mod-huddle-display')).toMatchObject({ power: true });
  });

  it('defaults index to 1 and args to []', async () => {
    const res = await exec(SYS.boardroom, { module: 'Blinds', method: 'down' });
    expect(res.status).toBe(200);
    expect(await moduleState('mod-boardroom-blinds')).toMatchObject({ moving: 'down', position: 0 });
  });

  it('addresses Display index 2 of the training room as the rear display, in modules order', async () => {
    expect(
      (await exec(SYS.training, { module: 'Display', index: 2, method: 'power', args: [true] })).status,
    ).toBe(200);
    expect(
      (await exec(SYS.training, { module: 'Display', index: 2, method: 'volume', args: [55] })).status,
    ).toBe(200);
    expect(await moduleState('mod-training-display-rear')).toMatchObject({ power: true, volume: 55 });
    expect(await moduleState('mod-training-display-front')).toMatchObject({ power: false, volume: 30 });
    const viaSystem = await systemState(SYS.training, 'module=Display&index=2');
    expect(viaSystem.body).toEqual(await moduleState('mod-training-display-rear'));
    const front = await systemState(SYS.training, 'module=Display');
    expect(front.body).toEqual(await moduleState('mod-training-display-front'));
  });

  it('lets custom_name change a module’s class, which shifts the indexes of the rest', async () => {
    const put = await api.req('PUT', '/api/control/modules/mod-auditorium-camera-1', {
      json: { custom_name: 'StageCam' },
    });
    expect(put.status).toBe(200);
    const types = await api.req('GET', `/api/control/systems/${SYS.auditorium}/types`);
    expect(types.body).toMatchObject({ Camera: 1, StageCam: 1 });
    expect((await api.req('GET', `/api/control/systems/${SYS.auditorium}/count?module=Camera`)).body).toEqual(
      { count: 1 },
    );
    for (const module of ['StageCam', 'Camera']) {
      expect((await exec(SYS.auditorium, { module, method: 'power', args: [true] })).status).toBe(200);
    }
    expect((await exec(SYS.auditorium, { module: 'StageCam', method: 'zoom', args: [80] })).status).toBe(200);
    expect((await exec(SYS.auditorium, { module: 'Camera', method: 'zoom', args: [20] })).status).toBe(200);
    expect(await moduleState('mod-auditorium-camera-1')).toMatchObject({ zoom: 80 });
    expect(await moduleState('mod-auditorium-camera-2')).toMatchObject({ zoom: 20 });
    expectError(await systemState(SYS.auditorium, 'module=Camera&index=2'), 404, 'module_not_found');
  });

  it('changes indexes when PUT reorders the system’s modules', async () => {
    const a = await newDisplay();
    const b = await newDisplay();
    const system = await newSystem('Reorder Room', [a.id, b.id]);
    for (const [index, level] of [
      [1, 11],
      [2, 22],
    ] as const) {
      expect((await exec(system, { module: 'Display', index, method: 'power', args: [true] })).status).toBe(
        200,
      );
      expect((await exec(system, { module: 'Display', index, method: 'volume', args: [level] })).status).toBe(
        200,
      );
    }
    expect((await systemState(system, 'module=Display&index=1&lookup=volume')).text).toBe('11');
    const put = await api.req('PUT', `/api/control/systems/${system}`, {
      json: { version: 0, modules: `${b.id},${a.id}` },
    });
    expect(put.status).toBe(200);
    expect((await systemState(system, 'module=Display&index=1&lookup=volume')).text).toBe('22');
    expect((await systemState(system, 'module=Display&index=2&lookup=volume')).text).toBe('11');
  });

  it('runs room logic, which powers the room’s displays', async () => {
    const res = await exec(SYS.training, { module: 'RoomLogic', method: 'power', args: [true] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: expect.any(Boolean), warnings: expect.any(Array) });
    expect(await moduleState('mod-training-display-front')).toMatchObject({ power: true });
    expect(await moduleState('mod-training-logic')).toMatchObject({ power: true });
  });
});

describe('exec errors', () => {
  it('answers 404 module_not_found for an unknown class or an index beyond the modules of that class', async () => {
    expectError(
      await exec(SYS.huddle, { module: 'Toaster', method: 'power', args: [true] }),
      404,
      'module_not_found',
    );
    expectError(
      await exec(SYS.huddle, { module: 'Display', index: 2, method: 'power', args: [true] }),
      404,
      'module_not_found',
    );
  });

  it.each(['explode', 'toString', '__proto__', 'constructor'])(
    'answers 404 method_not_found for the method %s',
    async (method) => {
      expectError(await exec(SYS.huddle, { module: 'Display', method, args: [] }), 404, 'method_not_found');
    },
  );

  it.each([
    ['a volume above 100', 'volume', [101]],
    ['a string for a boolean', 'power', ['yes']],
    ['too many arguments', 'power', [true, false]],
    ['a missing argument', 'volume', []],
    ['a fractional level', 'volume', [5.5]],
  ])('answers 422 invalid_arguments for %s and leaves the state alone', async (_what, method, args) => {
    const before = await moduleState('mod-lab-display');
    expectError(await exec(SYS.lab, { module: 'Display', method, args }), 422, 'invalid_arguments');
    expect(await moduleState('mod-lab-display')).toEqual(before);
  });

  it('answers 502 driver_error with the driver’s message when the device is offline', async () => {
    const { system } = await newDisplay({ offline: true });
    const body = expectError(
      await exec(system, { module: 'Display', method: 'power', args: [true] }),
      502,
      'driver_error',
    );
    expect(body.error).toMatch(/offline|not responding/);
  });

  it('answers 502 driver_error with the configured message when the device faults', async () => {
    const { system } = await newDisplay({ fault: 'error', fault_message: 'panel overheated' });
    const body = expectError(
      await exec(system, { module: 'Display', method: 'power', args: [true] }),
      502,
      'driver_error',
    );
    expect(body.error).toContain('panel overheated');
  });

  it('answers 502 driver_error when the device refuses the command (volume on a display that is off)', async () => {
    const { system } = await newDisplay();
    expectError(await exec(system, { module: 'Display', method: 'volume', args: [40] }), 502, 'driver_error');
  });

  it('answers 504 exec_timeout once the exec wait has passed', async () => {
    const { system } = await newDisplay({ fault: 'timeout' });
    const started = performance.now();
    const body = expectError(
      await exec(system, { module: 'Display', method: 'power', args: [true] }),
      504,
      'exec_timeout',
    );
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(EXEC_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(EXEC_TIMEOUT_MS + 3000);
    expect(body.error).toMatch(/may still complete/);
  });
});

describe('stopped modules', () => {
  it('keep their state readable and frozen: a projector’s warm-up does not advance while stopped', async () => {
    expect((await exec(SYS.boardroom, { module: 'Projector', method: 'power', args: [true] })).status).toBe(
      200,
    );
    clock.advance(5_000);
    const warming = await moduleState('mod-boardroom-projector');
    expect(warming).toMatchObject({ power: false, warming: true, transition_remaining: 15 });

    expect((await api.req('POST', '/api/control/modules/mod-boardroom-projector/stop')).status).toBe(204);
    clock.advance(60_000);
    expect(await moduleState('mod-boardroom-projector')).toEqual(warming);
    const viaSystem = await systemState(SYS.boardroom, 'module=Projector');
    expect(viaSystem.status).toBe(200);
    expect(viaSystem.body).toEqual(warming);
    expect((await systemState(SYS.boardroom, 'module=Projector&lookup=warming')).text).toBe('true');

    expectError(
      await exec(SYS.boardroom, { module: 'Projector', method: 'power', args: [false] }),
      409,
      'module_stopped',
    );
    expect(await moduleState('mod-boardroom-projector')).toEqual(warming);

    expect((await api.req('POST', '/api/control/modules/mod-boardroom-projector/start')).status).toBe(204);
    expect(await moduleState('mod-boardroom-projector')).toMatchObject({ power: true, warming: false });
  });
});

describe('state, funcs, count and types', () => {
  it('reads one status key with lookup, and null for a key the module lacks', async () => {
    const volume = await systemState(SYS.training, 'module=Display&lookup=volume');
    expect(volume.status).toBe(200);
    expect(typeof JSON.parse(volume.text)).toBe('number');
    const missing = await systemState(SYS.huddle, 'module=Display&lookup=no_such_key');
    expect(missing.status).toBe(200);
    expect(missing.text).toBe('null');
  });

  it('describes methods with arity, JSON Schema params and call order', async () => {
    const res = await api.req('GET', `/api/control/systems/${SYS.huddle}/funcs?module=Display`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['input', 'mute', 'power', 'volume']);
    expect(res.body.power).toMatchObject({
      arity: 1,
      params: { state: { type: 'boolean' } },
      order: ['state'],
    });
    expect(res.body.volume).toMatchObject({
      arity: 1,
      params: { level: { type: 'integer', minimum: 0, maximum: 100 } },
      order: ['level'],
    });
    // A parameter whose values come from the module's settings offers them as a JSON Schema enum.
    expect(res.body.input.params.name).toMatchObject({ type: 'string', enum: ['hdmi1', 'hdmi2', 'usb-c'] });
    const logic = await api.req('GET', `/api/control/systems/${SYS.huddle}/funcs?module=RoomLogic`);
    expect(logic.body.select_source.params.name.enum).toEqual(['Laptop', 'Wireless']);
    expectError(
      await api.req('GET', `/api/control/systems/${SYS.huddle}/funcs?module=Projector`),
      404,
      'module_not_found',
    );
  });

  it('counts modules of a class and lists the types of a system', async () => {
    expect((await api.req('GET', `/api/control/systems/${SYS.training}/count?module=Display`)).body).toEqual({
      count: 2,
    });
    expect((await api.req('GET', `/api/control/systems/${SYS.training}/count?module=Toaster`)).body).toEqual({
      count: 0,
    });
    const types = await api.req('GET', `/api/control/systems/${SYS.training}/types`);
    expect(types.status).toBe(200);
    expect(types.body).toEqual({
      RoomLogic: 1,
      Display: 2,
      Camera: 2,
      Switcher: 1,
      Lighting: 1,
      Bookings: 1,
      'Presenter PC': 1,
      Recorder: 1,
      VidConf: 1,
    });
  });

  it('requires the module parameter for state, funcs and count (400 bad_request naming it)', async () => {
    for (const route of ['state', 'funcs', 'count']) {
      const body = expectError(
        await api.req('GET', `/api/control/systems/${SYS.huddle}/${route}`),
        400,
        'bad_request',
      );
      expect(body.parameter).toBe('module');
    }
  });
});
