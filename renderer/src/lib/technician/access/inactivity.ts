import type { Clock } from '../../time/clock.ts';

/**
 * The technician drawer's inactivity timeout: untouched for `timeoutMs`, it calls `onExpire` (the
 * drawer closes and the panel shows again). It ticks once a second so the drawer can show the time
 * left, and tells the main process about activity at most every `reportEveryMs` (the main process
 * closes the gate itself a little after, should this page be gone).
 */
export interface InactivityOptions {
  timeoutMs: number;
  clock: Clock;
  onExpire: () => void;
  /** Every second while running, with the whole seconds left. */
  onTick?: (secondsLeft: number) => void;
  /** Activity, reported no more often than `reportEveryMs`. */
  onReport?: () => void;
  reportEveryMs?: number;
}

export class InactivityTimer {
  readonly #options: InactivityOptions;
  #deadline = 0;
  #reportedAt = Number.NEGATIVE_INFINITY;
  #timer: unknown = null;
  #running = false;

  constructor(options: InactivityOptions) {
    this.#options = options;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Starts (or restarts) the countdown from the full timeout. */
  start(): void {
    this.#running = true;
    this.touch();
  }

  /** Someone touched the drawer: the full timeout again. */
  touch(): void {
    if (!this.#running) return;
    const now = this.#options.clock.now();
    this.#deadline = now + this.#options.timeoutMs;
    if (now - this.#reportedAt >= (this.#options.reportEveryMs ?? 10_000)) {
      this.#reportedAt = now;
      this.#options.onReport?.();
    }
    this.#tick();
  }

  secondsLeft(): number {
    return Math.max(0, Math.ceil((this.#deadline - this.#options.clock.now()) / 1000));
  }

  stop(): void {
    this.#running = false;
    this.#reportedAt = Number.NEGATIVE_INFINITY;
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #tick(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
    const left = this.#deadline - this.#options.clock.now();
    if (left <= 0) {
      this.stop();
      this.#options.onExpire();
      return;
    }
    this.#options.onTick?.(Math.ceil(left / 1000));
    // Wake on the next whole second (so the countdown reads 119, 118, …) or at the deadline.
    const next = left % 1000 === 0 ? 1000 : left % 1000;
    this.#timer = this.#options.clock.setTimeout(() => this.#tick(), next);
  }
}
