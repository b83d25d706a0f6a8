import { type Caller, DEFAULT_MAX_PENDING, type FrameSink, type Reader, Session } from './session.ts';
import type { LiveSource, Resolved } from './source.ts';

export interface HubOptions {
  /** How often bound time-driven values (a warm-up's countdown) are re-read, ms. */
  tickMs: number;
  /** Bindings one socket may hold; one more is refused with error 3. */
  maxBindings: number;
  /** Frames one socket may have waiting for their answers; one more is refused with error 3. */
  maxPending: number;
  /** D11: an unsolicited text `pong` to every socket this often, ms; 0 = never. */
  pongEveryMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  tickMs: 1000,
  maxBindings: 1000,
  maxPending: DEFAULT_MAX_PENDING,
  pongEveryMs: 80_000,
};

/** D2: a revoked token's sockets close with this code. */
export const CLOSE_REVOKED = 4401;

/**
 * Every open socket of the simulator, and the one subscriber to its live-state seam: after a change
 * (coalesced to one pass per turn of the event loop) each session checks its bindings. State that
 * changes with time alone is only brought up to date when read, so while anything is bound a tick
 * re-reads the time-driven modules.
 */
export class Hub {
  readonly #sessions = new Set<Session>();
  readonly #unsubscribe: () => void;
  #pending = false;
  #inPass = false;
  #tick: ReturnType<typeof setInterval> | undefined;
  #pong: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(
    private readonly source: LiveSource,
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {
    this.#unsubscribe = source.onChange(() => this.#schedule());
    source.onAuthChange(() => this.#checkTokens());
    if (options.pongEveryMs > 0) {
      this.#pong = setInterval(() => {
        for (const session of this.#sessions) session.sendText('pong');
      }, options.pongEveryMs);
      this.#pong.unref();
    }
  }

  get size(): number {
    return this.#sessions.size;
  }

  open(socket: FrameSink, caller: Caller): Session {
    const session = new Session(
      socket,
      this.source,
      caller,
      this.options.maxBindings,
      this.options.maxPending,
    );
    this.#sessions.add(session);
    this.#startTick();
    return session;
  }

  closed(session: Session): void {
    session.closed();
    this.#sessions.delete(session);
    if (this.#sessions.size === 0) this.#stopTick();
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    this.#stopTick();
    clearInterval(this.#pong);
  }

  #schedule(): void {
    // A pass's own reads bring time-driven state up to date, which records a change; what they
    // changed is what the pass is sending, so it schedules no other pass (no self-feeding loop).
    if (this.#pending || this.#closed || this.#inPass) return;
    this.#pending = true;
    // Changes come in bursts (a room command moves several devices): one pass per turn of the loop.
    setImmediate(() => {
      this.#pending = false;
      this.#pass(false);
    });
  }

  #pass(timeOnly: boolean): void {
    if (this.#closed) return;
    const cache = new Map<string, Resolved | null>();
    const read: Reader = (sys, mod, index) => {
      const key = JSON.stringify([sys, mod, index]);
      let resolved = cache.get(key);
      if (resolved === undefined) {
        resolved = this.source.resolve(sys, mod, index);
        cache.set(key, resolved);
      }
      return resolved;
    };
    this.#inPass = true;
    try {
      for (const session of this.#sessions) {
        try {
          session.check(read, timeOnly);
        } catch {
          // One socket's failure (a send on a dying socket) must not starve the others.
        }
      }
    } finally {
      this.#inPass = false;
    }
  }

  #startTick(): void {
    if (this.#tick || this.options.tickMs <= 0) return;
    this.#tick = setInterval(() => this.#pass(true), this.options.tickMs);
    this.#tick.unref();
  }

  #stopTick(): void {
    clearInterval(this.#tick);
    this.#tick = undefined;
  }

  /** D2: a token that died before its expiry was revoked; its sockets close. */
  #checkTokens(): void {
    const now = this.source.now();
    for (const session of this.#sessions) {
      const { token, expiresAt } = session.caller;
      if (now < expiresAt && this.source.tokenExpiresAt(token) === null) {
        session.close(CLOSE_REVOKED, 'the access token was revoked');
        this.#sessions.delete(session);
      }
    }
  }
}
