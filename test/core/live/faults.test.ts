import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { toBridgeError } from '../../../core/api/errors.ts';
import { SOCKET_PATHS } from '../../../core/live/index.ts';
import { type Api, CI_CLIENT, SYS } from '../../simulator/api/support.ts';
import { startRealtimeApi } from '../../simulator/realtime/support.ts';
import { type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';
import { type Harness, httpExec, isMode, isState, startFeeds, until, waitFor } from './support.ts';

/**
 * The socket's faults as a panel meets them, through the fault proxy in front of the simulator:
 * refused, hung (no pong), dropped mid-session, a token revoked while bound, a 401 at the
 * handshake. Each: polling within 5 s (on the feeds' clock), back to push after, never a value shown
 * live before it is fresh again, never a sign-out.
 */

const DISPLAY = { module: 'Display', index: 1 };
const W = 'watcher-faults';
/** Keep-alive out of the way where a test moves the clock through back-offs (the hang test has its own). */
const QUIET = { intervalMs: 3_600_000, jitterMs: 0, timeoutMs: 3_600_000 };

let api: Api;
let proxy: FaultProxy;
const running: Harness[] = [];

beforeAll(async () => {
  api = await startRealtimeApi({ realtime: { pongEveryMs: 0 } });
  proxy = await startFaultProxy(api.url);
});
afterEach(async () => {
  for (const h of running.splice(0)) await h.feeds.close();
  await proxy.set('pass');
  proxy.frames.length = 0;
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

/** Ids of requests the client sent through the proxy that no answer has crossed back for. */
function unanswered(): unknown[] {
  const parse = (text: string) => (text.startsWith('{') ? JSON.parse(text) : {});
  const asked = proxy.frames.filter((f) => f.from === 'client').map((f) => parse(f.text).id);
  const answered = new Set(
    proxy.frames
      .filter((f) => f.from === 'service')
      .map((f) => parse(f.text))
      .filter((f) => f.type === 'success' || f.type === 'error')
      .map((f) => f.id),
  );
  return asked.filter((id) => id !== undefined && !answered.has(id));
}

/**
 * After the fault is over: a `stale` for the module first, then `push`, then its fresh state (read
 * over HTTP after the rebinding), with the value changed while the socket was down.
 */
async function backToPush(h: Harness, since: number, expected: { power: boolean }) {
  const fresh = await h.events.next(
    isState('Display', (s) => s.power === expected.power),
    'the fresh state',
  );
  const after = h.events.all.slice(since);
  const stale = after.findIndex((e) => e.type === 'stale' && e.module === 'Display');
  const push = after.findIndex((e) => e.type === 'mode' && e.mode === 'push');
  const state = after.findIndex((e) => e.type === 'state');
  expect(stale, JSON.stringify(after)).toBeGreaterThanOrEqual(0);
  expect(stale).toBeLessThan(push);
  // Nothing shown as live between the loss and the fresh read: the first state is the fresh one.
  expect(after[state]).toBe(fresh);
  expect(push).toBeLessThan(state);
  expect(fresh.state).toEqual(await h.http.systemState(SYS.huddle, DISPLAY));
  expect(h.feeds.status()).toEqual({ mode: 'push' });
}

describe.each(Object.entries(SOCKET_PATHS))('socket faults over the %s route', (_generation, socketPath) => {
  const start = (options: Partial<Parameters<typeof startFeeds>[1]> = {}) => {
    const harness = startFeeds(api, { socketPath, serviceUrl: proxy.url, keepalive: QUIET, ...options });
    running.push(harness);
    return harness;
  };
  const bound = async (h: Harness) => {
    h.feeds.watch(W, SYS.huddle, [DISPLAY]);
    await h.events.next(isMode('push'), 'push mode');
    const first = await h.events.next(isState('Display'), 'the first state');
    // Every key bound (the binds follow the read) and every request answered before the fault
    // begins: a bind left waiting would be a fault of its own.
    const binds = () => proxy.frames.filter((f) => f.from === 'client' && f.text.includes('"cmd":"bind"'));
    await waitFor(
      () => binds().length >= Object.keys(first.state).length && unanswered().length === 0,
      'every key bound',
    );
  };

  it('refused: polling at once (no time passes), push again when the service takes sockets, stale before fresh', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const h = start();
    await bound(h);
    const before = h.clock.now();
    const since = h.events.mark();
    await proxy.set('refuse');
    const polling = await h.events.next(isMode('polling'), 'polling mode');
    expect(polling.reason).toBe(ErrorCode.ROOMDECK_OFFLINE);
    expect(h.clock.now() - before).toBeLessThanOrEqual(5_000);
    expect(h.feeds.exec(SYS.huddle, { ...DISPLAY, method: 'power', args: [false] })).toBeUndefined();
    // Refused again and again while the clock runs through the back-off.
    await until(
      h.clock,
      () => proxy.fault === 'refuse' && h.clock.now() - before > 20_000,
      'refused a while',
    );
    // Changed while the socket was down: only the re-read can know.
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    await proxy.set('pass');
    await until(h.clock, () => h.feeds.status().mode === 'push', 'back to push');
    await backToPush(h, since, { power: false });
  });

  it('dropped mid-session: polling, then back within the first retry window', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const h = start();
    await bound(h);
    const since = h.events.mark();
    await proxy.set('drop');
    expect((await h.events.next(isMode('polling'), 'polling mode')).reason).toBe(ErrorCode.ROOMDECK_OFFLINE);
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    await proxy.set('pass');
    // The first retry after a drop comes within a second.
    await h.clock.advance(1_000);
    await backToPush(h, since, { power: false });
  });

  it('hung (no pong): polling 5 s after the unanswered ping, a round trip reported before, push again after', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const h = start({ keepalive: { intervalMs: 25_000, jitterMs: 0, timeoutMs: 5_000 } });
    await bound(h);
    // The ping sent on open is answered (the clock has not moved): the link model hears a round trip.
    await waitFor(() => h.health.some((r) => r.kind === 'answered'));
    await proxy.set('hang');
    const since = h.events.mark();
    const pingAt = h.clock.now() + 25_000;
    await h.clock.advance(25_000 + 4_999);
    expect(h.feeds.status().mode).toBe('push');
    await h.clock.advance(1);
    const polling = await h.events.next(isMode('polling'), 'polling mode');
    expect(polling.reason).toBe(ErrorCode.ROOMDECK_TIMEOUT);
    expect(h.clock.now() - pingAt).toBeLessThanOrEqual(5_000);
    expect(h.health.at(-1)).toMatchObject({ kind: 'failed' });
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    await proxy.set('pass');
    await h.clock.advance(1_000);
    await backToPush(h, since, { power: false });
  });

  it('a press unanswered for 3 s has its link probed; the probe unanswered fails it (EXEC_UNANSWERED) within 5 s of the touch, and the command never runs late', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    // Keep-alive would not ping again for an hour: only the unanswered exec can tell.
    const h = start({ keepalive: { intervalMs: 3_600_000, jitterMs: 0, timeoutMs: 5_000 } });
    await bound(h);
    await waitFor(() => h.health.some((r) => r.kind === 'answered'));
    // The whole service frozen: TCP open, nothing relayed either way (HTTP hangs too).
    await proxy.set('hang');
    const pressedAt = h.clock.now();
    const exec = h.feeds.exec(SYS.huddle, { ...DISPLAY, method: 'power', args: [false] });
    const outcome = exec?.then(
      () => 'answered',
      (error: unknown) => toBridgeError(error).code,
    );
    const pings = () => proxy.frames.filter((f) => f.from === 'client' && f.text === 'ping').length;
    const pingsBefore = pings();
    await h.clock.advance(3_000);
    // Doubted at 3 s, not yet failed: the probe (a ping with a short deadline) left at once.
    expect(await Promise.race([outcome, 'waiting'])).toBe('waiting');
    await waitFor(() => pings() > pingsBefore, 'the probe');
    await h.clock.advance(1_499);
    expect(await Promise.race([outcome, 'waiting'])).toBe('waiting');
    await h.clock.advance(1);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
    // The page hears the link is down.
    const polling = await h.events.next(isMode('polling'), 'polling mode');
    expect(polling.reason).toBe(ErrorCode.ROOMDECK_TIMEOUT);
    expect(h.clock.now() - pressedAt).toBeLessThanOrEqual(5_000);
    expect(h.feeds.exec(SYS.huddle, { ...DISPLAY, method: 'power', args: [false] })).toBeUndefined();
    // The service comes back; the socket with it, bound again.
    const execsBefore = proxy.frames.filter((f) => f.from === 'client' && f.text.includes('"cmd":"exec"'));
    expect(execsBefore).toHaveLength(1);
    await proxy.set('pass');
    await until(h.clock, () => h.feeds.status().mode === 'push', 'back to push');
    await h.events.next(
      isState('Display', (st) => st.power === true),
      'the fresh state',
    );
    await h.clock.advance(30_000);
    // The press the person was told failed was not sent again, by the socket or anything else, and
    // the device did not change: it is still on.
    const execs = proxy.frames.filter((f) => f.from === 'client' && f.text.includes('"cmd":"exec"'));
    expect(execs).toHaveLength(1);
    expect(execs[0]?.held).toBe(true);
    expect((await h.http.systemState(SYS.huddle, DISPLAY)).power).toBe(true);
  });

  it('while the room is in use a freeze is noticed unprompted within 5 s; idle, not before the idle ping', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const h = start({ keepalive: {} });
    await bound(h);
    await waitFor(() => h.health.some((r) => r.kind === 'answered'));
    // Idle: the next ping is 25–30 s away, so a freeze now is not noticed for a while.
    await proxy.set('hang');
    await h.clock.advance(20_000);
    expect(h.feeds.status().mode).toBe('push');
    await proxy.set('pass');
    await until(h.clock, () => h.feeds.status().mode === 'push' && proxy.openSockets === 1, 'back to push');
    await waitFor(
      () => h.health.filter((r) => r.kind === 'answered').length >= 2,
      'a pong on the new socket',
    );
    // The page says the room is in use (a touch): the link is checked every couple of seconds.
    h.feeds.watch(W, SYS.huddle, [DISPLAY], true);
    await h.clock.advance(10_000);
    expect(h.feeds.status().mode).toBe('push');
    const since = h.events.mark();
    await proxy.set('hang');
    const frozenAt = h.clock.now();
    for (let i = 0; i < 50 && h.feeds.status().mode === 'push'; i += 1) await h.clock.advance(100);
    expect(h.feeds.status().mode).toBe('polling');
    expect(h.clock.now() - frozenAt).toBeLessThanOrEqual(5_000);
    expect((await h.events.next(isMode('polling'), 'polling mode')).reason).toBe(ErrorCode.ROOMDECK_TIMEOUT);
    expect(h.events.all.length).toBeGreaterThan(since);
  });

  it('token revoked while bound (4401): renewed through the session, back to push, no sign-out', async () => {
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    const token = await api.login('user');
    const h = start({ token });
    await bound(h);
    const since = h.events.mark();
    const revoke = await fetch(`${api.url}/auth/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, ...CI_CLIENT }).toString(),
    });
    expect(revoke.status).toBe(200);
    const polling = await h.events.next(isMode('polling'), 'polling mode');
    // Said as a link matter (Roomdeck keeps its sign-in), never as the end of the session.
    expect(polling.reason).toBe(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED);
    await httpExec(api, SYS.huddle, 'Display', 'power', [false]);
    // No back-off: the renewed token goes straight back (the clock does not move).
    await backToPush(h, since, { power: false });
    expect(h.tokens.unauthorized).toEqual([token]);
    expect(h.tokens.token).not.toBe(token);
    expect(h.tokens.refused).toEqual([]);
    // Live again: another client's change arrives.
    await httpExec(api, SYS.huddle, 'Display', 'power', [true]);
    await h.events.next(
      isState('Display', (s) => s.power === true),
      'a change after the renewal',
    );
  });

  it('a 401 at the handshake: the token renewed once, then the socket opens', async () => {
    const h = start({ token: 'expired-or-unknown-token' });
    h.feeds.watch(W, SYS.huddle, [DISPLAY]);
    await h.events.next(isMode('push'), 'push mode');
    expect(h.tokens.unauthorized).toEqual(['expired-or-unknown-token']);
    expect(h.tokens.refused).toEqual([]);
  });

  it('a renewed token refused too: reported to the session once, polling with the credentials named', async () => {
    const h = start({ token: 'bad-one', renew: async () => 'bad-two' });
    const status = h.feeds.watch(W, SYS.huddle, [DISPLAY]);
    expect(status.mode).toBe('polling');
    const polling = await h.events.next(isMode('polling'), 'polling mode');
    expect(polling.reason).toBe(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED);
    expect(h.tokens.unauthorized).toEqual(['bad-one']);
    expect(h.tokens.refused).toHaveLength(1);
    expect(h.tokens.refused[0]?.code).toBe(ErrorCode.ROOMDECK_AUTH_REQUIRED);
  });
});
