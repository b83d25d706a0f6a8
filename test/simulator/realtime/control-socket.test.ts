import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, CI_CLIENT, fakeClock, SYS } from '../api/support.ts';
import { fetch } from '../../support/inject-fetch.ts';
import { type Client, connect, type Frame, nextId, ROUTES, refused, startRealtimeApi } from './support.ts';

/**
 * The control websocket (docs/realtime.md, §8 decisions) over a real socket on a real port,
 * as a panel or an attacker would meet it. Every wait is bounded and awaits the frame it expects.
 */

const DISPLAY = { sys: SYS.huddle, mod: 'Display', index: 1 };

const isReply = (id: number) => (f: Frame) =>
  typeof f === 'object' && f !== null && f.id === id && f.type !== 'notify';
const isNotify = (id: number, value?: unknown) => (f: Frame) =>
  f?.type === 'notify' &&
  f.id === id &&
  (value === undefined || JSON.stringify(f.value) === JSON.stringify(value));

async function bind(client: Client, target: { sys: string; mod: string; index?: number }, name: string) {
  const id = nextId();
  client.send({ id, cmd: 'bind', ...target, name });
  const reply = await client.next(isReply(id), `reply to bind ${name}`);
  return { id, reply };
}

async function restExec(api: Api, sys: string, module: string, method: string, args: unknown[]) {
  const response = await api.req('POST', `/api/control/systems/${sys}/exec`, {
    as: 'admin',
    json: { module, method, args },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

describe('control websocket', () => {
  let api: Api;
  const clients: Client[] = [];
  const open = async (options: Parameters<typeof connect>[1] = {}) => {
    const client = await connect(api, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // No tick: every notify here must come from the change seam itself.
    // Sockets here stay open to the end (one token): the caps on them are tested in test/security.
    api = await startRealtimeApi({
      realtime: { maxBindings: 5, pongEveryMs: 0, tickMs: 0, maxSocketsPerToken: 100 },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    await api.close();
  });

  describe('authentication before the upgrade (D2)', () => {
    it.each(ROUTES)('%s refuses a handshake without a token: 401 with a JSON error', async (path) => {
      const refusal = await refused(connect(api, { path, token: null }));
      expect(refusal.status).toBe(401);
      expect(refusal.body).toMatchObject({ code: 'unauthorized' });
      expect(typeof refusal.body.error).toBe('string');
    });

    it('refuses a made-up token', async () => {
      const refusal = await refused(connect(api, { token: 'not-a-real-token' }));
      expect(refusal.status).toBe(401);
      expect(refusal.body).toMatchObject({ code: 'unauthorized' });
    });

    it.each(ROUTES)(
      '%s accepts the token in the query (bearer_token) and answers ping with pong',
      async (path) => {
        const client = await open({ path });
        client.send('ping');
        expect(await client.next((f) => f === 'pong', 'pong')).toBe('pong');
      },
    );

    it("accepts ts-client's cookie carrier", async () => {
      const client = await open({ token: null, cookie: `bearer_token=${api.tokens.user}` });
      client.send('ping');
      expect(await client.next((f) => f === 'pong', 'pong')).toBe('pong');
    });

    it('refuses a cookie credential sent by a page of another origin (cross-site socket hijack)', async () => {
      const refusal = await refused(
        connect(api, {
          token: null,
          cookie: `bearer_token=${api.tokens.user}`,
          headers: { origin: 'https://evil.example' },
        }),
      );
      expect(refusal.status).toBe(403);
      expect(refusal.body).toMatchObject({ code: 'forbidden' });
    });
  });

  describe('bind, notify, unbind', () => {
    it('bind answers success with meta, then the current value; a REST press by another client notifies', async () => {
      await restExec(api, SYS.huddle, 'Display', 'power', [false]);
      const client = await open();
      const { id, reply } = await bind(client, DISPLAY, 'power');
      expect(reply).toEqual({ id, type: 'success', meta: { ...DISPLAY, name: 'power' } });
      const first = await client.next(isNotify(id), 'the current value');
      expect(first).toEqual({ id, type: 'notify', value: false, meta: { ...DISPLAY, name: 'power' } });

      await restExec(api, SYS.huddle, 'Display', 'power', [true]);
      const changed = await client.next(isNotify(id, true), 'notify power true');
      expect(changed.meta).toEqual({ ...DISPLAY, name: 'power' });
    });

    it('unbind answers success and stops the notifies of that key', async () => {
      await restExec(api, SYS.huddle, 'Display', 'power', [false]);
      const client = await open();
      const power = await bind(client, DISPLAY, 'power');
      const input = await bind(client, DISPLAY, 'input');
      const unbindId = nextId();
      client.send({ id: unbindId, cmd: 'unbind', ...DISPLAY, name: 'power' });
      expect(await client.next(isReply(unbindId), 'unbind reply')).toEqual({ id: unbindId, type: 'success' });

      await restExec(api, SYS.huddle, 'Display', 'power', [true]);
      await restExec(api, SYS.huddle, 'Display', 'input', ['hdmi2']);
      // The input's notify comes after the power change was published: a power notify would be before it.
      await client.next(isNotify(input.id, 'hdmi2'), 'notify input hdmi2');
      expect(
        client.frames.filter((f: Frame) => f?.type === 'notify' && f.id === power.id && f.value === true),
      ).toEqual([]);
    });

    it('too many bindings on one socket → error 3, and the socket still works', async () => {
      const client = await open();
      for (const name of ['power', 'input', 'inputs', 'volume', 'mute']) {
        expect((await bind(client, DISPLAY, name)).reply.type).toBe('success');
      }
      const { id, reply } = await bind(client, DISPLAY, 'connected');
      expect(reply).toMatchObject({ id, type: 'error', code: 3, error_code: 3 });
      expect(reply.msg).toMatch(/too many bindings/);
      client.send('ping');
      await client.next((f) => f === 'pong', 'pong after the refusal');
    });

    it('bind to a module the system lacks succeeds and waits; a system edit that adds it delivers its value (D8, D9)', async () => {
      const client = await open();
      const target = { sys: SYS.lab, mod: 'Projector', index: 1 };
      const { id, reply } = await bind(client, target, 'power');
      expect(reply).toEqual({ id, type: 'success', meta: { ...target, name: 'power' } });
      // Frames come in order: once the pong is here, a value sent at bind would have come before it.
      client.send('ping');
      await client.next((f) => f === 'pong', 'pong');
      expect(client.frames.filter((f: Frame) => f?.type === 'notify' && f.id === id)).toEqual([]);
      const system = await api.req('GET', `/api/control/systems/${SYS.lab}`);
      const edit = await api.req('PUT', `/api/control/systems/${SYS.lab}`, {
        json: { version: system.body.version, modules: [...system.body.modules, 'mod-boardroom-projector'] },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const delivered = await client.next(isNotify(id), 'the value once the module is there');
      expect(typeof delivered.value).toBe('boolean');
    });

    it('bind to an unknown system → error 5', async () => {
      const client = await open();
      const { reply } = await bind(client, { sys: 'sys-nowhere', mod: 'Display' }, 'power');
      expect(reply).toMatchObject({ type: 'error', code: 5, error_code: 5 });
    });
  });

  describe('exec', () => {
    it('returns the method result with meta and code 200, and notifies the binding', async () => {
      await restExec(api, SYS.huddle, 'Display', 'power', [true]);
      await restExec(api, SYS.huddle, 'Display', 'input', ['hdmi1']);
      const client = await open();
      const input = await bind(client, DISPLAY, 'input');
      const id = nextId();
      client.send({ id, cmd: 'exec', ...DISPLAY, name: 'input', args: ['hdmi2'] });
      const reply = await client.next(isReply(id), 'exec reply');
      expect(reply).toMatchObject({ id, type: 'success', code: 200, meta: { ...DISPLAY, name: 'input' } });
      expect('value' in reply).toBe(true);
      await client.next(isNotify(input.id, 'hdmi2'), 'notify from the socket exec');
      const state = await api.req(
        'GET',
        `/api/control/systems/${SYS.huddle}/state?module=Display&lookup=input`,
      );
      expect(state.body).toBe('hdmi2');
    });

    it.each([
      ['an unknown method', { ...DISPLAY, name: 'self_destruct' }, 1],
      ['an unknown module', { ...DISPLAY, mod: 'Toaster', name: 'power', args: [true] }, 6],
      ['an unknown system', { ...DISPLAY, sys: 'sys-nowhere', name: 'power', args: [true] }, 5],
      [
        'a privileged module for a plain user',
        { ...DISPLAY, mod: '_Hidden', name: 'power', args: [true] },
        2,
      ],
    ])('%s → numbered error', async (_what, request, code) => {
      const client = await open();
      const id = nextId();
      client.send({ id, cmd: 'exec', ...request });
      const reply = await client.next(isReply(id), 'exec error');
      expect(reply).toMatchObject({ id, type: 'error', code, error_code: code });
      expect(reply.msg.length).toBeGreaterThan(0);
    });
  });

  describe('debug and ignore (D10)', () => {
    it('are refused to a plain user with error 2', async () => {
      const client = await open();
      for (const cmd of ['debug', 'ignore']) {
        const id = nextId();
        client.send({ id, cmd, ...DISPLAY, name: 'log' });
        expect(await client.next(isReply(id), `${cmd} reply`)).toMatchObject({ id, type: 'error', code: 2 });
      }
    });

    it('give support a debug stream of the module, and ignore ends it', async () => {
      await restExec(api, SYS.huddle, 'Display', 'power', [true]);
      const client = await open({ token: api.tokens.support });
      const id = nextId();
      client.send({ id, cmd: 'debug', ...DISPLAY, name: 'log' });
      expect(await client.next(isReply(id), 'debug reply')).toEqual({ id, type: 'success' });
      await restExec(api, SYS.huddle, 'Display', 'power', [false]);
      const line = await client.next((f) => f?.type === 'debug' && f.id === id, 'a debug line');
      expect(line).toMatchObject({
        mod: 'mod-huddle-display',
        level: 'debug',
        meta: { ...DISPLAY, name: 'log' },
      });
      expect(line.msg).toMatch(/power = false/);
      const ignoreId = nextId();
      client.send({ id: ignoreId, cmd: 'ignore', ...DISPLAY, name: 'log' });
      expect(await client.next(isReply(ignoreId), 'ignore reply')).toEqual({ id: ignoreId, type: 'success' });
    });
  });

  describe('bad frames are answered, never fatal (D4, D13)', () => {
    it.each([
      ['malformed JSON', '{"id": 1, "cmd":', 0, null],
      ['an unknown command', JSON.stringify({ id: 77, cmd: 'format_disk', ...DISPLAY, name: 'x' }), 4, 77],
      ['a missing field', JSON.stringify({ id: 78, cmd: 'bind', sys: SYS.huddle, name: 'power' }), 1, 78],
    ])('%s → its error number; the socket still answers', async (_what, text, code, id) => {
      const client = await open();
      client.send(text);
      const reply = await client.next((f) => f?.type === 'error', 'error frame');
      expect(reply).toMatchObject({ id, type: 'error', code, error_code: code });
      client.send('ping');
      await client.next((f) => f === 'pong', 'pong after the bad frame');
    });

    it('a frame over 1 MiB closes the socket with 1009, and the server lives on', async () => {
      const client = await open();
      client.send(`{"id":1,"cmd":"bind","pad":"${'x'.repeat(1024 * 1024)}"}`);
      expect((await client.closed()).code).toBe(1009);
      const other = await open();
      other.send('ping');
      await other.next((f) => f === 'pong', 'pong on a new socket');
    });
  });

  it('a revoked token closes its sockets with 4401', async () => {
    const token = await api.login('user');
    const client = await open({ token });
    client.send('ping');
    await client.next((f) => f === 'pong', 'pong');
    const response = await fetch(`${api.url}/auth/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, ...CI_CLIENT }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await client.closed()).code).toBe(4401);
    // The other sockets, with other tokens, stay open.
    const other = await open();
    other.send('ping');
    await other.next((f) => f === 'pong', 'pong');
  });
});

describe('control websocket: a warm-up notifies as it goes', () => {
  const clock = fakeClock();
  let api: Api;
  let client: Client | undefined;
  beforeAll(async () => {
    api = await startRealtimeApi({ now: clock.now, realtime: { tickMs: 10, pongEveryMs: 0 } });
  });
  afterAll(async () => {
    client?.ws.terminate();
    await api.close();
  });

  it('warming, its countdown and power come as notifies, with no client polling', async () => {
    const projector = { sys: SYS.boardroom, mod: 'Projector', index: 1 };
    const settings = (warm: number) =>
      api.req('PUT', '/api/control/modules/mod-boardroom-projector', {
        json: { settings: { warm_up_seconds: warm, cool_down_seconds: 15 } },
      });
    expect((await settings(600)).status).toBe(200);
    client = await connect(api);
    const warming = await bind(client, projector, 'warming');
    const remaining = await bind(client, projector, 'transition_remaining');
    const power = await bind(client, projector, 'power');
    await client.next(isNotify(power.id, false), 'power false at bind');

    await restExec(api, SYS.boardroom, 'Projector', 'power', [true]);
    await client.next(isNotify(warming.id, true), 'warming true');
    await client.next(isNotify(remaining.id, 600), 'countdown starts at 600');

    // Time passes with nobody asking: the countdown still arrives.
    clock.advance(5000);
    await client.next(isNotify(remaining.id, 595), 'countdown 595 after 5 s');

    // The installer shortens the warm-up through the module's settings: the lamp is ready at once.
    expect((await settings(0)).status).toBe(200);
    await client.next(isNotify(power.id, true), 'power true when the warm-up ends');
    await client.next(isNotify(warming.id, false), 'warming false');
  });
});

describe('control websocket: the socket’s life (D2, D11, D13)', () => {
  const clock = fakeClock();
  let api: Api;
  beforeAll(async () => {
    api = await startRealtimeApi({ now: clock.now, tokenTtlSeconds: 60, realtime: { pongEveryMs: 20 } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('sends an unsolicited pong as a liveness probe, unasked', async () => {
    const client = await connect(api);
    expect(await client.next((f) => f === 'pong', 'an unsolicited pong')).toBe('pong');
    client.ws.terminate();
  });

  it('a binary frame closes the socket with 1003', async () => {
    const client = await connect(api);
    client.ws.send(Buffer.from([0, 1, 2]), { binary: true });
    expect((await client.closed()).code).toBe(1003);
  });

  it('an open socket closes with 4401 at its token’s natural expiry, and a new handshake needs a fresh token', async () => {
    const token = await api.login('user');
    const client = await connect(api, { token });
    const id = nextId();
    client.send({ id, cmd: 'bind', sys: SYS.huddle, mod: 'Display', name: 'power' });
    await client.next((f) => f?.id === id && f.type === 'success', 'bind success');
    clock.advance(61_000);
    expect(await client.closed()).toMatchObject({ code: 4401, reason: expect.stringMatching(/expired/) });
    // A new handshake with the expired token is refused; a fresh one opens.
    expect((await refused(connect(api, { token }))).status).toBe(401);
    const fresh = await connect(api, { token: await api.login('user') });
    fresh.ws.terminate();
  });

  it('server shutdown closes every socket with 1001', async () => {
    const own = await startRealtimeApi({ roles: ['user'], realtime: { pongEveryMs: 0 } });
    const client = await connect(own);
    const closed = client.closed();
    await own.close();
    expect((await closed).code).toBe(1001);
  });
});

describe('control websocket: a client that outpaces its answers', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startRealtimeApi({ execTimeoutMs: 30_000, realtime: { maxPending: 3, pongEveryMs: 0 } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('is refused with error 3 beyond the frames it may have waiting, not queued without end', async () => {
    // The lab's display swallows commands: an exec to it holds the frames behind it (D12, in order).
    const fault = await api.req('PUT', '/api/control/modules/mod-lab-display', {
      json: { settings: { fault: 'timeout' } },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBe(200);
    const client = await connect(api);
    const held = nextId();
    client.send({ id: held, cmd: 'exec', sys: SYS.lab, mod: 'Display', name: 'power', args: [true] });
    const queued = [nextId(), nextId()];
    for (const id of queued) client.send({ id, cmd: 'unbind', sys: SYS.lab, mod: 'Display', name: 'power' });
    const over = nextId();
    client.send({ id: over, cmd: 'unbind', sys: SYS.lab, mod: 'Display', name: 'power' });
    const refusal = await client.next((f) => f?.id === over, 'the refusal');
    expect(refusal).toMatchObject({ id: over, type: 'error', code: 3, error_code: 3 });
    expect(refusal.msg).toMatch(/too many requests waiting/);
    // Nothing behind the hung exec has been answered: they were queued, not dropped.
    expect(client.frames.filter((f: Frame) => queued.includes(f?.id))).toEqual([]);
    client.ws.terminate();
  });
});
