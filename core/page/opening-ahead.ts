import type { RoomOpening } from '../../contract/types.ts';

/** How long an opening started with the page waits for that page's boot (a loaded machine's page load). */
export const OPENING_AHEAD_MS = 3_000;

/**
 * The bound room opened while its page is still being served: the host knows the room before the
 * page asks, so it starts `systems.open` when it serves index.html (or, on a fresh start, as soon as
 * the vault says who is signed in) and the page's own `session.boot` a moment later takes that
 * opening instead of starting its own, so the page's code loading and the service's answers
 * overlap. Taken once (the boot of the page that was served), for the same room, within
 * OPENING_AHEAD_MS. A failed one is the boot's answer, not tried again: it failed moments
 * ago, and against a service that does not answer, a second attempt would make the boot wait twice
 * as long as the page's deadline allows (the page would say "not signed in" instead of showing the
 * room as unknown).
 */
export class OpeningAhead {
  readonly #now: () => number;
  readonly #maxAgeMs: number;
  #ahead: { id: string; at: number; opening: Promise<RoomOpening> } | null = null;

  constructor(now: () => number, maxAgeMs = OPENING_AHEAD_MS) {
    this.#now = now;
    this.#maxAgeMs = maxAgeMs;
  }

  /** Starts opening the room unless an opening of it started moments ago is still waiting. */
  start(systemId: string, open: (id: string) => Promise<RoomOpening>): void {
    const ahead = this.#ahead;
    if (ahead !== null && ahead.id === systemId && this.#now() - ahead.at <= this.#maxAgeMs) return;
    const opening = open(systemId);
    // Whoever takes it awaits it; nobody may, so its failure must not go unhandled.
    opening.catch(() => undefined);
    this.#ahead = { id: systemId, at: this.#now(), opening };
  }

  /** Opens the room for a boot: the opening started with the page when there is one, else `open`. */
  async open(systemId: string, open: (id: string) => Promise<RoomOpening>): Promise<RoomOpening> {
    const ahead = this.#ahead;
    this.#ahead = null;
    if (ahead !== null && ahead.id === systemId && this.#now() - ahead.at <= this.#maxAgeMs) {
      return ahead.opening;
    }
    return open(systemId);
  }
}
