import type { ModuleState } from '#contract';
import { keyOf, type PollerOptions, Poller, type PollTarget } from './poller.ts';

/** One module's polled state as the controls see it: a snapshot replaced whole, never mutated. */
export class ModuleFeed {
  readonly key: string;
  #state = $state.raw<ModuleState | undefined>(undefined);
  #stale = $state(false);
  readonly #listeners = new Set<(state: ModuleState) => void>();
  /** The service cannot be reached: no value, pushed or polled, can be confirmed now. */
  readonly #unreachable: () => boolean;

  constructor(key: string, unreachable: () => boolean = () => false) {
    this.key = key;
    this.#unreachable = unreachable;
  }

  get state(): ModuleState | undefined {
    return this.#state;
  }

  /** Not live: marked so (a faltering poll, a renewed binding), or the service is out of reach. */
  get stale(): boolean {
    return this.#stale || this.#unreachable();
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
  /** When the service last answered with a module's state (clock ms; null: not yet). */
  #heardAt = $state<number | null>(null);
  readonly #recovered = new Set<() => void>();
  readonly #heardListeners = new Set<() => void>();
  readonly #clock: PollerOptions['clock'];
  /** Another part of the room (its loading) says the service cannot be reached. */
  readonly #unreachable: () => boolean;

  constructor(options: Omit<PollerOptions, 'events'> & { unreachable?: () => boolean }) {
    const { unreachable, ...pollerOptions } = options;
    this.#clock = options.clock;
    this.#unreachable = unreachable ?? (() => false);
    this.#poller = new Poller({
      ...pollerOptions,
      events: {
        state: (key, state) => {
          this.#heardAt = this.#clock.now();
          this.#feed(key).receive(state);
          for (const listener of this.#heardListeners) listener();
        },
        stale: (key, stale) => this.#feed(key).markStale(stale),
        link: (lost) => {
          const was = this.#linkLost;
          this.#linkLost = lost;
          if (was !== null && lost === null) for (const listener of this.#recovered) listener();
        },
      },
    });
  }

  /** Why the room is unreachable, or null while it answers. */
  get linkLost(): string | null {
    return this.#linkLost;
  }

  /** When the service last answered with a module's state (clock ms), or null before it ever did. */
  get heardAt(): number | null {
    return this.#heardAt;
  }

  /** The service answered with the room's states another way (the room loaded): as fresh as a poll. */
  heard(): void {
    this.#heardAt = this.#clock.now();
  }

  /** Called each time the service answers again after the link was lost. */
  /** Called each time the service answers with a module's state (polled or pushed). */
  onHeard(listener: () => void): () => void {
    this.#heardListeners.add(listener);
    return () => this.#heardListeners.delete(listener);
  }

  onRecovered(listener: () => void): () => void {
    this.#recovered.add(listener);
    return () => this.#recovered.delete(listener);
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

  /** A command got no answer for the link's sake: everything watched is read again now (see Poller.doubt). */
  doubt(): void {
    this.#poller.doubt();
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
      feed = new ModuleFeed(key, () => this.#linkLost !== null || this.#unreachable());
      this.#feeds.set(key, feed);
    }
    return feed;
  }
}
