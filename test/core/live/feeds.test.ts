import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { toBridgeError } from '../../../core/api/errors.ts';
import { SOCKET_PATHS } from '../../../core/live/index.ts';
import { type Api, SYS } from '../../simulator/api/support.ts';
import { startRealtimeApi } from '../../simulator/realtime/support.ts';
import { type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';
import { type Harness, httpExec, isMode, isState, startFeeds, waitFor } from './support.ts';

/**
 * The live feeds against the simulator's control websocket, both routes, over real sockets: what a
 * panel watching its room gets, and what an exec over the socket answers.
 */

const DISPLAY = { module: 'Display', index: 1 };
const W1 = 'watcher-one';
const W2 = 'watcher-two';

let api: Api;
let proxy: FaultProxy;
const running: Harness[] = [];

beforeAll(async () => {
  api = await startRealtimeApi({ realtime: { pongEveryMs: 0 } });
  proxy = await startFaultProxy(api.url);
});
afterEach(async () => {
  for (const h of running.splice(0)) await h.feeds.close();
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

describe.each(Object.entries(SOCKET_PATHS))('live feeds over the %s route', (_generation, socketPath) => {
  const start = (options: Partial<Parameters<typeof startFeeds>[1]> = {}) => {
    const harness = startFeeds(api, { socketPath, ...options });
    running.push(harness);
    return harness;
  };

  it('sends a watched module’s whole state as the device reports it, then every change another client makes', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    const { feeds, events, http } = start();
    expect(feeds.exec(SYS.huddle, { ...DISPLAY, method: 'power', args: [true] })).toBeUndefined();
    feeds.watch(W1, SYS.huddle, [DISPLAY]);
    await events.next(isMode('push'), 'push mode');
    const first = await events.next(isState('Display'), 'the display’s state');
    expect(first).toMatchObject({ type: 'state', id: SYS.huddle, index: 1 });
    expect(first.state).toEqual(await http.systemState(SYS.huddle, DISPLAY));
    expect(first.state.power).toBe(false);
    expect(feeds.status()).toEqual({ mode: 'push' });

    events.mark();
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const changed = await events.next(
      isState('Display', (s) => s.power === true),
      'the change',
    );
    // The whole merged state, not the one key: the page replaces what it holds.
    expect(changed.state).toEqual(await http.systemState(SYS.huddle, DISPLAY));
  });

  it('gives a second page watching a module already bound its state at once, not at the next change', async () => {
    const { feeds, events } = start();
    feeds.watch(W1, SYS.huddle, [DISPLAY]);
    await events.next(isState('Display'), 'the first page’s state');
    events.mark();
    // Nothing changes on the device: the second page must still learn what it shows.
    feeds.watch(W2, SYS.huddle, [DISPLAY]);
    const second = await events.next(isState('Display'), 'the second page’s state');
    expect(second).toMatchObject({ type: 'state', id: SYS.huddle, module: 'Display', index: 1 });
  });

  it('runs an exec over the socket: its result, and the change it made arriving as state', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const { feeds, events } = start();
    feeds.watch(W1, SYS.huddle, [DISPLAY]);
    const { state } = await events.next(isState('Display'), 'the display’s state');
    const other = state.input === 'hdmi2' ? 'hdmi1' : 'hdmi2';
    events.mark();
    const result = feeds.exec(SYS.huddle, { ...DISPLAY, method: 'input', args: [other] });
    expect(result).toBeInstanceOf(Promise);
    await result;
    await events.next(
      isState('Display', (s) => s.input === other),
      'the new input',
    );
  });

  it('refuses each failing exec with the same code, words and device text as the HTTP exec', async () => {
    const { feeds, events, http } = start();
    feeds.watch(W1, SYS.huddle, [DISPLAY]);
    await events.next(isMode('push'), 'push mode');
    const faulty = await faultyRoom({ fault: 'error', fault_message: 'RS-232 checksum error' });
    await api.req('POST', '/api/control/modules/mod-lounge-display/stop');
    const cases: [
      string,
      string,
      { module: string; index?: number; method: string; args?: unknown[] },
      string,
    ][] = [
      [
        'an unknown method',
        SYS.huddle,
        { ...DISPLAY, method: 'selfDestruct' },
        ErrorCode.ROOMDECK_METHOD_NOT_FOUND,
      ],
      [
        'arguments the method refuses',
        SYS.lab,
        { ...DISPLAY, method: 'volume', args: [150] },
        ErrorCode.ROOMDECK_INVALID_ARGUMENTS,
      ],
      [
        'an unknown module',
        SYS.huddle,
        { module: 'Toaster', method: 'power', args: [true] },
        ErrorCode.ROOMDECK_MODULE_NOT_FOUND,
      ],
      [
        'an unknown system',
        'sys-nowhere',
        { ...DISPLAY, method: 'power', args: [true] },
        ErrorCode.ROOMDECK_NOT_FOUND,
      ],
      [
        'a stopped module',
        SYS.lounge,
        { ...DISPLAY, method: 'power', args: [true] },
        ErrorCode.ROOMDECK_MODULE_STOPPED,
      ],
      [
        'a device fault',
        faulty,
        { ...DISPLAY, method: 'power', args: [true] },
        ErrorCode.ROOMDECK_DRIVER_ERROR,
      ],
    ];
    for (const [what, sys, call, code] of cases) {
      const overSocket = await feeds.exec(sys, call)?.then(
        () => {
          throw new Error(`${what}: the socket exec succeeded`);
        },
        (error: unknown) => error,
      );
      const overHttp = await http.exec(sys, call).then(
        () => {
          throw new Error(`${what}: the HTTP exec succeeded`);
        },
        (error: unknown) => error,
      );
      expect(toBridgeError(overSocket).code, what).toBe(code);
      expect(toBridgeError(overSocket), what).toEqual(toBridgeError(overHttp));
    }
    // The socket refuses a `_` module to a plain user outright (D8); HTTP says it is not there.
    const hidden = await feeds
      .exec(SYS.huddle, { module: '_Hidden', method: 'power', args: [true] })
      ?.catch((e: unknown) => e);
    expect(toBridgeError(hidden).code).toBe(ErrorCode.ROOMDECK_FORBIDDEN);
    const fault = toBridgeError(
      await feeds.exec(faulty, { ...DISPLAY, method: 'power', args: [true] })?.catch((e: unknown) => e),
    );
    expect(fault.message).toBe('The device said: RS-232 checksum error.');
    await api.req('POST', '/api/control/modules/mod-lounge-display/start');
  });

  it('unbinds what no page watches any more, and keeps what another page still watches', async () => {
    await proxy.set('pass');
    proxy.frames.length = 0;
    const { feeds, events } = start({ serviceUrl: proxy.url });
    await httpExec(api, SYS.training, 'Display', 'power', [true]);
    feeds.watch(W1, SYS.huddle, [DISPLAY]);
    feeds.watch(W2, SYS.training, [DISPLAY]);
    const huddle = await events.next((e) => e.type === 'state' && e.id === SYS.huddle, 'the huddle display');
    await events.next((e) => e.type === 'state' && e.id === SYS.training, 'the training display');
    const sent = () =>
      proxy.frames
        .filter((f) => f.from === 'client')
        .map((f) => (f.text.startsWith('{') ? JSON.parse(f.text) : f.text));
    const huddleBinds = () => sent().filter((f) => f.cmd === 'bind' && f.sys === SYS.huddle);
    // Each key the read showed is bound, once it has been read.
    const keys = Object.keys(huddle.state).sort();
    await waitFor(() => huddleBinds().length === keys.length);
    expect(
      huddleBinds()
        .map((f) => f.name)
        .sort(),
    ).toEqual(keys);

    feeds.watch(W1, SYS.huddle, []);
    await waitFor(
      () => sent().filter((f) => f.cmd === 'unbind' && f.sys === SYS.huddle).length === keys.length,
    );
    expect(
      sent()
        .filter((f) => f.cmd === 'unbind')
        .map((f) => f.name)
        .sort(),
    ).toEqual(keys);
    // The service stops telling: a huddle change, then a training one; only the latter arrives.
    const mark = proxy.frames.length;
    events.mark();
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    await httpExec(api, SYS.training, 'Display', 'volume', [11]);
    await httpExec(api, SYS.training, 'Display', 'volume', [12]);
    await events.next(
      (e) => e.type === 'state' && e.id === SYS.training && e.state.volume === 12,
      'the training change',
    );
    const notified = proxy.frames
      .slice(mark)
      .filter((f) => f.from === 'service' && f.text.includes(SYS.huddle));
    expect(notified).toEqual([]);
    expect(events.all.slice(events.mark()).filter((e) => e.type === 'state' && e.id === SYS.huddle)).toEqual(
      [],
    );
  });

  it('follows a module’s debug stream for support, refuses it to a plain user, and ignore ends it', async () => {
    const user = start();
    user.feeds.watch(W1, SYS.huddle, [DISPLAY]);
    await user.events.next(isMode('push'), 'push mode');
    const refusal = await user.feeds.debug(W1, SYS.huddle, DISPLAY).catch((e: unknown) => e);
    expect(toBridgeError(refusal).code).toBe(ErrorCode.ROOMDECK_FORBIDDEN);

    const support = start({ role: 'support' });
    support.feeds.watch(W1, SYS.huddle, [DISPLAY]);
    await support.events.next(isMode('push'), 'push mode');
    await support.feeds.debug(W1, SYS.huddle, DISPLAY);
    await httpExec(api, SYS.huddle, 'Display', 'volume', [31]);
    const line = await support.events.next((e) => e.type === 'debug', 'a debug line');
    expect(line).toMatchObject({
      type: 'debug',
      id: SYS.huddle,
      module: 'Display',
      index: 1,
      level: 'debug',
    });
    expect(line.message).toMatch(/volume = 31/);
    await support.feeds.ignore(W1, SYS.huddle, DISPLAY);
    support.events.mark();
    await httpExec(api, SYS.huddle, 'Display', 'volume', [32]);
    await support.events.next(
      isState('Display', (s) => s.volume === 32),
      'the state after ignore',
    );
    expect(support.events.all.slice(support.events.mark()).filter((e) => e.type === 'debug')).toEqual([]);
  });
});

describe('where a socket may go', () => {
  it('never opens a plain socket to a remote host: polling, the configuration named', async () => {
    const h = startFeeds(api, { serviceUrl: 'http://control.example.org', socketPath: SOCKET_PATHS.current });
    running.push(h);
    expect(h.feeds.watch(W1, SYS.huddle, [DISPLAY])).toEqual({
      mode: 'polling',
      reason: ErrorCode.ROOMDECK_CONFIG_INVALID,
    });
    expect(h.feeds.exec(SYS.huddle, { ...DISPLAY, method: 'power' })).toBeUndefined();
    expect(h.tokens.accepted).toBe(0);
  });
});

async function faultyRoom(settings: Record<string, unknown>): Promise<string> {
  const module = await api.req<{ id: string }>('POST', '/api/control/modules', {
    json: { dependency_id: 'dep-display', ip: '10.97.0.1', settings },
  });
  const system = await api.req<{ id: string }>('POST', '/api/control/systems', {
    json: { name: `Faulty ${module.body.id}`, zones: ['zone-org'], modules: [module.body.id] },
  });
  return system.body.id;
}
