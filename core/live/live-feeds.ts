import type { LiveEvent, LiveStatus, LiveTarget, ModuleState } from '../../contract/types.ts';
import type { CallOptions, ExecCall } from '../api/calls.ts';
import type { Clock, TimerHandle } from '../api/clock.ts';
import { type RoomdeckError, toBridgeError } from '../api/errors.ts';
import type { Log } from '../log/log.ts';
import { reconnectDelay } from './backoff.ts';
import { WatchLists } from './bindings.ts';
import type { Connection } from './connection.ts';
import { DebugStreams } from './debug-streams.ts';
import type { LiveFeeds } from './feeds.ts';
import { type ModuleKey, moduleKeyOf, type ServerFrame } from './frames.ts';
import { ModuleFeed } from './module-feed.ts';
import type { LiveSocket } from './socket.ts';

/** One HTTP read of a module's whole state (the client's systemState, values as the panel reads them). */
export type ReadState = (systemId: string, target: LiveTarget, signal?: AbortSignal) => Promise<ModuleState>;

export interface FeedsDeps {
  connection: (hooks: {
    onOpen(socket: LiveSocket): void;
    onDown(reason: RoomdeckError): void;
    onFrame(frame: ServerFrame): void;
  }) => Connection;
  readState: ReadState;
  clock: Clock;
  random: () => number;
  log: Pick<Log, 'info' | 'warn'>;
  execTimeoutMs: number;
  /** An exec unanswered this long has its link probed (exec-deadline.ts). */
  execDoubtMs: number;
  requestTimeoutMs: number;
  /** Set when the configuration forbids a socket (plain ws to a remote host): always polling. */
  refused?: RoomdeckError;
  /**
   * Runs `flush` a moment later (COALESCE_MS on a real timer by default): the notifies of one burst
   * reach the page as one state event per module, not one per frame.
   */
  defer?: (flush: () => void) => void;
}

/**
 * Status keys one module may have bound: a real module has tens; a service that names thousands
 * must not make the main process bind, hold and send them all.
 */
export const MAX_KEYS_PER_MODULE = 256;

/**
 * How long a module's changes are gathered before the page is sent its state: short enough that
 * nobody sees it (a frame at 60 Hz), long enough that a burst of notifies (a room starting: power,
 * input, levels; a hostile flood) costs one copy and one message to the page.
 */
export const COALESCE_MS = 16;

const coalesce = (flush: () => void): void => {
  setTimeout(flush, COALESCE_MS);
};

/**
 * The LiveFeeds (feeds.ts): the pages' watch lists turned into bindings on one socket, and the
 * socket's notifies turned into whole-state events. A module's values reach the page only when
 * fresh: read whole over HTTP on the current socket, with every notify since laid over it.
 */
export class SocketFeeds implements LiveFeeds {
  readonly #deps: FeedsDeps;
  readonly #lists = new WatchLists();
  readonly #modules = new Map<string, { key: ModuleKey; feed: ModuleFeed }>();
  /** Bind request ids of the current socket → the key they bound (a notify may come without meta, D6). */
  readonly #bindIds = new Map<number | string, { module: string; name: string }>();
  readonly #listeners = new Set<(event: LiveEvent) => void>();
  readonly #retries = new Map<string, TimerHandle>();
  readonly #debug: DebugStreams;
  readonly #connection: Connection;
  /** Watchers whose room is in use (their page said so): the heartbeat follows (keepalive.ts). */
  readonly #active = new Set<string>();
  /** Modules whose state changed since the page was last sent it (flushed together, see defer). */
  readonly #dirty = new Map<string, { key: ModuleKey; feed: ModuleFeed }>();
  #flushing = false;
  #status: LiveStatus = { mode: 'polling' };
  #socket: LiveSocket | null = null;
  #closed = false;

  constructor(deps: FeedsDeps) {
    this.#deps = deps;
    if (deps.refused !== undefined) this.#status = { mode: 'polling', reason: deps.refused.code };
    this.#connection = deps.connection({
      onOpen: (socket) => this.#opened(socket),
      onDown: (reason) => this.#down(reason),
      onFrame: (frame) => this.#frame(frame),
    });
    this.#debug = new DebugStreams({
      socket: () => this.#socket,
      timeoutMs: deps.requestTimeoutMs,
      emit: (event) => this.#emit(event),
      clock: deps.clock,
      log: deps.log,
    });
  }

  status(): LiveStatus {
    return { ...this.#status };
  }

  watch(watcher: string, systemId: string, targets: readonly LiveTarget[], active = false): LiveStatus {
    if (this.#closed) return this.status();
    this.#setActive(watcher, active && targets.length > 0);
    const keys = targets.map((t) => ({ sys: systemId, mod: t.module, index: t.index }));
    const { added, removed } = this.#lists.set(watcher, keys);
    for (const key of removed) this.#drop(key);
    // A module another page already watches is bound and fresh: this page gets its state now
    // rather than at its next change (events go to every page; a page takes what it watches).
    const fresh = new Set(added.map(moduleKeyOf));
    for (const key of keys) {
      const entry = this.#modules.get(moduleKeyOf(key));
      if (entry !== undefined && !fresh.has(moduleKeyOf(key)) && entry.feed.fresh)
        this.#emitState(entry.key, entry.feed.state());
    }
    for (const key of added) {
      const entry = { key, feed: new ModuleFeed() };
      this.#modules.set(moduleKeyOf(key), entry);
      // Read first (it names the keys), then bind them.
      if (this.#socket !== null && this.#status.mode === 'push')
        void this.#read(entry, entry.feed.generation);
    }
    if (this.#lists.size > 0 && this.#deps.refused === undefined) this.#connection.start();
    return this.status();
  }

  forget(watcher: string): void {
    this.#setActive(watcher, false);
    for (const key of this.#lists.forget(watcher)) this.#drop(key);
    this.#debug.forget(watcher);
  }

  async debug(watcher: string, systemId: string, target: LiveTarget): Promise<void> {
    const allowed = this.#deps.refused === undefined && !this.#closed;
    if (allowed) this.#connection.start();
    // A socket being opened (a session just signed in) is waited for; a refused one is not.
    await this.#debug.follow(watcher, { sys: systemId, mod: target.module, index: target.index }, allowed);
  }

  async ignore(watcher: string, systemId: string, target: LiveTarget): Promise<void> {
    await this.#debug.release(watcher, { sys: systemId, mod: target.module, index: target.index });
  }

  exec(systemId: string, call: ExecCall, options?: CallOptions): Promise<unknown> | undefined {
    const socket = this.#socket;
    if (socket === null || !socket.open) return undefined;
    const target = { sys: systemId, mod: call.module, index: call.index ?? 1 };
    return socket.request('exec', target, call.method, this.#deps.execTimeoutMs, {
      args: call.args ?? [],
      signal: options?.signal,
      doubtMs: this.#deps.execDoubtMs,
    });
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#retries.values()) this.#deps.clock.clearTimeout(timer);
    this.#retries.clear();
    this.#connection.close();
    this.#socket = null;
    this.#modules.clear();
    this.#dirty.clear();
    this.#listeners.clear();
    this.#status = { mode: 'polling' };
  }

  // ── The socket's life ─────────────────────────────────────────────────────────────────────────

  #opened(socket: LiveSocket): void {
    if (this.#closed) return;
    this.#socket = socket;
    this.#bindIds.clear();
    const entries = [...this.#modules.values()];
    // Values shown from before the socket was lost are no longer live (only modules once shown).
    for (const { key, feed } of entries) {
      if (feed.keys().length > 0)
        this.#emit({ type: 'stale', id: key.sys, module: key.mod, index: key.index });
      feed.reset();
    }
    // Push once the known keys are bound again; the reads follow and bring each module's state.
    const binds = entries.map(({ key, feed }) => this.#bindAll(socket, key, feed, feed.keys()));
    void Promise.all(binds).then((bound) => {
      if (this.#socket !== socket) return;
      this.#setStatus({ mode: 'push' });
      const refused = new Set(entries.filter((_, i) => !bound[i]));
      // Every module watched now, including those added while the binds were on their way.
      for (const entry of this.#modules.values()) {
        if (refused.has(entry)) this.#retry(entry, 1);
        else if (!entry.feed.fresh) void this.#read(entry, entry.feed.generation);
      }
    });
    this.#debug.renew();
  }

  #down(reason: RoomdeckError): void {
    if (this.#closed) return;
    this.#socket = null;
    this.#bindIds.clear();
    for (const timer of this.#retries.values()) this.#deps.clock.clearTimeout(timer);
    this.#retries.clear();
    for (const { feed } of this.#modules.values()) feed.reset();
    this.#setStatus({ mode: 'polling', reason: toBridgeError(reason).code });
    this.#deps.log.info('live socket down', { reason: reason.code });
  }

  #frame(frame: ServerFrame): void {
    if (frame.kind === 'notify') this.#notify(frame);
    else if (frame.kind === 'debug') this.#debug.line(frame);
  }

  #notify(frame: Extract<ServerFrame, { kind: 'notify' }>): void {
    const routed =
      frame.meta !== null
        ? { module: moduleKeyOf(frame.meta), name: frame.meta.name }
        : frame.id === null
          ? undefined
          : this.#bindIds.get(frame.id);
    if (routed === undefined) return;
    const entry = this.#modules.get(routed.module);
    // A key nobody bound is not ours to hold or pass on, whatever the service sends.
    if (entry === undefined || !entry.feed.bound.has(routed.name)) return;
    if (!entry.feed.notify(routed.name, frame.value)) return;
    this.#dirty.set(routed.module, entry);
    if (this.#flushing) return;
    this.#flushing = true;
    (this.#deps.defer ?? coalesce)(() => this.#flush());
  }

  /** Each module changed by the last burst of notifies, sent once with its whole state. */
  #flush(): void {
    this.#flushing = false;
    const dirty = [...this.#dirty.values()];
    this.#dirty.clear();
    for (const entry of dirty) {
      // Gone, or stale since (the socket was lost): its next fresh read speaks for it.
      if (this.#modules.get(moduleKeyOf(entry.key)) !== entry || !entry.feed.fresh) continue;
      this.#emitState(entry.key, entry.feed.state());
    }
  }

  #setActive(watcher: string, active: boolean): void {
    if (active) this.#active.add(watcher);
    else this.#active.delete(watcher);
    this.#connection.setActive(this.#active.size > 0);
  }

  // ── One module ───────────────────────────────────────────────────────────────────────────────

  async #read(entry: { key: ModuleKey; feed: ModuleFeed }, generation: number, attempt = 0): Promise<void> {
    const { key, feed } = entry;
    const socket = this.#socket;
    if (socket === null || feed.generation !== generation || this.#modules.get(moduleKeyOf(key)) !== entry)
      return;
    let state: ModuleState;
    // The notifies held so far tell of changes this read will see itself (see ModuleFeed).
    const asked = feed.readAsked();
    try {
      state = await this.#deps.readState(key.sys, { module: key.mod, index: key.index });
    } catch (error) {
      if (feed.generation !== generation || this.#socket !== socket) return;
      const code = toBridgeError(error).code;
      this.#deps.log.warn('live read failed', { systemId: key.sys, module: key.mod, index: key.index, code });
      return this.#retry(entry, attempt + 1);
    }
    const fresh = feed.read(generation, state, MAX_KEYS_PER_MODULE, asked);
    if (fresh === null || this.#socket !== socket) return;
    this.#emitState(key, fresh);
    // Keys the read showed that are not bound yet (all of them for a new module).
    if (!(await this.#bindAll(socket, key, feed, Object.keys(state)))) this.#retry(entry, attempt + 1);
  }

  /** Reads the module again later (a read or a bind failed); the page shows it as unknown meanwhile. */
  #retry(entry: { key: ModuleKey; feed: ModuleFeed }, attempt: number): void {
    const id = moduleKeyOf(entry.key);
    this.#deps.clock.clearTimeout(this.#retries.get(id));
    const generation = entry.feed.generation;
    this.#retries.set(
      id,
      this.#deps.clock.setTimeout(
        () => {
          this.#retries.delete(id);
          void this.#read(entry, generation, attempt);
        },
        reconnectDelay(attempt, this.#deps.random),
      ),
    );
  }

  /** Binds the keys not bound yet; false when one was refused (the module then is stale again). */
  async #bindAll(socket: LiveSocket, key: ModuleKey, feed: ModuleFeed, names: string[]): Promise<boolean> {
    const generation = feed.generation;
    const room = Math.max(0, MAX_KEYS_PER_MODULE - feed.bound.size);
    const unbound = names.filter((name) => !feed.bound.has(name)).slice(0, room);
    for (const name of unbound) feed.bound.add(name);
    const results = await Promise.allSettled(
      unbound.map((name) =>
        socket.request('bind', key, name, this.#deps.requestTimeoutMs, {
          // A notify may come without meta (D6): its id then says which key it is.
          onId: (id) => this.#bindIds.set(id, { module: moduleKeyOf(key), name }),
        }),
      ),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed === undefined || feed.generation !== generation || this.#socket !== socket) return true;
    // A key that cannot be bound would not be pushed: the module's values cannot be called live.
    const code = toBridgeError(failed.reason).code;
    this.#deps.log.warn('live bind refused', { systemId: key.sys, module: key.mod, index: key.index, code });
    this.#emit({ type: 'stale', id: key.sys, module: key.mod, index: key.index });
    feed.reset();
    return false;
  }

  /** Nobody watches the module any more: its keys are unbound and its state forgotten. */
  #drop(key: ModuleKey): void {
    const id = moduleKeyOf(key);
    const entry = this.#modules.get(id);
    if (entry === undefined) return;
    this.#modules.delete(id);
    this.#deps.clock.clearTimeout(this.#retries.get(id));
    this.#retries.delete(id);
    const names = [...entry.feed.bound];
    entry.feed.reset();
    const socket = this.#socket;
    if (socket === null) return;
    for (const name of names) {
      socket.request('unbind', key, name, this.#deps.requestTimeoutMs).catch(() => {
        // The socket died first: its bindings died with it.
      });
    }
  }

  #emitState(key: ModuleKey, state: ModuleState): void {
    this.#emit({ type: 'state', id: key.sys, module: key.mod, index: key.index, state });
  }

  #setStatus(next: LiveStatus): void {
    if (next.mode === this.#status.mode && next.reason === this.#status.reason) return;
    this.#status = next;
    this.#emit({ type: 'mode', ...next });
  }

  #emit(event: LiveEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#deps.log.warn('live listener failed', { error: String(error) });
      }
    }
  }
}
