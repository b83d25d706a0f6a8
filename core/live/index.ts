import { type Clock, systemClock } from '../api/clock.ts';
import { ConfigError, type RoomdeckError } from '../api/errors.ts';
import { MAX_EXEC_TIMEOUT_MS } from '../api/dialects/dialect.ts';
import { EXEC_ANSWER_MS } from '../api/exec-deadline.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import type { Log } from '../log/log.ts';
import { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.ts';
import { Connection, type LiveHealth } from './connection.ts';
import type { LiveFeeds } from './feeds.ts';
import { DEFAULT_KEEPALIVE, type KeepaliveOptions } from './keepalive.ts';
import { type ReadState, SocketFeeds } from './live-feeds.ts';

export type { LiveFeeds } from './feeds.ts';
export type { LiveHealth } from './connection.ts';
export type { ReadState } from './live-feeds.ts';

/** The socket's route in each generation (realtime.md §1). */
export const SOCKET_PATHS = {
  legacy: '/control/websocket',
  current: '/api/engine/v2/systems/control',
} as const;

export interface LiveFeedsOptions {
  /** The service's base URL (http: only for a loopback host; https: otherwise). */
  serviceUrl: string;
  /** The socket's route for the service's generation (SOCKET_PATHS). */
  socketPath: string;
  tokens: AccessTokenSource;
  /** One HTTP read of a module's state (the client's systemState, values as the panel reads them). */
  readState: ReadState;
  clock?: Clock;
  /** In [0, 1): the reconnect jitter. */
  random?: () => number;
  log?: Pick<Log, 'info' | 'warn'>;
  /**
   * Every pong's round trip and every failure of the socket, for the link-health model:
   * `answered` → LinkHealth.answered(), `failed` → LinkHealth.failed(error).
   */
  onHealth?: (report: LiveHealth) => void;
  /** An exec unanswered this long has the link probed (default EXEC_ANSWER_MS, 3 s). */
  execDoubtMs?: number;
  /** An exec over a link that still answers waits this long for its answer (default 25 s, as HTTP). */
  execTimeoutMs?: number;
  /** bind, unbind, debug, ignore wait this long (default 5 s). */
  requestTimeoutMs?: number;
  backoff?: BackoffOptions;
  keepalive?: Partial<KeepaliveOptions>;
  handshakeTimeoutMs?: number;
}

const silent = { info() {}, warn() {} };

/**
 * The main process's live channel: one control websocket per service and session (opened when a
 * page first watches something), the pages' watch lists bound on it, changes as LiveEvents.
 */
export function createLiveFeeds(options: LiveFeedsOptions): LiveFeeds {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const onHealth = options.onHealth ?? (() => {});
  const target = socketUrl(options.serviceUrl, options.socketPath);
  return new SocketFeeds({
    readState: options.readState,
    clock,
    random,
    log: options.log ?? silent,
    execDoubtMs: options.execDoubtMs ?? EXEC_ANSWER_MS,
    execTimeoutMs: options.execTimeoutMs ?? MAX_EXEC_TIMEOUT_MS,
    requestTimeoutMs: options.requestTimeoutMs ?? 5_000,
    ...(typeof target === 'string' ? {} : { refused: target }),
    connection: (hooks) =>
      new Connection({
        url: typeof target === 'string' ? target : 'ws://invalid.invalid/',
        tokens: options.tokens,
        clock,
        random,
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        keepalive: { ...DEFAULT_KEEPALIVE, ...options.keepalive },
        handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
        onHealth,
        ...hooks,
      }),
  });
}

/**
 * ws:// for an http service, wss:// for https. A bearer token never crosses a network in clear: a
 * plain socket is allowed only to a loopback host (the simulator, a local gateway); otherwise the
 * error says why there is no socket (and the page polls).
 */
export function socketUrl(serviceUrl: string, socketPath: string): string | RoomdeckError {
  let url: URL;
  try {
    url = new URL(serviceUrl.replace(/\/+$/, '') + socketPath);
  } catch (error) {
    return new ConfigError({ cause: error });
  }
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') {
    if (!isLoopback(url.hostname))
      return new ConfigError({ cause: 'a plain ws:// socket is allowed only to a loopback host' });
    url.protocol = 'ws:';
  } else return new ConfigError({ cause: `unsupported scheme ${url.protocol}` });
  // Credentials go in the Authorization header only; a URL is logged by every proxy on the way.
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  return url.href;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
