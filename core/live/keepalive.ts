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
}

/**
 * The pong deadline is 4 s, not 5: the bound is that the panel polls within 5 s of the
 * unanswered ping, and the mode event still has to reach the page (at exactly 5 s it arrived 5.002 s
 * after the ping in test/e2e/faults-live.spec.ts). A pong on a working link takes milliseconds.
 */
export const DEFAULT_KEEPALIVE: KeepaliveOptions = { intervalMs: 25_000, jitterMs: 5_000, timeoutMs: 4_000 };

export interface KeepaliveHooks {
  sendPing(): void;
  /** A pong came `roundTripMs` after our ping. */
  onRoundTrip(roundTripMs: number): void;
  /** No pong within the timeout: the socket is dead whatever TCP thinks. */
  onHung(): void;
}

export class Keepalive {
  #next: TimerHandle | undefined;
  #deadline: TimerHandle | undefined;
  /** When the unanswered ping left (null: none outstanding). */
  #sentAt: number | null = null;
  #stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly hooks: KeepaliveHooks,
    private readonly options: KeepaliveOptions = DEFAULT_KEEPALIVE,
    /** In [0, 1): the jitter's draw. */
    private readonly random: () => number = Math.random,
  ) {}

  /** The socket is open: ping now, and on schedule after. */
  start(): void {
    this.probe();
  }

  /**
   * Pings now unless a ping is already waiting for its pong (then its deadline stands). Also used
   * when something else looks wrong, e.g. an exec unanswered past its deadline.
   */
  probe(): void {
    if (this.#stopped || this.#sentAt !== null) return;
    this.clock.clearTimeout(this.#next);
    this.#sentAt = this.clock.now();
    this.#deadline = this.clock.setTimeout(() => {
      if (this.#stopped) return;
      this.stop();
      this.hooks.onHung();
    }, this.options.timeoutMs);
    this.hooks.sendPing();
  }

  /** A `pong` arrived (ours, or the server's unsolicited one: either proves the socket carries frames). */
  pong(): void {
    if (this.#stopped || this.#sentAt === null) return;
    const roundTrip = this.clock.now() - this.#sentAt;
    this.#sentAt = null;
    this.clock.clearTimeout(this.#deadline);
    this.hooks.onRoundTrip(roundTrip);
    const wait =
      this.options.intervalMs + Math.floor(Math.min(Math.max(this.random(), 0), 1) * this.options.jitterMs);
    this.#next = this.clock.setTimeout(() => this.probe(), wait);
  }

  stop(): void {
    this.#stopped = true;
    this.clock.clearTimeout(this.#next);
    this.clock.clearTimeout(this.#deadline);
  }
}
