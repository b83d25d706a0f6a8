import type { LiveEvent } from '../../contract/types.ts';
import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock } from '../api/clock.ts';
import { LinkError, toBridgeError } from '../api/errors.ts';
import type { Log } from '../log/log.ts';
import { type ModuleKey, moduleKeyOf, type ServerFrame } from './frames.ts';
import type { LiveSocket } from './socket.ts';

interface Stream {
  key: ModuleKey;
  watchers: Set<string>;
  /** The debug request id on the current socket (a line may come without meta). */
  id: number | null;
}

export interface DebugStreamsDeps {
  socket(): LiveSocket | null;
  timeoutMs: number;
  emit(event: LiveEvent): void;
  clock: Clock;
  log: Pick<Log, 'warn'>;
}

/** `name` is required for every command (realtime.md §3.1); for debug it means nothing. */
const DEBUG_NAME = 'debug';

/**
 * Modules' debug streams (their log lines) for the technician tools: followed once on the socket
 * however many watchers follow them, renewed after a reconnect, ignored when the last one leaves.
 * The service refuses them to a plain user (error 2 → ROOMDECK_FORBIDDEN, D10).
 */
export class DebugStreams {
  readonly #streams = new Map<string, Stream>();

  constructor(private readonly deps: DebugStreamsDeps) {}

  /**
   * `waitForSocket`: the socket is on its way (a session just signed in, a reconnect): the request
   * waits for it up to the request's own deadline instead of failing at once.
   */
  async follow(watcher: string, key: ModuleKey, waitForSocket = false): Promise<void> {
    const id = moduleKeyOf(key);
    const existing = this.#streams.get(id);
    if (existing !== undefined && existing.id !== null) {
      existing.watchers.add(watcher);
      return;
    }
    const socket = waitForSocket ? await this.#socketWithin(this.deps.timeoutMs) : this.deps.socket();
    if (socket === null) throw new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: 'no control socket' });
    let requestId: number | null = null;
    await socket.request('debug', key, DEBUG_NAME, this.deps.timeoutMs, {
      onId: (sent) => {
        requestId = sent;
      },
    });
    const stream = this.#streams.get(id) ?? { key, watchers: new Set<string>(), id: null };
    stream.id = requestId;
    stream.watchers.add(watcher);
    this.#streams.set(id, stream);
  }

  async #socketWithin(ms: number): Promise<LiveSocket | null> {
    const { clock } = this.deps;
    const until = clock.now() + ms;
    let socket = this.deps.socket();
    while (socket === null && clock.now() < until) {
      await new Promise<void>((resolve) => clock.setTimeout(resolve, 100));
      socket = this.deps.socket();
    }
    return socket;
  }

  async release(watcher: string, key: ModuleKey): Promise<void> {
    const id = moduleKeyOf(key);
    const stream = this.#streams.get(id);
    if (stream === undefined || !stream.watchers.delete(watcher) || stream.watchers.size > 0) return;
    this.#streams.delete(id);
    const socket = this.deps.socket();
    if (socket === null || stream.id === null) return;
    await socket.request('ignore', key, DEBUG_NAME, this.deps.timeoutMs).catch((error: unknown) => {
      // The stream dies with the socket anyway; nothing the technician must act on.
      this.deps.log.warn('live ignore failed', { code: toBridgeError(error).code });
    });
  }

  forget(watcher: string): void {
    for (const stream of [...this.#streams.values()]) {
      if (stream.watchers.has(watcher)) void this.release(watcher, stream.key);
    }
  }

  /** A new socket: follow every stream again (the old socket's died with it, §4.6). */
  renew(): void {
    const socket = this.deps.socket();
    if (socket === null) return;
    for (const stream of this.#streams.values()) {
      stream.id = null;
      socket
        .request('debug', stream.key, DEBUG_NAME, this.deps.timeoutMs, {
          onId: (sent) => {
            stream.id = sent;
          },
        })
        .catch((error: unknown) => {
          stream.id = null;
          this.deps.log.warn('live debug renewal failed', { code: toBridgeError(error).code });
        });
    }
  }

  line(frame: Extract<ServerFrame, { kind: 'debug' }>): void {
    const stream =
      frame.meta !== null
        ? this.#streams.get(moduleKeyOf(frame.meta))
        : [...this.#streams.values()].find((s) => s.id !== null && s.id === frame.id);
    if (stream === undefined) return;
    this.deps.emit({
      type: 'debug',
      id: stream.key.sys,
      module: stream.key.mod,
      index: stream.key.index,
      level: frame.level,
      message: frame.msg,
      at: this.deps.clock.now(),
    });
  }
}
