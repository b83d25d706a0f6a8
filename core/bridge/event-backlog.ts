import type { LiveEvent } from '../../contract/types.ts';

/** Debug lines kept for a page that is behind (the newest; older ones are dropped, and counted). */
export const MAX_BACKLOG_DEBUG_LINES = 200;

/**
 * Events waiting for a page that is slow to take them (a browser tab in the background, a stream
 * whose socket buffer is full). Its size is bounded whatever the service sends: a module's `state`
 * or `stale` replaces the one waiting for the same module (each state is whole, the newest is the
 * truth), the newest `mode` replaces the last, and debug lines keep only the newest. The waiting
 * events leave in the order of their newest change. Pure: no I/O, no timers.
 */
export class EventBacklog {
  readonly #latest = new Map<string, LiveEvent>();
  #debug: LiveEvent[] = [];
  #dropped = 0;

  push(event: LiveEvent): void {
    if (event.type === 'debug') {
      this.#debug.push(event);
      if (this.#debug.length > MAX_BACKLOG_DEBUG_LINES) {
        this.#debug = this.#debug.slice(-MAX_BACKLOG_DEBUG_LINES);
        this.#dropped += 1;
      }
      return;
    }
    const key = event.type === 'mode' ? 'mode' : JSON.stringify([event.id, event.module, event.index]);
    // Moved to the end: the events leave in the order of their newest change.
    this.#latest.delete(key);
    this.#latest.set(key, event);
  }

  /** Everything waiting, oldest change first; the backlog is empty after. */
  take(): LiveEvent[] {
    const events = [...this.#latest.values(), ...this.#debug];
    this.#latest.clear();
    this.#debug = [];
    return events;
  }

  get size(): number {
    return this.#latest.size + this.#debug.length;
  }

  /** Debug lines dropped because the page was too far behind (for the log). */
  get dropped(): number {
    return this.#dropped;
  }
}
