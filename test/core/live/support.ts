import { ControlClient } from '../../../core/api/client.ts';
import type { AuthError } from '../../../core/api/errors.ts';
import type { AccessTokenSource } from '../../../core/api/transport.ts';
import { createLiveFeeds, type LiveFeedsOptions } from '../../../core/live/index.ts';
import type { LiveHealth } from '../../../core/live/connection.ts';
import type { LiveFeeds } from '../../../core/live/feeds.ts';
import type { LiveEvent } from '../../../contract/types.ts';
import type { Api, Role } from '../../simulator/api/support.ts';
import { FakeClock } from '../../support/fake-clock.ts';

/**
 * Helpers for the live feeds against the real simulator over real sockets: a token source that
 * renews by signing in again (as the Session would), the HTTP read through the real ControlClient,
 * and an event log awaited by predicate with a bounded real wait. Time in the feeds is a FakeClock:
 * no keep-alive, deadline or back-off fires unless the test moves it.
 */

export const WAIT_MS = 10_000;

/** The Session's part, played honestly: renewal signs in again; nothing ever signs out. */
export class TestTokens implements AccessTokenSource {
  readonly unauthorized: string[] = [];
  readonly refused: AuthError[] = [];
  accepted = 0;
  constructor(
    api: Api,
    role: Role,
    public token: string,
    /** What renewal yields; by default a fresh sign-in. */
    private readonly renew: () => Promise<string> = () => api.login(role),
  ) {}
  async getAccessToken(): Promise<string> {
    return this.token;
  }
  async onUnauthorized(rejected: string): Promise<void> {
    this.unauthorized.push(rejected);
    if (rejected === this.token) this.token = await this.renew();
  }
  onTokenRefused(error: AuthError): void {
    this.refused.push(error);
  }
  onTokenAccepted(): void {
    this.accepted += 1;
  }
}

export interface Harness {
  feeds: LiveFeeds;
  clock: FakeClock;
  tokens: TestTokens;
  events: EventLog;
  health: LiveHealth[];
  http: ControlClient;
}

export function startFeeds(
  api: Api,
  options: {
    serviceUrl?: string;
    socketPath: string;
    role?: Role;
    token?: string;
    renew?: () => Promise<string>;
    keepalive?: LiveFeedsOptions['keepalive'];
  },
): Harness {
  const role = options.role ?? 'user';
  const clock = new FakeClock(Date.now());
  const tokens = new TestTokens(api, role, options.token ?? api.tokens[role], options.renew);
  const serviceUrl = options.serviceUrl ?? api.url;
  // The panel's own HTTP client reads the state (at the simulator directly: a proxy's fault is the socket's).
  const http = new ControlClient({ baseUrl: api.url, auth: tokens, timeoutMs: 5_000 });
  const health: LiveHealth[] = [];
  const feeds = createLiveFeeds({
    serviceUrl,
    socketPath: options.socketPath,
    tokens,
    readState: (sys, target, signal) =>
      http.systemState(sys, { module: target.module, index: target.index }, signal ? { signal } : undefined),
    clock,
    random: () => 0.5,
    onHealth: (report) => health.push(report),
    ...(options.keepalive ? { keepalive: options.keepalive } : {}),
  });
  const events = new EventLog();
  feeds.subscribe((event) => events.push(event));
  return { feeds, clock, tokens, events, health, http };
}

// biome-ignore lint/suspicious/noExplicitAny: events are matched loosely; assertions check their shape
type Loose = any;

export class EventLog {
  readonly all: LiveEvent[] = [];
  #taken = 0;
  readonly #waiters = new Set<() => void>();

  push(event: LiveEvent): void {
    this.all.push(event);
    for (const wake of this.#waiters) wake();
  }

  /** Events from now on only (what came before is not awaited again). */
  mark(): number {
    this.#taken = this.all.length;
    return this.#taken;
  }

  /** The first event after the mark matching `match`, within a bounded real wait. */
  next(match: (event: Loose) => boolean, what: string, ms = WAIT_MS): Promise<Loose> {
    return new Promise((resolve, reject) => {
      const look = () => {
        for (let i = this.#taken; i < this.all.length; i += 1) {
          if (match(this.all[i])) {
            this.#waiters.delete(look);
            clearTimeout(timer);
            resolve(this.all[i]);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(look);
        reject(
          new Error(`no ${what} within ${ms} ms; events: ${JSON.stringify(this.all.slice(this.#taken))}`),
        );
      }, ms);
      this.#waiters.add(look);
      look();
    });
  }
}

export const isMode = (mode: 'push' | 'polling') => (e: Loose) => e.type === 'mode' && e.mode === mode;
export const isState =
  (module: string, test: (state: Loose) => boolean = () => true) =>
  (e: Loose) =>
    e.type === 'state' && e.module === module && test(e.state);

/**
 * Moves the fake clock a second at a time, giving real I/O a moment between steps, until `done`
 * holds (each failed attempt's back-off passes on the fake clock; the sockets are real).
 */
export async function until(
  clock: FakeClock,
  done: () => boolean,
  what: string,
  realMs = WAIT_MS,
): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > realMs) throw new Error(`not ${what} within ${realMs} ms`);
    await clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function httpExec(api: Api, sys: string, module: string, method: string, args: unknown[]) {
  const response = await api.req('POST', `/api/control/systems/${sys}/exec`, {
    as: 'admin',
    json: { module, method, args },
  });
  if (response.status !== 200) throw new Error(`exec ${method}: ${response.status} ${response.text}`);
}

/** A bounded real wait for something real I/O brings (the fake clock does not move). */
export async function waitFor(done: () => boolean, what = 'the condition', ms = WAIT_MS): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
