import { getContext, setContext } from 'svelte';
import type { LiveStatus, RoomdeckApi } from '#contract';
import type { LiveEventSource } from '../../live/live-events.ts';

/** One module instance of a system, as the live channel addresses it. */
export interface LiveTargetRef {
  module: string;
  index: number;
}

/**
 * The tools' channel: their route's live events, and a watcher id of their own (so their watch
 * list never replaces the panel's, which on a laptop lives on the same route).
 */
export interface ToolsChannel {
  events: LiveEventSource;
  watcher: string;
}

type LiveVerbs = Pick<RoomdeckApi['live'], 'watch' | 'debug' | 'ignore'>;

interface WatchList {
  id: string;
  targets: LiveTargetRef[];
}

const sameList = (a: WatchList | null, b: WatchList): boolean =>
  a !== null &&
  a.id === b.id &&
  a.targets.length === b.targets.length &&
  a.targets.every((t, i) => t.module === b.targets[i]?.module && t.index === b.targets[i]?.index);

/**
 * The technician tools' use of the live channel, shared by their views. `live.watch` replaces the
 * watcher's whole list, so the lists are sent one at a time, the newest only: a view closing
 * (`[]`) and the next one opening must not cross on the way and leave the next one unwatched.
 */
export class ToolsLive {
  readonly #live: LiveVerbs;
  readonly events: LiveEventSource;
  readonly watcher: string;
  #desired: WatchList | null = null;
  #sent: WatchList | null = null;
  #last: LiveStatus = { mode: 'polling' };
  #chain: Promise<unknown> = Promise.resolve();

  constructor(live: LiveVerbs, channel: ToolsChannel) {
    this.#live = live;
    this.events = channel.events;
    this.watcher = channel.watcher;
  }

  /**
   * Keeps the events flowing while the tools are open (the browser host's stream ends, and forgets
   * the watcher, when nobody listens: between two views it must not). Returns the release.
   */
  hold(): () => void {
    return this.events.subscribe(() => undefined);
  }

  /** Watch these modules of one system instead of whatever the tools watched before. */
  watch(id: string, targets: LiveTargetRef[]): Promise<LiveStatus> {
    this.#desired = { id, targets: targets.map(({ module, index }) => ({ module, index })) };
    const next = this.#chain.catch(() => undefined).then(() => this.#send());
    this.#chain = next;
    return next;
  }

  /** Stop watching these modules (a view closed); nothing if another view already replaced them. */
  unwatch(id: string, targets: LiveTargetRef[]): void {
    const current = this.#desired;
    if (current === null || !sameList(current, { id, targets })) return;
    void this.watch(id, []).catch(() => undefined);
  }

  debug(id: string, target: LiveTargetRef): Promise<null> {
    return this.#live.debug({ watcher: this.watcher, id, module: target.module, index: target.index });
  }

  ignore(id: string, target: LiveTargetRef): Promise<null> {
    return this.#live.ignore({ watcher: this.watcher, id, module: target.module, index: target.index });
  }

  async #send(): Promise<LiveStatus> {
    const want = this.#desired;
    // A newer list replaced the one this call was for: only the newest is worth sending.
    if (want === null || sameList(this.#sent, want)) return this.#last;
    try {
      // An open state view counts as the room in use: the main process watches the link closely.
      this.#last = await this.#live.watch({
        watcher: this.watcher,
        id: want.id,
        targets: want.targets,
        ...(want.targets.length > 0 ? { active: true } : {}),
      });
      this.#sent = want;
      return this.#last;
    } catch (error) {
      this.#sent = null;
      throw error;
    }
  }
}

const LIVE = Symbol('roomdeck.tools-live');

export function provideToolsLive(live: ToolsLive | null): ToolsLive | null {
  return setContext(LIVE, live);
}

/** The tools' live channel; null where the host gave none (the views then poll as they always did). */
export function useToolsLive(): ToolsLive | null {
  return getContext<ToolsLive | null | undefined>(LIVE) ?? null;
}
