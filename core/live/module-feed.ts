import type { ModuleState } from '../../contract/domain.ts';

/**
 * One watched module's state as the page may see it. Its values are `fresh` only after a whole read
 * over HTTP on the current socket; until then (a new module, or any module after a reconnect) the
 * notifies are held aside and laid over the read when it lands, and a key whose value is null gets
 * no notify on bind (D6), which is why the read is needed at all. Only the notifies that arrived
 * after the read was asked are laid over it: one that arrived before tells of a change the read
 * already saw (the value a bind sends, say, and the key changed again before the service read it),
 * while one that arrives during the read may tell of a change the read missed (and every later
 * change would notify again). Pure: no I/O.
 */
export class ModuleFeed {
  /** Status keys bound (or being bound) on the current socket. */
  readonly bound = new Set<string>();
  /** Bumped by every new read or reset; an older read's answer is then ignored. */
  generation = 0;
  #state: ModuleState | null = null;
  #fresh = false;
  /** Each key's newest held notify, and when it arrived (counted in notifies held). */
  #overlay = new Map<string, { value: unknown; at: number }>();
  #held = 0;

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
   * A notify for `name` (a bound key). Returns whether the page should be sent the state again
   * (fresh and changed); while not fresh it is held for the read. The state is changed in place:
   * a burst of notifies costs one copy, when the page is sent it (`state`), not one per frame.
   */
  notify(name: string, value: unknown): boolean {
    if (!this.#fresh || this.#state === null) {
      this.#overlay.set(name, { value, at: ++this.#held });
      return false;
    }
    const had = Object.hasOwn(this.#state, name);
    if (value === null) {
      // D9: a deleted status notifies null; over HTTP the key is then absent.
      if (!had) return false;
      delete this.#state[name];
      return true;
    }
    if (had && JSON.stringify(this.#state[name]) === JSON.stringify(value)) return false;
    this.#state[name] = value;
    return true;
  }

  /** A read is being asked for now: pass what this returns to `read` with its answer. */
  readAsked(): number {
    return this.#held;
  }

  /**
   * The read of `generation` answered: the state is fresh, with the notifies held since `asked`
   * (readAsked, when the read was asked; 0: every one held) laid over it. At most `maxKeys` keys are
   * kept (a module that names more is not a device's; the rest are not shown).
   */
  read(
    generation: number,
    state: ModuleState,
    maxKeys = Number.POSITIVE_INFINITY,
    asked = 0,
  ): ModuleState | null {
    if (generation !== this.generation) return null;
    const merged: ModuleState = {};
    let kept = 0;
    for (const [name, value] of Object.entries(state)) {
      if (kept >= maxKeys) break;
      merged[name] = value;
      kept += 1;
    }
    for (const [name, { value, at }] of this.#overlay) {
      if (at <= asked) continue;
      if (value === null) delete merged[name];
      else if (Object.hasOwn(merged, name) || kept < maxKeys) merged[name] = value;
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
