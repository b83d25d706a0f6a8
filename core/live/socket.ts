import type WebSocket from 'ws';
import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock, TimerHandle } from '../api/clock.ts';
import { LinkError, type RoomdeckError } from '../api/errors.ts';
import { unansweredError } from '../api/exec-deadline.ts';
import { errorFromFrame, lostError, timeoutError } from './errors.ts';
import {
  type Command,
  type ModuleKey,
  parseServerFrame,
  type RequestFrame,
  type ServerFrame,
} from './frames.ts';
import { Keepalive, type KeepaliveOptions } from './keepalive.ts';

/**
 * One control websocket: the handshake (the credential in the Authorization header, never in the
 * URL: URLs end up in logs), requests matched to their answers by id with a deadline each, the
 * heartbeat, and everything else handed up. It never reconnects itself: connection.ts does.
 */

/** A handshake the service answered with an HTTP status instead of the upgrade. */
export class HandshakeRefused extends Error {
  override name = 'HandshakeRefused';
  constructor(readonly status: number) {
    super(`the control socket's handshake was answered ${status}`);
  }
}

export interface SocketOptions {
  url: string;
  token: string;
  clock: Clock;
  keepalive: KeepaliveOptions;
  random: () => number;
  /** How long the handshake may take before the attempt counts as failed. */
  handshakeTimeoutMs: number;
  nextId: () => number;
  /** Frames that are not answers: notifies, debug lines. */
  onFrame(frame: ServerFrame): void;
  onRoundTrip(roundTripMs: number): void;
  /** Once, when the socket is gone after it opened: why, and the close code when there was one. */
  onClosed(reason: RoomdeckError, code: number | null): void;
}

interface Pending {
  command: Command;
  resolve(value: unknown): void;
  reject(error: RoomdeckError): void;
  timer: TimerHandle;
  /** The press was doubted (unanswered past its doubt time) and the link probed. */
  doubt?: { timer: TimerHandle; doubted: boolean; afterMs: number };
  detach(): void;
}

/** Close code a revoked token's sockets get (realtime.md D2). */
export const CLOSE_REVOKED = 4401;
/** Incoming frames larger than this close the socket (a state value is small; this bounds memory). */
const MAX_PAYLOAD = 4 * 1024 * 1024;

export class LiveSocket {
  readonly #ws: WebSocket;
  readonly #options: SocketOptions;
  readonly #pending = new Map<number, Pending>();
  readonly #keepalive: Keepalive;
  #closed = false;

  private constructor(ws: WebSocket, options: SocketOptions) {
    this.#ws = ws;
    this.#options = options;
    this.#keepalive = new Keepalive(
      options.clock,
      {
        sendPing: () => this.#send('ping'),
        onRoundTrip: (ms) => options.onRoundTrip(ms),
        onHung: () =>
          this.#finish(
            new LinkError(ErrorCode.ROOMDECK_TIMEOUT, { cause: 'no pong within the deadline' }),
            null,
          ),
      },
      options.keepalive,
      options.random,
    );
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.#receive(data.toString());
    });
    ws.on('close', (code) =>
      this.#finish(
        code === CLOSE_REVOKED
          ? // Not the end of the session (the Session decides that): the token is renewed and the socket comes back.
            new LinkError(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED, {
              cause: 'the access token was revoked (4401)',
            })
          : new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: `the control socket closed (${code})` }),
        code,
      ),
    );
    ws.on('error', (error) =>
      this.#finish(new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: error }), null),
    );
    this.#keepalive.start();
  }

  /** Opens a socket; rejects with HandshakeRefused (an HTTP answer) or a LinkError. */
  static async open(options: SocketOptions): Promise<LiveSocket> {
    // The websocket client loads with the first socket: a host listens, and serves its first page,
    // without it.
    const { default: Client } = await import('ws');
    return new Promise((resolve, reject) => {
      const ws = new Client(options.url, {
        headers: { authorization: `Bearer ${options.token}` },
        maxPayload: MAX_PAYLOAD,
        // Never carry the credential to wherever a redirect points.
        followRedirects: false,
        perMessageDeflate: false,
        // One frame per turn of the event loop: a service that floods the socket cannot keep the
        // main process (its IPC, its windows) waiting while thousands of frames are read at once.
        allowSynchronousEvents: false,
      });
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        options.clock.clearTimeout(timer);
        ws.removeAllListeners();
        // Swallow what a dying socket still emits.
        ws.on('error', () => {});
        ws.terminate();
        reject(error);
      };
      const timer = options.clock.setTimeout(
        () => fail(new LinkError(ErrorCode.ROOMDECK_TIMEOUT, { cause: 'the handshake did not complete' })),
        options.handshakeTimeoutMs,
      );
      ws.once('unexpected-response', (_request, response) => {
        response.resume();
        fail(new HandshakeRefused(response.statusCode ?? 0));
      });
      ws.once('error', (error) => fail(new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: error })));
      ws.once('open', () => {
        if (settled) return;
        settled = true;
        options.clock.clearTimeout(timer);
        ws.removeAllListeners();
        resolve(new LiveSocket(ws, options));
      });
    });
  }

  get open(): boolean {
    return !this.#closed;
  }

  /** The room is in use (or not): the heartbeat's cadence follows (keepalive.ts). */
  setActive(active: boolean): void {
    this.#keepalive.setActive(active);
  }

  /**
   * Sends one request and resolves with its answer's `value`; rejects with the typed error of an
   * error frame, of our own deadline, of the caller's signal, or of the socket closing first.
   */
  request(
    command: Command,
    target: ModuleKey,
    name: string,
    timeoutMs: number,
    options: {
      args?: unknown[];
      signal?: AbortSignal | undefined;
      onId?: (id: number) => void;
      /**
       * Unanswered this long, the link is probed at once (a ping with a short deadline): a socket
       * that does not pong either is closed and the request fails as unanswered (exec-deadline.ts);
       * one that pongs is a service still working on it, left to answer within `timeoutMs`.
       */
      doubtMs?: number;
    } = {},
  ): Promise<unknown> {
    if (this.#closed) return Promise.reject(lostError(command));
    if (options.signal?.aborted) return Promise.reject(cancelled());
    const id = this.#options.nextId();
    const frame: RequestFrame = { id, cmd: command, ...target, name };
    if (command === 'exec') frame.args = options.args ?? [];
    options.onId?.(id);
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#settle(id)?.reject(cancelled());
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const timer = this.#options.clock.setTimeout(() => {
        const pending = this.#settle(id);
        if (pending === undefined) return;
        pending.reject(timeoutError(command, timeoutMs));
        // An answer that never came is a health signal: make sure the socket still carries frames.
        this.#keepalive.probe();
      }, timeoutMs);
      const doubtMs = options.doubtMs;
      const doubt =
        doubtMs === undefined || doubtMs >= timeoutMs
          ? undefined
          : {
              doubted: false,
              afterMs: doubtMs,
              timer: this.#options.clock.setTimeout(() => {
                const pending = this.#pending.get(id);
                if (pending?.doubt === undefined) return;
                pending.doubt.doubted = true;
                this.#keepalive.probe();
              }, doubtMs),
            };
      this.#pending.set(id, {
        command,
        resolve,
        reject,
        timer,
        ...(doubt === undefined ? {} : { doubt }),
        detach: () => options.signal?.removeEventListener('abort', onAbort),
      });
      this.#send(JSON.stringify(frame));
    });
  }

  /** Closes the socket (normal closure) and fails what is still waiting. */
  close(): void {
    this.#finish(new LinkError(ErrorCode.ROOMDECK_CANCELLED, { cause: 'closed by Roomdeck' }), 1000, true);
  }

  #send(text: string): void {
    if (this.#closed) return;
    try {
      this.#ws.send(text);
    } catch (error) {
      this.#finish(new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: error }), null);
    }
  }

  #settle(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    if (pending === undefined) return undefined;
    this.#pending.delete(id);
    this.#options.clock.clearTimeout(pending.timer);
    if (pending.doubt !== undefined) this.#options.clock.clearTimeout(pending.doubt.timer);
    pending.detach();
    return pending;
  }

  #receive(text: string): void {
    const frame = parseServerFrame(text);
    if (frame.kind === 'pong') {
      this.#keepalive.pong();
      return;
    }
    if (frame.kind === 'success' && typeof frame.id === 'number') {
      this.#settle(frame.id)?.resolve(frame.value);
      return;
    }
    if (frame.kind === 'error') {
      const pending = typeof frame.id === 'number' ? this.#settle(frame.id) : undefined;
      if (pending !== undefined) pending.reject(errorFromFrame(pending.command, frame.number, frame.msg));
      return;
    }
    this.#options.onFrame(frame);
  }

  #finish(reason: RoomdeckError, code: number | null, byUs = false): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#keepalive.stop();
    for (const [id, pending] of [...this.#pending]) {
      this.#settle(id);
      // A doubted press whose probe went unanswered (the socket closed as hung): the service did
      // not answer at all (told as such, never sent again); any other request lost with the socket
      // may have reached it.
      const unanswered = pending.doubt?.doubted === true && reason.code === ErrorCode.ROOMDECK_TIMEOUT;
      pending.reject(unanswered ? unansweredError(pending.doubt?.afterMs ?? 0) : lostError(pending.command));
    }
    this.#ws.removeAllListeners();
    this.#ws.on('error', () => {});
    // A hung or failed socket is cut at once; otherwise the closing handshake is ours to finish.
    if (code === null) this.#ws.terminate();
    else this.#ws.close();
    if (!byUs) this.#options.onClosed(reason, code);
  }
}

const cancelled = () => new LinkError(ErrorCode.ROOMDECK_CANCELLED, { cause: 'cancelled by the caller' });
