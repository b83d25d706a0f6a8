import { SvelteMap } from 'svelte/reactivity';
import type { ModuleState, PollSettings } from '#contract';
import { isLinkLoss, messageOf } from '../bridge.ts';
import type { Clock } from '../clock.ts';
import { LiveFeeds } from '../poller.svelte.ts';
import { describeProblem, type Problem } from './problem.ts';
import { changesBetween, type StateChange } from './state-diff.ts';

/** A technician watching one module: fast enough to see a press land, light on the service. */
export const TOOL_POLL: PollSettings = { fastMs: 500, fastForMs: 5_000, idleMs: 2_000 };
/** How long a changed key stays highlighted. */
export const HIGHLIGHT_MS = 4_000;
const HISTORY = 50;

export interface LiveStateSource {
  /** The whole state. */
  read(): Promise<ModuleState>;
  /** One key (`lookup`). */
  lookup(key: string): Promise<unknown>;
}

/**
 * One module's state, kept live while it is shown with the panel's own poller (one request at a
 * time, backing off on errors, paused while the window is hidden); keys that change light up for
 * a few seconds and go into a short history of what changed while the person watched.
 */
export class LiveState {
  readonly #source: LiveStateSource;
  readonly #clock: Clock;
  readonly #feeds: LiveFeeds;
  readonly #target = { module: 'state', index: 1 };
  #state = $state.raw<ModuleState | null>(null);
  #history = $state.raw<StateChange[]>([]);
  readonly #lit = new SvelteMap<string, number>();
  #problem = $state<string | null>(null);
  #lookup = $state.raw<{ key: string; value: unknown } | null>(null);
  #lookupProblem = $state.raw<Problem | null>(null);
  #unsubscribe: (() => void) | null = null;

  constructor(source: LiveStateSource, clock: Clock, settings: PollSettings = TOOL_POLL) {
    this.#source = source;
    this.#clock = clock;
    this.#feeds = new LiveFeeds({
      fetchState: () => source.read(),
      settings,
      clock,
      isLinkLoss,
      messageOf,
    });
  }

  get state(): ModuleState | null {
    return this.#state;
  }
  get history(): StateChange[] {
    return this.#history;
  }
  /** Why the state cannot be read just now (the last snapshot stays, marked stale). */
  get problem(): string | null {
    return this.#problem ?? this.#feeds.linkLost;
  }
  get stale(): boolean {
    return this.#feeds.feed(this.#target).stale;
  }
  get lookupResult(): { key: string; value: unknown } | null {
    return this.#lookup;
  }
  get lookupProblem(): Problem | null {
    return this.#lookupProblem;
  }
  isLit(key: string): boolean {
    return this.#lit.has(key);
  }

  start(): void {
    const feed = this.#feeds.watch(this.#target);
    this.#unsubscribe = feed.subscribe((next) => this.#receive(next));
    this.#feeds.start();
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#feeds.stop();
  }

  /** Right after a command: read now, and quickly for a while. */
  poke(): void {
    this.#feeds.pressed();
    this.#feeds.refresh(this.#target);
  }

  setHidden(hidden: boolean): void {
    this.#feeds.setHidden(hidden);
  }

  async lookup(key: string): Promise<void> {
    const k = key.trim();
    if (!k) return;
    try {
      this.#lookup = { key: k, value: await this.#source.lookup(k) };
      this.#lookupProblem = null;
    } catch (error) {
      this.#lookup = null;
      this.#lookupProblem = describeProblem(error);
    }
  }

  #receive(next: ModuleState): void {
    const before = this.#state;
    this.#state = next;
    this.#problem = null;
    if (before === null) return;
    const changes = changesBetween(before, next, this.#clock.now());
    if (changes.length === 0) return;
    this.#history = [...changes.reverse(), ...this.#history].slice(0, HISTORY);
    for (const change of changes) {
      const until = this.#clock.now() + HIGHLIGHT_MS;
      this.#lit.set(change.key, until);
      this.#clock.setTimeout(() => {
        if ((this.#lit.get(change.key) ?? 0) <= this.#clock.now()) this.#lit.delete(change.key);
      }, HIGHLIGHT_MS);
    }
  }
}
