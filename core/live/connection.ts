import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock, TimerHandle } from '../api/clock.ts';
import { AuthError, isRoomdeckError, LinkError, type RoomdeckError, ServiceError } from '../api/errors.ts';
import type { AccessTokenSource } from '../api/transport.ts';
import { type BackoffOptions, reconnectDelay } from './backoff.ts';
import type { ServerFrame } from './frames.ts';
import type { KeepaliveOptions } from './keepalive.ts';
import { CLOSE_REVOKED, HandshakeRefused, LiveSocket } from './socket.ts';

/**
 * Keeps one control websocket up: asks the Session for a token, opens the socket, renews the token
 * once when the handshake is answered 401 or the socket is closed 4401 (revoked), and after any
 * failure tries again after a jittered, growing delay (backoff.ts). It never signs anyone out: a
 * token the Session cannot renew makes getAccessToken throw, and that is only the reason we poll.
 */

/** What the link-health model hears from the socket (core/link/health.ts: answered() / failed()). */
export type LiveHealth = { kind: 'answered'; roundTripMs: number } | { kind: 'failed'; error: RoomdeckError };

export interface ConnectionOptions {
  url: string;
  tokens: AccessTokenSource;
  clock: Clock;
  random: () => number;
  backoff: BackoffOptions;
  keepalive: KeepaliveOptions;
  handshakeTimeoutMs: number;
  onOpen(socket: LiveSocket): void;
  /** The socket (or an attempt at one) failed; another attempt is scheduled. */
  onDown(reason: RoomdeckError): void;
  onFrame(frame: ServerFrame): void;
  onHealth(report: LiveHealth): void;
}

export class Connection {
  readonly #options: ConnectionOptions;
  #socket: LiveSocket | null = null;
  #started = false;
  #closed = false;
  #connecting = false;
  /** Attempts failed in a row since the last open socket. */
  #failures = 0;
  #retry: TimerHandle | undefined;
  #nextId = 1;
  #active = false;

  constructor(options: ConnectionOptions) {
    this.#options = options;
  }

  /** Whether the room is in use: the socket's heartbeat follows it (keepalive.ts). */
  setActive(active: boolean): void {
    this.#active = active;
    this.#socket?.setActive(active);
  }

  /** The open socket, if there is one. */
  get socket(): LiveSocket | null {
    return this.#socket?.open ? this.#socket : null;
  }

  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    void this.#attempt();
  }

  close(): void {
    this.#closed = true;
    this.#options.clock.clearTimeout(this.#retry);
    this.#socket?.close();
    this.#socket = null;
  }

  async #attempt(): Promise<void> {
    if (this.#closed || this.#connecting) return;
    this.#connecting = true;
    try {
      const socket = await this.#open();
      if (this.#closed) return socket.close();
      this.#failures = 0;
      this.#socket = socket;
      socket.setActive(this.#active);
      this.#options.tokens.onTokenAccepted?.();
      this.#options.onOpen(socket);
    } catch (error) {
      if (this.#closed) return;
      const reason = asRoomdeckError(error);
      this.#report(reason);
      this.#options.onDown(reason);
      this.#schedule(this.#failures + 1);
    } finally {
      this.#connecting = false;
    }
  }

  /** One attempt, with one token renewal when the handshake is answered 401 (RFC 6750 §3.1). */
  async #open(): Promise<LiveSocket> {
    const { tokens } = this.#options;
    let token = await tokens.getAccessToken();
    try {
      return await this.#connect(token);
    } catch (error) {
      if (!(error instanceof HandshakeRefused && error.status === 401)) throw error;
    }
    await tokens.onUnauthorized(token);
    token = await tokens.getAccessToken();
    try {
      return await this.#connect(token);
    } catch (error) {
      if (!(error instanceof HandshakeRefused && error.status === 401)) throw error;
      // Even a renewed token refused: reported as HTTP's transport does; the Session decides what it means.
      const refused = new AuthError(ErrorCode.ROOMDECK_AUTH_REQUIRED, { cause: error });
      tokens.onTokenRefused?.(refused);
      throw new LinkError(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED, { cause: refused });
    }
  }

  #connect(token: string): Promise<LiveSocket> {
    const o = this.#options;
    return LiveSocket.open({
      url: o.url,
      token,
      clock: o.clock,
      keepalive: o.keepalive,
      random: o.random,
      handshakeTimeoutMs: o.handshakeTimeoutMs,
      nextId: () => this.#nextId++,
      onFrame: (frame) => o.onFrame(frame),
      onRoundTrip: (roundTripMs) => o.onHealth({ kind: 'answered', roundTripMs }),
      onClosed: (reason, code) => this.#lost(token, reason, code),
    });
  }

  #lost(token: string, reason: RoomdeckError, code: number | null): void {
    this.#socket = null;
    if (this.#closed) return;
    this.#options.onDown(reason);
    if (code === CLOSE_REVOKED) {
      // Revoked while open: renew as for a 401, then come straight back (no back-off: not an outage).
      void this.#options.tokens
        .onUnauthorized(token)
        .catch(() => {})
        .then(() => this.#attempt());
      return;
    }
    this.#report(reason);
    this.#schedule(0);
  }

  #report(reason: RoomdeckError): void {
    this.#options.onHealth({ kind: 'failed', error: reason });
  }

  #schedule(failures: number): void {
    this.#failures = failures;
    this.#options.clock.clearTimeout(this.#retry);
    const delay = reconnectDelay(failures, this.#options.random, this.#options.backoff);
    this.#retry = this.#options.clock.setTimeout(() => void this.#attempt(), delay);
  }
}

/** Why an attempt failed, as a code the panel knows. */
function asRoomdeckError(error: unknown): RoomdeckError {
  if (isRoomdeckError(error)) return error;
  if (error instanceof HandshakeRefused) {
    if (error.status === 403) return new AuthError(ErrorCode.ROOMDECK_FORBIDDEN, { cause: error });
    if (error.status >= 500)
      return new ServiceError(ErrorCode.ROOMDECK_SERVER_ERROR, error.status, { cause: error });
    // A service (or a proxy in front of it) that does not serve the socket at this path.
    return new ServiceError(ErrorCode.ROOMDECK_BAD_RESPONSE, error.status, { cause: error });
  }
  return new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: error });
}
