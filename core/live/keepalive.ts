import type { Clock, TimerHandle } from '../api/clock.ts';

/**
 * The socket's heartbeat (realtime.md §6): a text `ping` as soon as it opens and then every
 * `intervalMs`; a `pong` that has not come `timeoutMs` after a ping means the socket hangs (a
 * proxy stopped forwarding, a half-open TCP connection). Each pong's round trip is reported.
 *
 * The interval is the idle cost: one ping and one pong per interval, plus the server's own pong
 * every 80 s (D11). At 25 s or more that is at most 2/25 + 1/80 ≈ 0.09 frames/s both ways
 * together, inside the goal of 0.1. Each wait adds a random share of `jitterMs`, so a
 * fleet that connected in the same second does not ping the service in the same second forever.
 */

export interface KeepaliveOptions {
  intervalMs: number;
  /** Up to this much more, drawn per ping. */
  jitterMs: number;
  timeoutMs: number;
  /**
   * While the room is in use (a page says so, `setActive`): pings this often, each given
   * `activeTimeoutMs`, so a freeze is noticed unprompted within interval + jitter + timeout.
   */
  activeIntervalMs?: number;
  activeJitterMs?: number;
  activeTimeoutMs?: number;
  /** A probe's pong deadline (an exec went unanswered): short, the person is waiting. */
  probeTimeoutMs?: number;
}

/**
 * The pong deadline is 4 s, not 5: the bound is that the panel polls within 5 s of the
 * unanswered ping, and the mode event still has to reach the page (at exactly 5 s it arrived 5.002 s
 * after the ping in test/e2e/faults-live.spec.ts). A pong on a working link takes milliseconds.
 *
 * In use, a ping every 1.5–2 s with 2.5 s for its pong notices a freeze within 4.5 s of its start
 * (the page then learns it within 5 s) at about one frame a second, only while someone uses the
 * room. A probe after an unanswered exec (3 s) gets 1.5 s: the person hears within 4.5 s of the touch.
 */
export const DEFAULT_KEEPALIVE: Required<KeepaliveOptions> = {
  intervalMs: 25_000,
  jitterMs: 5_000,
  timeoutMs: 4_000,
  activeIntervalMs: 1_500,
  activeJitterMs: 500,
  activeTimeoutMs: 2_500,
  probeTimeoutMs: 1_500,
};

export interface KeepaliveHooks {
  sendPing(): void;
  /** A pong came `roundTripMs` after our ping. */
  onRoundTrip(roundTripMs: number): void;
  /** No pong within the timeout: the socket is dead whatever TCP thinks. */
  onHung(): void;
}

export class Keepalive {
  readonly #options: Required<KeepaliveOptions>;
  #next: TimerHandle | undefined;
  #deadline: TimerHandle | undefined;
  /** When the unanswered ping left (null: none outstanding). */
  #sentAt: number | null = null;
  /** When the outstanding ping's pong is due at the latest. */
  #dueAt = 0;
  #stopped = false;
  #active = false;

  constructor(
    private readonly clock: Clock,
    private readonly hooks: KeepaliveHooks,
    options: KeepaliveOptions = DEFAULT_KEEPALIVE,
    /** In [0, 1): the jitter's draw. */
    private readonly random: () => number = Math.random,
  ) {
    this.#options = { ...DEFAULT_KEEPALIVE, ...options };
  }

  /** The socket is open: ping now, and on schedule after. */
  start(): void {
    this.#ping(this.#timeout());
  }

  /**
   * Something looks wrong (an exec went unanswered past its deadline): ping now with the probe's
   * short deadline. A ping already out keeps waiting, but no longer than the probe would.
   */
  probe(): void {
    this.#ping(this.#options.probeTimeoutMs);
  }

  /**
   * The room is in use (or not): the cadence follows. Becoming active pings at once, since the link
   * may have frozen during the long idle wait and someone is about to touch the panel.
   */
  setActive(active: boolean): void {
    if (this.#stopped || active === this.#active) return;
    this.#active = active;
    if (active) this.#ping(this.#timeout());
  }

  get active(): boolean {
    return this.#active;
  }

  /** A `pong` arrived (ours, or the server's unsolicited one: either proves the socket carries frames). */
  pong(): void {
    if (this.#stopped || this.#sentAt === null) return;
    const roundTrip = this.clock.now() - this.#sentAt;
    this.#sentAt = null;
    this.clock.clearTimeout(this.#deadline);
    this.hooks.onRoundTrip(roundTrip);
    const o = this.#options;
    const [interval, jitter] = this.#active
      ? [o.activeIntervalMs, o.activeJitterMs]
      : [o.intervalMs, o.jitterMs];
    const wait = interval + Math.floor(Math.min(Math.max(this.random(), 0), 1) * jitter);
    this.#next = this.clock.setTimeout(() => this.#ping(this.#timeout()), wait);
  }

  stop(): void {
    this.#stopped = true;
    this.clock.clearTimeout(this.#next);
    this.clock.clearTimeout(this.#deadline);
  }

  #timeout(): number {
    return this.#active ? this.#options.activeTimeoutMs : this.#options.timeoutMs;
  }

  /** Pings now with `timeoutMs` for the pong; with a ping out, only brings its deadline forward. */
  #ping(timeoutMs: number): void {
    if (this.#stopped) return;
    const dueAt = this.clock.now() + timeoutMs;
    if (this.#sentAt !== null) {
      if (dueAt < this.#dueAt) this.#arm(dueAt);
      return;
    }
    this.clock.clearTimeout(this.#next);
    this.#sentAt = this.clock.now();
    this.#arm(dueAt);
    this.hooks.sendPing();
  }

  #arm(dueAt: number): void {
    this.clock.clearTimeout(this.#deadline);
    this.#dueAt = dueAt;
    this.#deadline = this.clock.setTimeout(() => {
      if (this.#stopped) return;
      this.stop();
      this.hooks.onHung();
    }, dueAt - this.clock.now());
  }
}
