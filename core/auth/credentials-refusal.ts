import type { Clock } from '../api/clock.ts';

export type CredentialsListener = (refused: boolean) => void;

/**
 * Whether the service refuses this panel's credentials right now: even a renewed token was
 * refused. Only remembered and told, never acted on: the session stays until the authorization
 * server itself ends it.
 */
export class CredentialsRefusal {
  readonly #clock: Clock;
  #refusedAt: number | null = null;
  /** What listeners were last told, so each change is told once. */
  #told = false;
  readonly #listeners = new Set<CredentialsListener>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** When the service last refused even a renewed token (null: it has not, or accepts it again). */
  get refusedAt(): number | null {
    return this.#refusedAt;
  }

  refused(): void {
    this.#refusedAt = this.#clock.now();
    this.#tell(true);
  }

  /** Accepted again, or the session it was about is gone. */
  cleared(): void {
    this.#refusedAt = null;
    this.#tell(false);
  }

  onChange(listener: CredentialsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#listeners.clear();
  }

  #tell(refused: boolean): void {
    if (this.#told === refused) return;
    this.#told = refused;
    for (const listener of this.#listeners) {
      try {
        listener(refused);
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}
