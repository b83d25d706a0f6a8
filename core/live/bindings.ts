import { type ModuleKey, moduleKeyOf } from './frames.ts';

/**
 * Which modules the pages watch: each watcher's own list (replaced whole by each watch), and their
 * union, counted, so a module two windows show is bound once and unbound only when neither shows it.
 * Pure bookkeeping: no socket, no timers.
 */
export class WatchLists {
  readonly #lists = new Map<string, Map<string, ModuleKey>>();
  readonly #counts = new Map<string, { key: ModuleKey; refs: number }>();

  /** Replaces `watcher`'s list; returns the modules nobody watched before and those nobody watches now. */
  set(watcher: string, keys: readonly ModuleKey[]): { added: ModuleKey[]; removed: ModuleKey[] } {
    const next = new Map(keys.map((key) => [moduleKeyOf(key), { ...key }] as const));
    const previous = this.#lists.get(watcher) ?? new Map<string, ModuleKey>();
    if (next.size === 0) this.#lists.delete(watcher);
    else this.#lists.set(watcher, next);
    const added: ModuleKey[] = [];
    const removed: ModuleKey[] = [];
    for (const [id, key] of next) {
      if (previous.has(id)) continue;
      const count = this.#counts.get(id);
      if (count === undefined) {
        this.#counts.set(id, { key, refs: 1 });
        added.push(key);
      } else count.refs += 1;
    }
    for (const [id, key] of previous) {
      if (next.has(id)) continue;
      const count = this.#counts.get(id);
      if (count === undefined) continue;
      count.refs -= 1;
      if (count.refs === 0) {
        this.#counts.delete(id);
        removed.push(key);
      }
    }
    return { added, removed };
  }

  /** The watcher is gone: its list goes; returns the modules nobody watches any more. */
  forget(watcher: string): ModuleKey[] {
    return this.set(watcher, []).removed;
  }

  has(key: ModuleKey): boolean {
    return this.#counts.has(moduleKeyOf(key));
  }

  /** Every module some watcher watches, once. */
  all(): ModuleKey[] {
    return [...this.#counts.values()].map((count) => ({ ...count.key }));
  }

  get size(): number {
    return this.#counts.size;
  }
}
