import WebSocket from 'ws';
import { type Api, type StartApiOptions, startApi } from '../api/support.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are read loosely; the assertions check their shape
export type Frame = any;

/**
 * A real client socket to the simulator's control websocket, with frames awaited by predicate and a
 * bounded wait: no test sleeps, each waits for what it expects or fails naming it.
 */
export interface Client {
  ws: WebSocket;
  /** Every frame received so far, parsed when JSON, else the text. */
  frames: unknown[];
  send(frame: unknown): void;
  /** The first frame not yet taken that matches `match`, within `ms`. */
  next(match: (frame: Frame) => boolean, what: string, ms?: number): Promise<Frame>;
  /** Resolves with the close code and reason. */
  closed(ms?: number): Promise<{ code: number; reason: string }>;
}

export const WAIT_MS = 5000;

export const ROUTES = ['/control/websocket', '/api/engine/v2/systems/control'] as const;

export function wsUrl(api: Api, path: string): string {
  return api.url.replace(/^http/, 'ws') + path;
}

export interface ConnectOptions {
  path?: string;
  token?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
}

/** Opens a socket; rejects with `{status, body}` when the handshake is refused. */
export function connect(api: Api, options: ConnectOptions = {}): Promise<Client> {
  const { path = ROUTES[1], token = api.tokens.user, cookie, headers = {} } = options;
  const url = wsUrl(api, path) + (token ? `?bearer_token=${encodeURIComponent(token)}` : '');
  const ws = new WebSocket(url, { headers: cookie ? { ...headers, cookie } : headers });
  const frames: unknown[] = [];
  // Frames a `next` has returned; others stay for later waits, whatever order they came in.
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  const closing = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => {
    const text = data.toString();
    let frame: unknown = text;
    try {
      frame = JSON.parse(text);
    } catch {}
    frames.push(frame);
    for (const wake of waiters) wake();
  });
  const client: Client = {
    ws,
    frames,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(match, what, ms = WAIT_MS) {
      return new Promise((resolve, reject) => {
        const look = () => {
          for (let i = 0; i < frames.length; i += 1) {
            if (!taken.has(i) && match(frames[i])) {
              taken.add(i);
              waiters.delete(look);
              clearTimeout(timer);
              resolve(frames[i]);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(
              `no ${what} within ${ms} ms; frames: ${JSON.stringify(frames.filter((_, i) => !taken.has(i)))}`,
            ),
          );
        }, ms);
        waiters.add(look);
        look();
      });
    },
    closed(ms = WAIT_MS) {
      return Promise.race([
        closing,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`socket not closed within ${ms} ms`)), ms),
        ),
      ]);
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {}
        reject({ status: response.statusCode, body: parsed });
      });
    });
    ws.once('error', (error) => reject(error));
  });
}

/** The handshake's refusal, or a failure when it was accepted. */
export async function refused(promise: Promise<Client>): Promise<{ status: number; body: Frame }> {
  try {
    const client = await promise;
    client.ws.close();
  } catch (error) {
    return error as { status: number; body: Frame };
  }
  throw new Error('the handshake was accepted');
}

export const startRealtimeApi = (options: StartApiOptions = {}) => startApi({ socket: true, ...options });

let ids = 1000;
export const nextId = () => {
  ids += 1;
  return ids;
};
