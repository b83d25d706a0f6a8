/*
 * A fader dragged across the screen produces dozens of values a second; the device can take one
 * command at a time. At most one command is in flight; while it is out, only the newest value
 * waits (older ones are dropped); the value the finger let go at is always sent last.
 */

export interface LatestSenderEvents<T> {
  /** A command finished (ok or not) and nothing newer is waiting. */
  settled?(value: T, error: unknown): void;
}

export class LatestSender<T> {
  readonly #send: (value: T) => Promise<unknown>;
  readonly #events: LatestSenderEvents<T>;
  #inFlight = false;
  #waiting: { value: T } | null = null;
  #sent = 0;

  constructor(send: (value: T) => Promise<unknown>, events: LatestSenderEvents<T> = {}) {
    this.#send = send;
    this.#events = events;
  }

  get busy(): boolean {
    return this.#inFlight;
  }

  /** How many commands went out (for tests and benchmarks). */
  get sent(): number {
    return this.#sent;
  }

  push(value: T): void {
    if (this.#inFlight) {
      this.#waiting = { value };
      return;
    }
    void this.#run(value);
  }

  async #run(value: T): Promise<void> {
    this.#inFlight = true;
    this.#sent += 1;
    let error: unknown = null;
    try {
      await this.#send(value);
    } catch (e) {
      error = e;
    }
    this.#inFlight = false;
    const next = this.#waiting;
    this.#waiting = null;
    if (next !== null) void this.#run(next.value);
    else this.#events.settled?.(value, error);
  }
}
