import type { Clock, TimerHandle } from '../../core/api/clock.ts';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** A clock whose time moves only when the test says so; timers fire in order as it passes them. */
export class FakeClock implements Clock {
  #now: number;
  #nextId = 1;
  #timers: Timer[] = [];

  constructor(start = Date.UTC(2030, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), callback };
    this.#timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  /** Times at which timers are pending, soonest first. */
  pending(): number[] {
    return this.#timers.map((t) => t.at).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing due timers and letting the promises they start settle. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await settle();
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.at);
      due.callback();
    }
    this.#now = target;
    await settle();
  }
}

/** Lets chains of already-resolved promises run to the end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
