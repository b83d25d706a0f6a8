import { SvelteMap } from 'svelte/reactivity';
import type { LiveEvent, LiveStatus, ModuleState, PollSettings } from '#contract';
import { isLinkLoss, toBridgeError } from '../../bridge/bridge.ts';
import { errorWords } from '../../i18n/error-words.ts';
import type { Clock } from '../../time/clock.ts';
import { LiveFeeds } from '../../live/poller.svelte.ts';
import type { LiveTargetRef, ToolsLive } from './live-link.ts';
import { describeProblem, type Problem } from '../common/problem.ts';
import { changesBetween, type StateChange } from './state-diff.ts';
import { t } from '../../i18n/i18n.svelte.ts';

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

/** The module as the live channel knows it: a system and a class + index in it. */
export interface LiveAddress {
  channel: ToolsLive;
  systemId: string;
  target: LiveTargetRef;
}

/**
 * How the shown values are kept fresh: `push` the service sends every change (the live channel);
 * `polling` read every few seconds (no channel, or it is down); `reconnecting` the channel was
 * lost and renewed and the values are unknown until the service sends them again.
 */
export type Freshness = 'reading' | 'push' | 'polling' | 'reconnecting';

/**
 * One module's state, kept live while it is shown: pushed by the live channel when the tools have
 * one and it is up, otherwise read with the panel's own poller (one request at a time,
 * backing off on errors, paused while the window is hidden); keys that change light up for a few
 * seconds and go into a short history of what changed while the person watched.
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
  readonly #address: LiveAddress | null;
  readonly #settings: PollSettings;
  #mode = $state<LiveStatus['mode']>('polling');
  /** Mode events seen: a watch answer older than one of them does not overrule it. */
  #modeEvents = 0;
  /** The channel said the values may be stale: unknown until its next `state`. */
  #unknown = $state(false);
  #stopEvents: (() => void) | null = null;
  #running = false;
  /** Counts the channel's states and stale marks: a read started before one must not overwrite it. */
  #pushed = 0;

  constructor(
    source: LiveStateSource,
    clock: Clock,
    settings: PollSettings = TOOL_POLL,
    address: LiveAddress | null = null,
  ) {
    this.#source = source;
    this.#clock = clock;
    this.#settings = settings;
    this.#address = address;
    this.#feeds = new LiveFeeds({
      fetchState: () => source.read(),
      settings,
      clock,
      isLinkLoss,
      // Why the state cannot be read, in the page's language (the poller shows it as the link's state).
      messageOf: (error) => errorWords(toBridgeError(error)),
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
    return this.#problem ?? (this.#mode === 'polling' ? this.#feeds.linkLost : null);
  }
  get stale(): boolean {
    return this.#mode === 'polling' && this.#feeds.feed(this.#target).stale;
  }
  /** True while the shown values must not be taken as current (after the channel reconnected). */
  get unknown(): boolean {
    return this.#unknown;
  }
  get freshness(): Freshness {
    if (this.#unknown) return 'reconnecting';
    if (this.#state === null) return 'reading';
    return this.#mode;
  }
  /** The indicator's words: what keeps these values fresh, honestly. */
  get freshnessText(): string {
    switch (this.freshness) {
      case 'reconnecting':
        return t('tech.live.reconnecting');
      case 'reading':
        return t('tech.live.reading');
      case 'push':
        return t('tech.live.push');
      case 'polling':
        return t('tech.live.polling', { seconds: Math.round(this.#settings.idleMs / 1000) });
      default:
        return this.freshness satisfies never;
    }
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

  /**
   * Starts reading (the first read always by HTTP, so something shows at once) and, with a live
   * channel, asks it to push this module; while it does, nothing is polled.
   */
  start(): void {
    const feed = this.#feeds.watch(this.#target);
    this.#unsubscribe = feed.subscribe((next) => {
      // A poll answered after the channel took over is older than what it pushes.
      if (this.#mode === 'polling' || this.#pushed === 0) this.#receive(next);
    });
    this.#running = true;
    this.#feeds.start();
    const address = this.#address;
    if (!address) return;
    // Listening before asking: a state pushed right after the answer is not missed.
    this.#stopEvents = address.channel.events.subscribe((event) => this.#onEvent(event));
    // The answer and the events travel apart (in the browser host: a POST and an event stream): a
    // mode event that arrives while the watch is on its way is newer than the answer, which then
    // must not overrule it (a socket opening at once answers "polling", then pushes "push").
    const seen = this.#modeEvents;
    address.channel.watch(address.systemId, [address.target]).then(
      (status) => {
        if (seen === this.#modeEvents) this.#setMode(status.mode);
      },
      // The channel could not take the watch: the view keeps polling, as before the channel.
      () => this.#setMode('polling'),
    );
  }

  /** The view closed: stop reading, and tell the channel the tools watch nothing here any more. */
  stop(): void {
    this.#running = false;
    this.#unsubscribe?.();
    this.#stopEvents?.();
    this.#stopEvents = null;
    this.#feeds.stop();
    const address = this.#address;
    if (address) address.channel.unwatch(address.systemId, [address.target]);
  }

  /** Right after a command: read now, and quickly for a while (pushed: the change arrives by itself). */
  poke(): void {
    if (this.#mode === 'push') return;
    this.#feeds.pressed();
    this.#feeds.refresh(this.#target);
  }

  /** The technician asked to read the state now. */
  readNow(): void {
    if (this.#mode === 'push') void this.#readOnce();
    else this.#feeds.refresh(this.#target);
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

  #onEvent(event: LiveEvent): void {
    if (event.type === 'mode') {
      this.#modeEvents += 1;
      this.#setMode(event.mode);
      return;
    }
    const address = this.#address;
    if (event.type === 'debug' || !address || event.id !== address.systemId) return;
    if (event.module !== address.target.module || event.index !== address.target.index) return;
    this.#pushed += 1;
    if (event.type === 'stale') {
      this.#unknown = true;
      return;
    }
    this.#receive(event.state);
  }

  #setMode(mode: LiveStatus['mode']): void {
    if (!this.#running || mode === this.#mode) return;
    this.#mode = mode;
    if (mode === 'push') {
      this.#feeds.stop();
      // Nothing shown yet (the first read was cut short): one read, not a poll.
      if (this.#state === null) void this.#readOnce();
    } else {
      // Back to reading by HTTP, at once: the next answer replaces any value left unknown.
      this.#feeds.start();
      this.#feeds.refresh(this.#target);
    }
  }

  async #readOnce(): Promise<void> {
    const before = this.#pushed;
    try {
      const state = await this.#source.read();
      // A pushed state that arrived meanwhile is newer than this read.
      if (this.#running && this.#pushed === before) this.#receive(state);
    } catch (error) {
      if (this.#running) this.#problem = errorWords(toBridgeError(error));
    }
  }

  #receive(next: ModuleState): void {
    const before = this.#state;
    this.#state = next;
    this.#problem = null;
    this.#unknown = false;
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
