import { type Caller, DEFAULT_MAX_PENDING, type FrameSink, type Reader, Session } from './session.ts';
import { socketEnd } from './socket-life.ts';
import type { LiveSource, Resolved } from './source.ts';

export interface HubOptions {
  /** How often time-driven modules (a warm-up's countdown) are brought up to date and credentials checked, ms. */
  tickMs: number;
  /** Bindings one socket may hold; one more is refused with error 3. */
  maxBindings: number;
  /** Frames one socket may have waiting for their answers; one more is refused with error 3. */
  maxPending: number;
  /** D11: an unsolicited text `pong` to every socket this often, ms; 0 = never. */
  pongEveryMs: number;
  /** Longest life of a socket on one handshake's token, ms (socket-life.ts). */
  maxLifetimeMs: number;
  /** Sockets open at once on one access token; the next handshake is refused 429. */
  maxSocketsPerToken: number;
  /** Sockets open at once from one client address; the next handshake is refused 429. */
  maxSocketsPerAddress: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  tickMs: 1000,
  maxBindings: 1000,
  maxPending: DEFAULT_MAX_PENDING,
  pongEveryMs: 80_000,
  maxLifetimeMs: 60 * 60 * 1000,
  // A panel needs one socket per sign-in; a few more cover reconnects racing the old socket's close.
  maxSocketsPerToken: 8,
  // A building's panels each come from their own address; one computer may run several clients.
  maxSocketsPerAddress: 64,
};

/** D2: a socket whose credential no longer stands (revoked, expired, too old) closes with this code. */
export const CLOSE_REVOKED = 4401;

/** Who asks to open a socket, for the per-token and per-address caps. */
export interface Opener {
  token: string;
  address: string;
}

/**
 * Every open socket of the simulator, and the one subscriber to its live-state seam: after a change
 * (coalesced to one pass per turn of the event loop) each session checks its bindings. State that
 * changes with time alone is only brought up to date when read, so while a socket is open a tick
 * reads the time-driven modules; only a change they make costs a pass over the bindings.
 */
export class Hub {
  readonly #sessions = new Map<Session, Opener>();
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
    source.onAuthChange(() => this.#checkCredentials());
    if (options.pongEveryMs > 0) {
      this.#pong = setInterval(() => {
        for (const session of this.#sessions.keys()) session.sendText('pong');
      }, options.pongEveryMs);
      this.#pong.unref();
    }
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** Why a new socket for `opener` is refused (a cap reached), or null when it may open. */
  refusal(opener: Opener): string | null {
    let byToken = 0;
    let byAddress = 0;
    for (const other of this.#sessions.values()) {
      if (other.token === opener.token) byToken += 1;
      if (other.address === opener.address) byAddress += 1;
    }
    if (byToken >= this.options.maxSocketsPerToken)
      return `at most ${this.options.maxSocketsPerToken} sockets may be open on one access token`;
    if (byAddress >= this.options.maxSocketsPerAddress)
      return `at most ${this.options.maxSocketsPerAddress} sockets may be open from one address`;
    return null;
  }

  open(socket: FrameSink, caller: Caller, address: string): Session {
    const session = new Session(
      socket,
      this.source,
      caller,
      this.options.maxBindings,
      this.options.maxPending,
    );
    this.#sessions.set(session, { token: caller.token, address });
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
      this.#pass();
    });
  }

  #pass(): void {
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
      for (const session of this.#sessions.keys()) {
        try {
          session.check(read);
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
    this.#tick = setInterval(() => {
      this.#checkCredentials();
      // Work per module of the service, not per binding: a change it makes schedules the one pass.
      if (this.#sessions.size > 0) this.source.advanceTime();
    }, this.options.tickMs);
    this.#tick.unref();
  }

  #stopTick(): void {
    clearInterval(this.#tick);
    this.#tick = undefined;
  }

  /** D2: each socket lives no longer than its credential (socket-life.ts). */
  #checkCredentials(): void {
    // Sockets share tokens and grants: each is looked up once per check.
    const grants = new Map<string, boolean>();
    const check = {
      now: this.source.now(),
      maxLifetimeMs: this.options.maxLifetimeMs,
      tokenLive: (token: string) => this.source.tokenLive(token),
      grantLive: (grantId: string) => {
        let live = grants.get(grantId);
        if (live === undefined) {
          live = this.source.grantLive(grantId);
          grants.set(grantId, live);
        }
        return live;
      },
    };
    for (const session of [...this.#sessions.keys()]) {
      const reason = socketEnd(session.caller, check);
      if (reason === null) continue;
      session.close(CLOSE_REVOKED, reason);
      this.closed(session);
    }
  }
}
