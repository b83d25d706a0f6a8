import type { ModuleState } from '../../contract/domain.ts';

/**
 * One watched module's state as the page may see it. Its values are `fresh` only after a whole read
 * over HTTP on the current socket; until then (a new module, or any module after a reconnect) the
 * notifies are held aside and laid over the read when it lands: a notify is never older than the
 * read it races (every later change would notify again), and a key whose value is null gets no
 * notify on bind (D6), which is why the read is needed at all. Pure: no I/O.
 */
export class ModuleFeed {
  /** Status keys bound (or being bound) on the current socket. */
  readonly bound = new Set<string>();
  /** Bumped by every new read or reset; an older read's answer is then ignored. */
  generation = 0;
  #state: ModuleState | null = null;
  #fresh = false;
  #overlay = new Map<string, unknown>();

  get fresh(): boolean {
    return this.#fresh;
  }

  /** Every key the module is known to have (from the last read and the notifies since). */
  keys(): string[] {
    return this.#state === null ? [] : Object.keys(this.#state);
  }

  /** The socket was lost or renewed: nothing is bound, and the values are no longer live. */
  reset(): number {
    this.bound.clear();
    this.#fresh = false;
    this.#overlay = new Map();
    this.generation += 1;
    return this.generation;
  }

  /**
   * A notify for `name`. Returns the whole new state when the page should get it (fresh and
   * changed), else null (held for the read, or nothing changed).
   */
  notify(name: string, value: unknown): ModuleState | null {
    if (!this.#fresh || this.#state === null) {
      this.#overlay.set(name, value);
      return null;
    }
    const had = Object.hasOwn(this.#state, name);
    if (value === null) {
      // D9: a deleted status notifies null; over HTTP the key is then absent.
      if (!had) return null;
      const { [name]: _gone, ...rest } = this.#state;
      this.#state = rest;
      return this.state();
    }
    if (had && JSON.stringify(this.#state[name]) === JSON.stringify(value)) return null;
    this.#state = { ...this.#state, [name]: value };
    return this.state();
  }

  /** The read of `generation` answered: the state is fresh, the held notifies laid over it. */
  read(generation: number, state: ModuleState): ModuleState | null {
    if (generation !== this.generation) return null;
    const merged: ModuleState = { ...state };
    for (const [name, value] of this.#overlay) {
      if (value === null) delete merged[name];
      else merged[name] = value;
    }
    this.#overlay = new Map();
    this.#state = merged;
    this.#fresh = true;
    return this.state();
  }

  state(): ModuleState {
    return structuredClone(this.#state ?? {});
  }
}
