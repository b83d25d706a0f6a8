import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts';

/*
 * The fault proxy's socket-only faults, with real sockets: an upstream that serves HTTP and a
 * websocket answering `ping` with `pong` (as the control socket does), the proxy in front of it, and
 * `ws` clients as the main process's would be. Each fault must touch the socket and leave HTTP alone.
 */

let upstream: Server;
let wss: WebSocketServer;
let proxy: FaultProxy;
/** Text frames the upstream received, in order. */
const received: string[] = [];
const clients = new Set<WebSocket>();

beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  wss = new WebSocketServer({ server: upstream, path: '/control/websocket' });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      received.push(data.toString());
      if (data.toString() === 'ping') socket.send('pong');
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  proxy = await startFaultProxy(`http://127.0.0.1:${address.port}`);
});

afterEach(async () => {
  for (const client of clients) client.terminate();
  clients.clear();
  await proxy.set('pass');
});

afterAll(async () => {
  await proxy.close();
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  await new Promise<void>((r) => upstream.close(() => r()));
});

type Outcome =
  | { kind: 'open'; socket: WebSocket }
  | { kind: 'refused'; status: number; contentType: string | undefined; body: string }
  | { kind: 'error'; message: string };

/** One handshake through the proxy, bearer token in the header as core/live sends it. */
function connect(handshakeTimeout = 10_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/control/websocket`, {
      headers: { authorization: 'Bearer tok-123' },
      handshakeTimeout,
    });
    clients.add(socket);
    socket.on('open', () => resolve({ kind: 'open', socket }));
    socket.on('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          kind: 'refused',
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    socket.on('error', (error) => resolve({ kind: 'error', message: error.message }));
  });
}

async function open(): Promise<WebSocket> {
  const outcome = await connect();
  if (outcome.kind !== 'open') throw new Error(`expected an open socket, got ${JSON.stringify(outcome)}`);
  return outcome.socket;
}

/** Sends `ping` and resolves with the next frame. */
function ping(socket: WebSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(data.toString()));
    socket.send('ping');
  });
}

const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(-1);
    socket.once('close', (code) => resolve(code));
  });

async function httpStatus(): Promise<number> {
  return (await fetch(`${proxy.url}/api/control/systems`)).status;
}

describe('the fault proxy’s socket-only faults', () => {
  it('passes sockets frame by frame and remembers the handshake’s bearer token', async () => {
    const socket = await open();
    expect(await ping(socket)).toBe('pong');
    expect(proxy.lastBearer).toBe('tok-123');
    expect(proxy.openSockets).toBe(1);
    const crossed = proxy.frames.slice(-2).map(({ from, text }) => ({ from, text }));
    expect(crossed).toEqual([
      { from: 'client', text: 'ping' },
      { from: 'service', text: 'pong' },
    ]);
  });

  it('socket-refuse: cuts open sockets, answers upgrades 503 with a JSON body, HTTP untouched', async () => {
    const socket = await open();
    const cut = closed(socket);
    await proxy.set('socket-refuse');
    // A cut, not a close handshake: 1006 is what the client reports for a dead connection.
    expect(await cut).toBe(1006);
    const refused = await connect();
    expect(refused).toMatchObject({ kind: 'refused', status: 503, contentType: 'application/json' });
    if (refused.kind !== 'refused') throw new Error('unreachable');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'unavailable', error: expect.any(String) });
    expect(await httpStatus()).toBe(200);
    expect(proxy.hits).toBe(1);

    await proxy.set('pass');
    expect(await ping(await open())).toBe('pong');
  });

  it('socket-hang: open sockets forward nothing either way, new upgrades get no answer, HTTP untouched', async () => {
    const socket = await open();
    expect(await ping(socket)).toBe('pong');
    await proxy.set('socket-hang');
    const before = received.length;
    let answered = false;
    socket.on('message', () => {
      answered = true;
    });
    socket.send('ping');
    // The ping reached the proxy and was held there: it can never reach the service.
    await expect.poll(() => proxy.frames.at(-1)).toMatchObject({ from: 'client', text: 'ping', held: true });
    expect(received.length).toBe(before);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    // A new handshake is not answered at all: only the client's own deadline ends it.
    expect(await connect(500)).toEqual({ kind: 'error', message: 'Opening handshake has timed out' });
    expect(await httpStatus()).toBe(200);
    expect(answered).toBe(false);

    // Cleared: the hung socket stays dead (its client gave up on it); new ones pass.
    const cut = closed(socket);
    await proxy.set('pass');
    expect(await cut).toBe(1006);
    expect(await ping(await open())).toBe('pong');
  });

  it('socket-drop: open sockets are cut mid-session, new ones pass at once, HTTP untouched', async () => {
    const first = await open();
    const second = await open();
    expect(proxy.openSockets).toBe(2);
    const cuts = Promise.all([closed(first), closed(second)]);
    await proxy.set('socket-drop');
    expect(await cuts).toEqual([1006, 1006]);
    expect(proxy.openSockets).toBe(0);
    const again = await open();
    expect(await ping(again)).toBe('pong');
    expect(await httpStatus()).toBe(200);
  });

  it('freeze: HTTP and sockets stay open and carry nothing, protocol pings unanswered; thawed, what still waits runs late', async () => {
    const socket = await open();
    expect(await ping(socket)).toBe('pong');
    await proxy.set('freeze');
    const before = received.length;
    const answers: string[] = [];
    socket.on('message', (data) => answers.push(data.toString()));
    let ponged = false;
    socket.on('pong', () => {
      ponged = true;
    });
    socket.ping();
    socket.send('ping');
    await expect.poll(() => proxy.frames.at(-1)).toMatchObject({ from: 'client', text: 'ping', held: true });
    // A client that gives up on its request, and one that keeps waiting.
    await expect(
      fetch(`${proxy.url}/api/control/gave-up`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    const waiting = fetch(`${proxy.url}/api/control/waited`);
    expect(await connect(500)).toEqual({ kind: 'error', message: 'Opening handshake has timed out' });
    await new Promise((r) => setTimeout(r, 300));
    expect({ ponged, answers, received: received.length - before }).toEqual({
      ponged: false,
      answers: [],
      received: 0,
    });
    expect(socket.readyState).toBe(WebSocket.OPEN);

    // The service wakes: the socket lives on, the held ping is answered, the waiting request too.
    await proxy.set('pass');
    expect(await (await waiting).json()).toEqual({ path: '/api/control/waited' });
    await expect.poll(() => answers).toEqual(['pong']);
    expect(proxy.late.map(({ kind, what }) => ({ kind, what }))).toEqual([
      { kind: 'http', what: 'GET /api/control/waited' },
      { kind: 'frame', what: 'ping' },
    ]);
    expect(await ping(socket)).toBe('pong');
  });

  it('the older faults still take the socket down with HTTP', async () => {
    await proxy.set('hang');
    expect(await connect(500)).toEqual({ kind: 'error', message: 'Opening handshake has timed out' });
    await expect(
      fetch(`${proxy.url}/api/control/systems`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    await proxy.set('refuse');
    expect(await connect()).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
