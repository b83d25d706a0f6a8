import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/live.ts';
import { PAGE_KEY_PARAM } from '../../contract/page-key.ts';
import type { LiveEvent } from '../../contract/types.ts';
import type { LiveRoute } from '../../core/bridge/live-channel.ts';
import { buildHostApp } from '../../host/app.ts';
import { MAX_STREAMS_PER_SESSION } from '../../host/live-events.ts';
import { createLaunchToken, type LaunchToken } from '../../host/launch.ts';
import { fakeApi } from '../support/fake-api.ts';
import { fakeRendererDir, pageKeyIn } from './fixture.ts';

/**
 * The browser host's live events over real HTTP: the page's EventSource on
 * `/bridge/events?watcher=…` gets the route's events as Server-Sent Events under the same gates as
 * the bridge's POSTs (this machine, the page's own origin and Host, the session cookie and its
 * page key, here in the query); a quiet stream gets heartbeats; a closed stream's watcher is
 * forgotten; one browser holds a bounded number of streams.
 */

/** A live route the test drives: events it emits, watchers the host forgot. */
function testRoute() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const forgotten: string[] = [];
  const route: LiveRoute = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget: (watcher) => forgotten.push(watcher),
    status: () => ({ mode: 'push' }),
  };
  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { route, emit, forgotten, listeners };
}

let app: FastifyInstance;
let origin: string;
let host: string;
let launch: LaunchToken;
let panel: ReturnType<typeof testRoute>;
let technician: ReturnType<typeof testRoute>;
const open: http.ClientRequest[] = [];

beforeEach(async () => {
  launch = createLaunchToken();
  panel = testRoute();
  technician = testRoute();
  app = await buildHostApp({
    rendererDir: fakeRendererDir(),
    launchToken: launch,
    origin: () => origin,
    heartbeatMs: 40,
    services: () => ({
      api: fakeApi(),
      live: panel.route,
      technicianLive: technician.route,
      completeSignIn: async () => undefined,
      dispose: async () => undefined,
    }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  host = `127.0.0.1:${address.port}`;
  origin = `http://${host}`;
});
afterEach(async () => {
  for (const request of open.splice(0)) request.destroy();
  await app.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text: () => string;
  /** Resolves once the body holds what `match` looks for. */
  until: (match: RegExp) => Promise<string>;
  request: http.ClientRequest;
  ended: Promise<void>;
}

/** A GET over real HTTP, answered as soon as the headers arrive (a stream never ends by itself). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers: { host, ...headers } }, (response) => {
      let body = '';
      const waiting: { match: RegExp; done: (text: string) => void }[] = [];
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => {
        endedResolve = r;
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        for (const w of [...waiting]) {
          if (w.match.test(body)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.done(body);
          }
        }
      });
      response.on('end', endedResolve);
      response.on('close', endedResolve);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => body,
        until: (match) =>
          match.test(body) ? Promise.resolve(body) : new Promise((done) => waiting.push({ match, done })),
        request,
        ended,
      });
    });
    request.on('error', reject);
    open.push(request);
  });
}

/** Opens the printed launch address as a browser does: the session cookie and the page key. */
async function openPage(): Promise<{ cookie: string; key: string }> {
  const page = await get(`/?launch=${launch.value}`);
  await page.ended;
  const cookie = String(page.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  return { cookie, key: pageKeyIn(page.text()) };
}

const eventsPath = (watcher: string, key: string, prefix = '') =>
  `${prefix}${LIVE_EVENTS_PATH}?watcher=${watcher}&${PAGE_KEY_PARAM}=${encodeURIComponent(key)}`;

/** What the page's own EventSource sends: the cookie, same-origin fetch metadata, no Origin. */
const pageHeaders = (cookie: string) => ({
  cookie,
  accept: 'text/event-stream',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
});

const STATE: LiveEvent = {
  type: 'state',
  id: 'sys-boardroom',
  module: 'Display',
  index: 1,
  state: { power: true, input: 'hdmi1' },
};

const dataLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as unknown);

describe('the browser host’s live event stream', () => {
  it('streams the route’s events to the page as Server-Sent Events, with heartbeats', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('page-0123456789', key), pageHeaders(cookie));
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-store');
    await stream.until(/: connected/);
    panel.emit(STATE);
    const mode: LiveEvent = { type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' };
    panel.emit(mode);
    await stream.until(/"mode":"polling"/);
    // The stream opens with where things stand, then the route's events in order.
    expect(dataLines(stream.text())).toEqual([{ type: 'mode', mode: 'push' }, STATE, mode]);
    // A quiet stream still hears from the host, so nothing in between cuts it as idle.
    await stream.until(/: heartbeat/);
    // The technician's events are not the panel page's.
    technician.emit({ ...STATE, module: 'Secret' });
    panel.emit(STATE);
    await vi.waitFor(() => expect(dataLines(stream.text())).toHaveLength(4));
    expect(stream.text()).not.toContain('Secret');
  });

  it('accepts the page’s own Origin when a browser sends one', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('page-0123456789', key), { ...pageHeaders(cookie), origin });
    expect(stream.status).toBe(200);
  });

  it('holds a bounded backlog for a page that does not read: the newest state of each module, not every event', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('page-slow-0123456789', key), pageHeaders(cookie));
    await stream.until(/: connected/);
    // The page stops reading (a tab in the background, a stalled renderer): its socket fills.
    stream.request.socket?.pause();
    const EMITTED = 5_000;
    const padding = 'x'.repeat(10_000);
    for (let i = 0; i < EMITTED; i += 1) {
      panel.emit({ ...STATE, module: `Display${i % 3}`, state: { seq: i, padding } });
    }
    stream.request.socket?.resume();
    // The newest state of each module arrives last, whatever was dropped on the way.
    await stream.until(new RegExp(`"seq":${EMITTED - 1},`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const states = dataLines(stream.text()).filter(
      (event): event is { module: string; state: { seq: number } } => (event as LiveEvent).type === 'state',
    );
    // What the kernel's socket buffers took before the stream was full, then one per module.
    expect(states.length).toBeLessThan(EMITTED / 2);
    const newest = (module: string) => states.filter((event) => event.module === module).at(-1)?.state.seq;
    expect([newest('Display0'), newest('Display1'), newest('Display2')].sort()).toEqual(
      [EMITTED - 3, EMITTED - 2, EMITTED - 1].sort(),
    );
  });

  it('forgets the watcher when its stream closes, and stops sending to it', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('page-gone-0123456789', key), pageHeaders(cookie));
    await stream.until(/: connected/);
    expect(panel.listeners.size).toBe(1);
    stream.request.destroy();
    await vi.waitFor(() => expect(panel.forgotten).toEqual(['page-gone-0123456789']));
    expect(panel.listeners.size).toBe(0);
  });

  it('replaces a page’s stream when it reconnects, keeping its watch list', async () => {
    const { cookie, key } = await openPage();
    const first = await get(eventsPath('page-0123456789', key), pageHeaders(cookie));
    await first.until(/: connected/);
    const second = await get(eventsPath('page-0123456789', key), pageHeaders(cookie));
    await second.until(/: connected/);
    await first.ended;
    expect(panel.forgotten).toEqual([]);
    expect(panel.listeners.size).toBe(1);
  });

  it(`refuses a browser more than ${MAX_STREAMS_PER_SESSION} streams at once, in JSON`, async () => {
    const { cookie, key } = await openPage();
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      const stream = await get(eventsPath(`page-${i}-0123456789`, key), pageHeaders(cookie));
      expect(stream.status).toBe(200);
    }
    const refused = await get(eventsPath('page-one-too-many', key), pageHeaders(cookie));
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text())).toMatchObject({
      ok: false,
      error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN', message: expect.stringMatching(/Too many Roomdeck tabs/) },
    });
  });

  it('ends its open streams when the host stops, instead of waiting on them forever', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('page-0123456789', key), pageHeaders(cookie));
    await stream.until(/: connected/);
    await app.close();
    await stream.ended;
    expect(panel.listeners.size).toBe(0);
  });

  it('serves the technician route’s events on its own path', async () => {
    const { cookie, key } = await openPage();
    const stream = await get(eventsPath('tools-0123456789', key, '/technician'), pageHeaders(cookie));
    expect(stream.status).toBe(200);
    await stream.until(/: connected/);
    panel.emit(STATE);
    technician.emit({ ...STATE, module: 'Technician' });
    await stream.until(/Technician/);
    expect(dataLines(stream.text())).toEqual([
      { type: 'mode', mode: 'push' },
      { ...STATE, module: 'Technician' },
    ]);
    stream.request.destroy();
    await vi.waitFor(() => expect(technician.forgotten).toEqual(['tools-0123456789']));
    expect(panel.forgotten).toEqual([]);
  });
});

describe('the live event stream refuses what the bridge refuses', () => {
  async function refusal(path: (key: string) => string, headers: (cookie: string) => Record<string, string>) {
    const { cookie, key } = await openPage();
    const answer = await get(path(key), headers(cookie));
    await answer.ended;
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(panel.listeners.size).toBe(0);
    return {
      status: answer.status,
      body: JSON.parse(answer.text()) as { ok: boolean; error: { code: string } },
    };
  }
  const path = (key: string) => eventsPath('page-0123456789', key);

  it('without the page key, or with another', async () => {
    for (const wrong of [
      (_key: string) => `${LIVE_EVENTS_PATH}?watcher=page-0123456789`,
      () => path('x'.repeat(43)),
    ]) {
      const { status, body } = await refusal(wrong, pageHeaders);
      expect(status).toBe(401);
      expect(body).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED' } });
    }
  });

  it('without the session cookie (the key alone)', async () => {
    const { status, body } = await refusal(path, () => pageHeaders('roomdeck_session=stolen'));
    expect(status).toBe(401);
    expect(body.error.code).toBe('ROOMDECK_BRIDGE_UNAUTHORIZED');
  });

  it('from another origin, or a browser saying another site', async () => {
    const other = await refusal(path, (cookie) => ({
      ...pageHeaders(cookie),
      origin: 'http://127.0.0.1:9999',
    }));
    expect(other).toMatchObject({ status: 403, body: { error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } } });
    const site = await refusal(path, (cookie) => ({ ...pageHeaders(cookie), 'sec-fetch-site': 'same-site' }));
    expect(site).toMatchObject({ status: 403, body: { error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } } });
  });

  it('under another Host name (DNS rebinding)', async () => {
    const rebound = await refusal(path, (cookie) => ({
      ...pageHeaders(cookie),
      host: 'attacker.example:80',
    }));
    expect(rebound).toMatchObject({ status: 421, body: { error: { code: 'ROOMDECK_HOST_MISDIRECTED' } } });
  });

  it('without a well-formed watcher', async () => {
    for (const watcher of ['', 'short', 'has space in it', 'x'.repeat(65)]) {
      const bad = await refusal(
        (key) => `${LIVE_EVENTS_PATH}?watcher=${encodeURIComponent(watcher)}&${PAGE_KEY_PARAM}=${key}`,
        pageHeaders,
      );
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'ROOMDECK_BRIDGE_INVALID_ARGS' } } });
    }
  });
});
