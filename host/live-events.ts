import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/error-codes.ts';
import type { BridgeErrorBody } from '../contract/errors.ts';
import type { LiveEvent } from '../contract/types.ts';
import { EventBacklog } from '../core/bridge/event-backlog.ts';
import type { LiveRoute } from '../core/bridge/live-channel.ts';

/*
 * The browser host's live events: `GET /bridge/events?watcher=…` as Server-Sent Events,
 * one stream per page, carrying the route's LiveEvents as `data:` lines of JSON. Registered inside
 * the HTTP bridge's plugin (bridge-http.ts), so the same gates run before it: this machine only,
 * the page's own origin, the session's cookie and its page key (here in the query, where
 * EventSource can carry it). The stream ends with the page; its watcher is forgotten then.
 */

/** Where a watcher's stream path lives below the bridge's prefix (contract LIVE_EVENTS_PATH). */
export const EVENTS_ROUTE = '/bridge/events';

/** A heartbeat comment this often keeps proxies and idle timers from cutting a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/** Streams one browser session may hold at once (its tabs and reconnects); more are refused. */
export const MAX_STREAMS_PER_SESSION = 8;

/** How long a browser waits before it reconnects a dropped stream (the SSE `retry:` field). */
const RETRY_MS = 2_000;

const WATCHER = /^[A-Za-z0-9_-]{8,64}$/;

export interface LiveEventsOptions {
  /** The route's live channel (none: the stream stays open and quiet; the page polls). */
  live: () => LiveRoute | undefined;
  /** The browser session a request belongs to (its cookie), for the cap; set by the bridge's gate. */
  sessionOf: (request: FastifyRequest) => string;
  heartbeatMs?: number;
  maxStreams?: number;
}

interface Stream {
  session: string;
  close(): void;
}

const refuse = (reply: FastifyReply, status: number, error: BridgeErrorBody): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').send({ ok: false, error });

/** One SSE frame: JSON never holds a raw newline, so one `data:` line carries the whole event. */
const frame = (event: LiveEvent): string => `data: ${JSON.stringify(event)}\n\n`;

export async function liveEvents(app: FastifyInstance, options: LiveEventsOptions): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreams = options.maxStreams ?? MAX_STREAMS_PER_SESSION;
  /** Open streams by watcher: a page that reconnects replaces its own stream, never adds one. */
  const streams = new Map<string, Stream>();

  app.get<{ Querystring: Record<string, unknown> }>(EVENTS_ROUTE, async (request, reply) => {
    const watcher = request.query.watcher;
    if (typeof watcher !== 'string' || !WATCHER.test(watcher)) {
      return refuse(reply, 400, {
        code: ErrorCode.ROOMDECK_BRIDGE_INVALID_ARGS,
        message: 'The event stream needs a watcher: 8 to 64 letters, digits, "-" or "_".',
      });
    }
    const session = options.sessionOf(request);
    const previous = streams.get(watcher);
    // Another browser session naming this watcher takes nothing over: each page's id is its own.
    if (previous !== undefined && previous.session !== session) {
      return refuse(reply, 409, {
        code: ErrorCode.ROOMDECK_BRIDGE_FORBIDDEN,
        message: 'This event stream belongs to another page. Reload the page.',
      });
    }
    const held = [...streams.values()].filter((s) => s.session === session).length;
    if (previous === undefined && held >= maxStreams) {
      return refuse(reply, 429, {
        code: ErrorCode.ROOMDECK_BRIDGE_FORBIDDEN,
        message: `Too many Roomdeck tabs are open in this browser (at most ${maxStreams}). Close some and reload this one.`,
      });
    }
    previous?.close();

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const live = options.live();
    // A page slower than the events (its socket's buffer full) is sent the newest of each instead
    // of everything: what waits for it is bounded (EventBacklog), not the service's pace.
    const backlog = new EventBacklog();
    let full = false;
    const send = (event: LiveEvent) => {
      if (full) backlog.push(event);
      else if (!raw.write(frame(event))) full = true;
    };
    raw.on('drain', () => {
      full = false;
      for (const event of backlog.take()) send(event);
    });
    const unsubscribe = live?.subscribe(send) ?? (() => undefined);
    // Where things stand first: a page whose stream was down polled meanwhile and learns here
    // whether it may stop (changes still come as `state` events; a module is polled until one does).
    send({ type: 'mode', ...(live?.status() ?? { mode: 'polling' }) });
    const heartbeat = setInterval(() => {
      // A stream with data waiting is not idle: no heartbeat needed.
      if (!full) raw.write(': heartbeat\n\n');
    }, heartbeatMs);
    heartbeat.unref();
    let replaced = false;
    const stream: Stream = {
      session,
      close: () => {
        replaced = true;
        raw.end();
      },
    };
    streams.set(watcher, stream);
    raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      if (streams.get(watcher) === stream) streams.delete(watcher);
      // A replaced stream's page lives on in the new one: its watch list stays.
      if (!replaced) options.live()?.forget(watcher);
    });
  });

  // Before the server waits for its connections to end: an open stream would never end by itself.
  app.addHook('preClose', async () => {
    for (const stream of streams.values()) stream.close();
  });
}
