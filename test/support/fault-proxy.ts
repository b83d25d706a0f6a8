import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/*
 * A proxy in front of the simulator that injects the faults a wall panel meets in the field,
 * switched at run time: the service refusing connections, hanging, slow, answering 5xx with
 * Retry-After, a reverse proxy's HTML error page, malformed or truncated JSON, 401 on every API
 * call, invalid_grant on a refresh, or a refresh whose answer is lost on the way (after the service
 * has rotated the token). `pass` forwards everything untouched.
 *
 * Websocket upgrades (the control socket) pass through too, frame by frame. `refuse` and `hang` take
 * the sockets down with HTTP (nobody listens; nothing is forwarded, so no pong comes back and new
 * handshakes get no answer). The `socket-*` faults touch only the socket, HTTP passing untouched,
 * as when a gateway in front of the service stops carrying websockets:
 * - `socket-refuse`: open sockets are cut and every upgrade is answered 503 with a JSON body;
 * - `socket-hang`: open sockets stop forwarding in both directions (no pong comes back, TCP stays
 *   up) and new upgrades get no answer;
 * - `socket-drop` (or `drop`): every open socket is cut mid-session; new ones pass.
 * `freeze` is the whole service stalled (a stuck core or database; SIGSTOP): every TCP connection
 * stays open and nothing crosses either way, HTTP and websocket alike, not even the answer to a
 * protocol-level ping. What was asked meanwhile is held, not dropped: set back to `pass`, the
 * service wakes and does it late, as a stalled one does (`late` lists it), unless the client has
 * given up first (a request whose connection closed, a socket that was closed, is dropped: only
 * a client that kept waiting gets its command run late).
 * The handshake's refusal (a 401) reaches the client as the service sent it. Text frames are
 * recorded (`frames`, with when they crossed, and `held` for those a hang swallowed) so a test can
 * see what the client sent; `lastBearer` is the credential the last handshake carried (what an
 * observer of the link sees, for a test that revokes it at the service).
 */

export type Fault =
  | 'pass'
  | 'refuse'
  | 'hang'
  | 'slow'
  | 'unavailable'
  | 'html-502'
  | 'malformed'
  | 'truncated'
  | 'unauthorized'
  | 'invalid-grant'
  | 'lost-refresh'
  | 'drop'
  | 'freeze'
  | 'socket-refuse'
  | 'socket-hang'
  | 'socket-drop';

export interface ProxiedFrame {
  from: 'client' | 'service';
  text: string;
  /** Epoch ms it reached the proxy. */
  at: number;
  /** Swallowed by a hang (or held by a freeze): it did not reach the other side then. */
  held?: true;
  /** Held by a freeze and delivered when it thawed. */
  late?: true;
}

/** A request or frame a freeze held and delivered to the service when it thawed. */
export interface LateDelivery {
  kind: 'http' | 'frame';
  /** `POST /api/…` for a request; the frame's text for a frame. */
  what: string;
  /** Epoch ms it reached the proxy (during the freeze). */
  heldAt: number;
  /** Epoch ms it was passed on. */
  at: number;
}

export interface FaultProxy {
  url: string;
  port: number;
  readonly fault: Fault;
  /** How many requests met the fault (for tests that must see it bite). */
  readonly hits: number;
  /** Text frames that crossed the websocket pass-through, in order. */
  readonly frames: ProxiedFrame[];
  /** Websocket handshakes that reached the proxy. */
  readonly upgrades: number;
  /** Websockets open through the proxy now. */
  readonly openSockets: number;
  /** The bearer token the last websocket handshake carried (Authorization header or query). */
  readonly lastBearer: string | null;
  /** What a freeze held and the service received when it thawed, in order. */
  readonly late: LateDelivery[];
  set(fault: Fault, options?: { slowMs?: number; retryAfterS?: number }): Promise<void>;
  close(): Promise<void>;
}

const isApi = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/');
const socketHangs = (fault: Fault) => fault === 'hang' || fault === 'socket-hang';
/** A frame that crossed (or was held), as the test's record shows it. */
const recordOf = (
  from: ProxiedFrame['from'],
  data: WebSocket.RawData,
  extra: Partial<ProxiedFrame> = {},
) => ({
  from,
  text: data.toString(),
  at: Date.now(),
  ...extra,
});
/** Faults that cut every open websocket the moment they are set. */
const cutsSockets = (fault: Fault) =>
  fault === 'drop' || fault === 'socket-drop' || fault === 'socket-refuse';

function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^bearer /i.test(header)) return header.slice(7).trim();
  return new URL(req.url ?? '/', 'http://proxy.invalid').searchParams.get('bearer_token');
}

/** A gateway that does not carry websockets (any more): an HTTP answer instead of the upgrade. */
const SOCKET_REFUSED = JSON.stringify({
  error: 'websockets are not available through this gateway',
  code: 'unavailable',
});
const isToken = (req: IncomingMessage) => (req.url ?? '').startsWith('/auth/oauth/token');

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(
  target: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        // A gateway that rewrites Host to the backend's rewrites the browser's Origin with it, or
        // the service's sign-in form (which checks Origin against its own) would refuse every post.
        headers: {
          ...req.headers,
          host: target.host,
          ...(req.headers.origin === undefined ? {} : { origin: target.origin }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n';

export async function startFaultProxy(targetUrl: string, port = 0): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let fault: Fault = 'pass';
  let slowMs = 1_500;
  let retryAfterS = 5;
  let hits = 0;
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();
  const frames: ProxiedFrame[] = [];
  let upgrades = 0;
  let lastBearer: string | null = null;
  const pipes = new Set<{ client: WebSocket; upstream: WebSocket }>();
  const hungUpgrades = new Set<Duplex>();
  // Pongs to protocol pings are the proxy's own (a frozen service answers none), so not automatic.
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, autoPong: false });
  const late: LateDelivery[] = [];
  /** Requests a freeze holds: answered late when it thaws, if their client still waits. */
  const frozenRequests: { req: IncomingMessage; res: ServerResponse; body: Buffer; at: number }[] = [];
  /** Frames a freeze holds, per direction of an open pipe, delivered in order when it thaws. */
  const frozenFrames: {
    from: ProxiedFrame['from'];
    to: WebSocket;
    data: WebSocket.RawData;
    isBinary: boolean;
    at: number;
  }[] = [];
  const frozenUpgrades = new Set<Duplex>();

  // 1005/1006 are reported, never sent: a close without a code is passed on as a cut.
  const closeWith = (ws: WebSocket, code: number, reason: Buffer) => {
    if (code === 1005 || code === 1006 || code < 1000) ws.terminate();
    else ws.close(code, reason);
  };

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    upgrades += 1;
    lastBearer = bearerOf(req) ?? lastBearer;
    socket.on('error', () => {});
    if (fault === 'freeze') {
      hits += 1;
      frozenUpgrades.add(socket);
      return;
    }
    if (socketHangs(fault)) {
      hits += 1;
      hungUpgrades.add(socket);
      return;
    }
    if (fault === 'socket-refuse') {
      hits += 1;
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 5\r\n' +
          `content-length: ${Buffer.byteLength(SOCKET_REFUSED)}\r\nconnection: close\r\n\r\n${SOCKET_REFUSED}`,
      );
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'cookie', 'origin'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = name === 'origin' ? target.origin : value;
    }
    const upstream = new WebSocket(`ws://${target.host}${req.url ?? '/'}`, {
      headers,
      perMessageDeflate: false,
    });
    upstream.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        socket.end(
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage ?? ''}\r\n` +
            `content-type: ${response.headers['content-type'] ?? 'application/json'}\r\n` +
            `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body.toString()}`,
        );
      });
    });
    upstream.on('error', () => socket.destroy());
    upstream.on('open', () => {
      wss.handleUpgrade(req, socket, head, (client) => {
        const pipe = { client, upstream };
        pipes.add(pipe);
        const relay =
          (from: ProxiedFrame['from'], to: WebSocket) => (data: WebSocket.RawData, isBinary: boolean) => {
            if (fault === 'freeze') {
              hits += 1;
              if (!isBinary) frames.push(recordOf(from, data, { held: true }));
              frozenFrames.push({ from, to, data, isBinary, at: Date.now() });
              return;
            }
            if (socketHangs(fault)) {
              hits += 1;
              if (!isBinary) frames.push(recordOf(from, data, { held: true }));
              return;
            }
            if (!isBinary) frames.push(recordOf(from, data));
            if (to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
          };
        client.on('message', relay('client', upstream));
        upstream.on('message', relay('service', client));
        client.on('ping', (data) => {
          if (fault !== 'freeze') client.pong(data);
        });
        client.on('close', (code, reason) => {
          pipes.delete(pipe);
          closeWith(upstream, code, reason);
        });
        upstream.on('close', (code, reason) => {
          pipes.delete(pipe);
          closeWith(client, code, reason);
        });
        client.on('error', () => upstream.terminate());
      });
    });
  }

  /** The service wakes: what it was asked while frozen and whose asker still waits, it does now. */
  const thaw = () => {
    for (const socket of frozenUpgrades) socket.destroy();
    frozenUpgrades.clear();
    const requests = frozenRequests.splice(0);
    for (const { req, res, body, at } of requests) {
      if (req.socket.destroyed) continue;
      late.push({ kind: 'http', what: `${req.method} ${req.url}`, heldAt: at, at: Date.now() });
      answer(req, res, body).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    }
    for (const { from, to, data, isBinary, at } of frozenFrames.splice(0)) {
      if (to.readyState !== WebSocket.OPEN) continue;
      if (!isBinary) {
        frames.push(recordOf(from, data, { late: true }));
        late.push({ kind: 'frame', what: data.toString(), heldAt: at, at: Date.now() });
      }
      to.send(data, { binary: isBinary });
    }
  };

  const cutSockets = () => {
    for (const pipe of pipes) {
      pipe.client.terminate();
      pipe.upstream.terminate();
    }
    pipes.clear();
    for (const socket of hungUpgrades) socket.destroy();
    hungUpgrades.clear();
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const bite = (applies: boolean) => {
      if (applies) hits += 1;
      return applies;
    };
    if (bite(fault === 'hang')) {
      hung.add(res);
      return;
    }
    if (bite(fault === 'freeze')) {
      frozenRequests.push({ req, res, body, at: Date.now() });
      return;
    }
    await answer(req, res, body);
  }

  /** Passes a request on and its answer back (or the fault that bites the answer). */
  async function answer(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const api = isApi(req);
    const token = isToken(req);
    const bite = (applies: boolean) => {
      if (applies) hits += 1;
      return applies;
    };
    if (fault === 'slow' && bite(true)) await new Promise((r) => setTimeout(r, slowMs));
    if (bite(fault === 'unavailable' && !token)) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': String(retryAfterS) });
      res.end(JSON.stringify({ error: 'the service is restarting', code: 'unavailable' }));
      return;
    }
    if (bite(fault === 'html-502' && !token)) {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(NGINX_502);
      return;
    }
    if (bite(fault === 'malformed' && api)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"power": tru');
      return;
    }
    if (bite(fault === 'unauthorized' && api)) {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer error="invalid_token"',
      });
      res.end(JSON.stringify({ error: 'token not accepted', code: 'unauthorized' }));
      return;
    }
    if (bite(fault === 'invalid-grant' && token)) {
      res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'refresh token revoked' }));
      return;
    }
    let answer: Awaited<ReturnType<typeof forward>>;
    try {
      answer = await forward(target, req, body);
    } catch {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(NGINX_502);
      return;
    }
    const cut = (fault === 'truncated' && api) || (fault === 'lost-refresh' && token);
    if (bite(cut)) {
      // The upstream did its work (a refresh rotated the token); the answer dies half-way.
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'content-length': String(answer.body.length),
      });
      // Let the headers and the first half leave before the connection dies.
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => {
        setTimeout(() => res.socket?.destroy(), 50);
      });
      return;
    }
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  }

  const makeServer = (): Server => {
    const server = createServer((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    server.on('upgrade', upgrade);
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };

  let server: Server | null = makeServer();
  await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fault proxy has no port');
  const boundPort = address.port;

  const stopListening = async () => {
    const closing = server;
    server = null;
    if (closing === null) return;
    cutSockets();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const listen = async () => {
    if (server !== null) return;
    server = makeServer();
    await new Promise<void>((resolve) => server?.listen(boundPort, '127.0.0.1', resolve));
  };

  return {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    get fault() {
      return fault;
    },
    get hits() {
      return hits;
    },
    frames,
    get upgrades() {
      return upgrades;
    },
    get openSockets() {
      return pipes.size;
    },
    get lastBearer() {
      return lastBearer;
    },
    late,
    async set(next, options = {}) {
      slowMs = options.slowMs ?? slowMs;
      retryAfterS = options.retryAfterS ?? retryAfterS;
      const previous = fault;
      fault = next;
      hits = 0;
      if (previous === 'freeze' && next !== 'freeze') thaw();
      if (previous === 'hang' && next !== 'hang') {
        for (const res of hung) res.socket?.destroy();
        hung.clear();
      }
      // A socket that hung stays dead: its client has given up on it (or will).
      if (socketHangs(previous) && !socketHangs(next)) cutSockets();
      if (cutsSockets(next)) cutSockets();
      // Refusing connections is TCP's business: nobody listens on the port.
      if (next === 'refuse') await stopListening();
      else await listen();
    },
    async close() {
      for (const res of hung) res.socket?.destroy();
      for (const { res } of frozenRequests.splice(0)) res.socket?.destroy();
      frozenFrames.length = 0;
      cutSockets();
      await stopListening();
    },
  };
}
