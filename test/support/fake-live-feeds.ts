import type { LiveEvent, LiveStatus, LiveTarget } from '../../contract/types.ts';
import type { CallOptions, ExecCall } from '../../core/api/calls.ts';
import type { LiveFeedsSeed, MakeLiveFeeds } from '../../core/bridge/live-seed.ts';
import type { LiveFeeds } from '../../core/live/feeds.ts';

/**
 * A LiveFeeds held by the test: what the bridge asked of it (watch lists, forgotten watchers,
 * execs, close), and the test decides what it says (status, events, exec answers). The seed the
 * bridge made it from is kept, so a test can drive the link model through `onHealth` and read
 * state through `readState` as the real feeds would.
 */
export class FakeLiveFeeds implements LiveFeeds {
  readonly seed: LiveFeedsSeed;
  mode: LiveStatus = { mode: 'push' };
  readonly watched = new Map<string, { systemId: string; targets: readonly LiveTarget[] }>();
  readonly forgotten: string[] = [];
  /** Watchers whose last list said their room is in use. */
  readonly active = new Set<string>();
  readonly debugged: { watcher: string; systemId: string; target: LiveTarget }[] = [];
  readonly execs: { systemId: string; call: ExecCall }[] = [];
  /** The socket's exec: undefined = no socket (the bridge uses HTTP). */
  execOverSocket: ((systemId: string, call: ExecCall) => Promise<unknown>) | undefined = async () => 'socket';
  closed = false;
  readonly #listeners = new Set<(event: LiveEvent) => void>();

  constructor(seed: LiveFeedsSeed) {
    this.seed = seed;
  }

  status(): LiveStatus {
    return { ...this.mode };
  }
  watch(watcher: string, systemId: string, targets: readonly LiveTarget[], active = false): LiveStatus {
    if (targets.length === 0) this.watched.delete(watcher);
    else this.watched.set(watcher, { systemId, targets });
    if (active) this.active.add(watcher);
    else this.active.delete(watcher);
    return this.status();
  }
  forget(watcher: string): void {
    this.forgotten.push(watcher);
    this.watched.delete(watcher);
  }
  async debug(watcher: string, systemId: string, target: LiveTarget): Promise<void> {
    this.debugged.push({ watcher, systemId, target });
  }
  async ignore(): Promise<void> {}
  exec(systemId: string, call: ExecCall, _options?: CallOptions): Promise<unknown> | undefined {
    if (this.execOverSocket === undefined) return undefined;
    this.execs.push({ systemId, call });
    return this.execOverSocket(systemId, call);
  }
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  async close(): Promise<void> {
    this.closed = true;
  }

  /** The service pushed something (as the real feeds would turn a notify into an event). */
  emit(event: LiveEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
  get listeners(): number {
    return this.#listeners.size;
  }
}

/** A MakeLiveFeeds that keeps every feeds it made, newest last. */
export function fakeLiveFeedsFactory(): MakeLiveFeeds & { made: FakeLiveFeeds[]; latest(): FakeLiveFeeds } {
  const made: FakeLiveFeeds[] = [];
  const make = (seed: LiveFeedsSeed): LiveFeeds => {
    const feeds = new FakeLiveFeeds(seed);
    made.push(feeds);
    return feeds;
  };
  return Object.assign(make, {
    made,
    latest(): FakeLiveFeeds {
      const last = made.at(-1);
      if (last === undefined) throw new Error('no live feeds were made');
      return last;
    },
  });
}
