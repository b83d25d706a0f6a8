import type { ModuleState } from '#contract';
import { keyOf, type PollerOptions, Poller, type PollTarget } from './poller.ts';

/** One module's polled state as the controls see it: a snapshot replaced whole, never mutated. */
export class ModuleFeed {
  readonly key: string;
  #state = $state.raw<ModuleState | undefined>(undefined);
  #stale = $state(false);
  readonly #listeners = new Set<(state: ModuleState) => void>();

  constructor(key: string) {
    this.key = key;
  }

  get state(): ModuleState | undefined {
    return this.#state;
  }

  get stale(): boolean {
    return this.#stale;
  }

  /** Plain callbacks for state machines that must react to each response, not just the latest. */
  subscribe(listener: (state: ModuleState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  receive(state: ModuleState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }

  markStale(stale: boolean): void {
    this.#stale = stale;
  }
}

/**
 * The poller's callbacks (polled or pushed) turned into reactive state: a feed per module and the
 * link's health.
 */
export class LiveFeeds {
  readonly #feeds = new Map<string, ModuleFeed>();
  readonly #watched = new Set<string>();
  readonly #poller: Poller;
  #linkLost = $state<string | null>(null);
  #push = $state(false);

  constructor(options: Omit<PollerOptions, 'events'>) {
    this.#poller = new Poller({
      ...options,
      events: {
        state: (key, state) => this.#feed(key).receive(state),
        stale: (key, stale) => this.#feed(key).markStale(stale),
        link: (lost) => {
          this.#linkLost = lost;
        },
      },
    });
  }

  /** Why the room is unreachable, or null while it answers. */
  get linkLost(): string | null {
    return this.#linkLost;
  }

  feed(target: PollTarget): ModuleFeed {
    return this.#feed(keyOf(target));
  }

  /** Polls this module from now on; an initial snapshot (from loading the layout) shows at once. */
  watch(target: PollTarget, initial?: ModuleState, everyMs?: number): ModuleFeed {
    const feed = this.feed(target);
    if (initial && feed.state === undefined) feed.receive(initial);
    this.#watched.add(feed.key);
    this.#poller.watch(target, initial !== undefined, everyMs);
    return feed;
  }

  /** Stops polling a module (its last snapshot stays, marked stale if it is shown again). */
  unwatch(target: PollTarget): void {
    const key = keyOf(target);
    if (!this.#watched.delete(key)) return;
    this.#poller.unwatch(key);
  }

  /** The modules polled now. */
  get watched(): string[] {
    return [...this.#watched];
  }

  isWatched(target: PollTarget): boolean {
    return this.#watched.has(keyOf(target));
  }

  start(): void {
    this.#poller.start();
  }

  stop(): void {
    this.#poller.stop();
  }

  setHidden(hidden: boolean): void {
    this.#poller.setHidden(hidden);
  }

  pressed(): void {
    this.#poller.pressed();
  }

  refresh(target: PollTarget): void {
    this.#poller.refresh(keyOf(target));
  }

  /** The live channel pushes (see Poller.setPush); false: everything watched is polled. */
  get push(): boolean {
    return this.#push;
  }

  setPush(push: boolean): void {
    this.#push = push;
    this.#poller.setPush(push);
  }

  /** Whether this module's values arrive pushed now (it is not polled). */
  isPushed(target: PollTarget): boolean {
    return this.#poller.isPushed(keyOf(target));
  }

  /**
   * A watched module's state, pushed: it feeds exactly what a poll's answer feeds (the controls,
   * press confirmation, warm-up, health). A module not watched is left alone.
   */
  pushState(target: PollTarget, state: ModuleState): void {
    if (this.#watched.has(keyOf(target))) this.#poller.pushState(keyOf(target), state);
  }

  /** A watched module's pushed value is stale: unknown until its fresh state arrives. */
  pushStale(target: PollTarget): void {
    if (this.#watched.has(keyOf(target))) this.#poller.pushStale(keyOf(target));
  }

  #feed(key: string): ModuleFeed {
    let feed = this.#feeds.get(key);
    if (!feed) {
      feed = new ModuleFeed(key);
      this.#feeds.set(key, feed);
    }
    return feed;
  }
}
