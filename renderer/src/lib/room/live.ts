import type { LiveEvent, LiveStatus, ModuleState, RoomdeckApi } from '#contract';
import type { LiveEventSource } from '../live/live-events.ts';
import type { Address } from '../plan/plan.ts';
import type { LiveFeeds } from '../live/poller.svelte.ts';

/** The page's live channel: its events, and the id its watch lists are named by (one per page load). */
export interface PanelLive {
  source: LiveEventSource;
  watcher: string;
}

export interface RoomLiveOptions {
  api: Pick<RoomdeckApi, 'live'>;
  systemId: string;
  live: PanelLive;
  feeds: LiveFeeds;
  /** The channel changed between push and polling. */
  onMode?(mode: LiveStatus['mode']): void;
  /** A watched module's state arrived pushed (after the feeds took it). */
  onState?(target: Address, state: ModuleState): void;
}

/**
 * A page's watch calls, in the order they were made, across its rooms: the list a room closing
 * sends (`[]`) must never land after the list of the room opened next under the same watcher.
 */
const queues = new WeakMap<PanelLive, Promise<unknown>>();
function inOrder<T>(live: PanelLive, call: () => Promise<T>): Promise<T> {
  const next = (queues.get(live) ?? Promise.resolve()).catch(() => undefined).then(call);
  queues.set(live, next);
  return next;
}

const keyOf = (targets: readonly Address[]): string =>
  targets
    .map((t) => `${t.module}/${t.index}`)
    .sort()
    .join(',');

/**
 * One room on the live channel: tells the main process which modules the shown page
 * needs (`live.watch`, exactly the set the poller would poll, nothing for pages not shown, `[]`
 * when the room closes) and hands what it pushes to the feeds: a module's fresh state as if a poll
 * had answered, `stale` as unknown until the next state, and the mode, which decides whether the
 * feeds poll.
 */
export class RoomLive {
  readonly #o: RoomLiveOptions;
  readonly #unsubscribe: () => void;
  /** The list the main process holds for this page (as last sent; null: unknown, send again). */
  #sent: string | null = null;
  /** The last list asked for, sent again if the main process did not take it and push resumes. */
  #last: Address[] | null = null;
  /** Whether the last list asked for said the room is in use. */
  #active = false;
  /** Numbers this room's lists: only the newest waiting is sent. */
  #tickets = 0;
  /** Mode events seen: a watch answer older than one of them does not overrule it. */
  #modeEvents = 0;
  #closed = false;

  constructor(options: RoomLiveOptions) {
    this.#o = options;
    this.#unsubscribe = options.live.source.subscribe((event) => this.#event(event));
  }

  /**
   * What the shown page needs now, and whether the room is in use (touched lately, or on): the main
   * process then watches the link closely (LiveWatch.active). Sent in the page's order of calls (see
   * inOrder), once per change of either; a list overtaken by a newer one of this room before its
   * turn is not sent at all.
   */
  watch(targets: readonly Address[], active = false): void {
    if (this.#closed) return;
    const wanted = targets.map((t) => ({ module: t.module, index: t.index }));
    this.#last = wanted;
    this.#active = active;
    const ticket = ++this.#tickets;
    const { api, live, systemId } = this.#o;
    void inOrder(live, async () => {
      if (ticket !== this.#tickets) return;
      const key = `${keyOf(wanted)}${active ? ' active' : ''}`;
      if (key === this.#sent) return;
      const seen = this.#modeEvents;
      try {
        const status = await api.live.watch({
          watcher: live.watcher,
          id: systemId,
          targets: wanted,
          ...(active ? { active } : {}),
        });
        this.#sent = key;
        if (!this.#closed && seen === this.#modeEvents) this.#mode(status.mode);
      } catch {
        // Not watched: nothing will be pushed for this list, so the feeds poll it; the next page
        // change (or the channel pushing again) asks again.
        this.#sent = null;
        if (!this.#closed) this.#mode('polling');
      }
    });
  }

  /** The room is closing: the main process unbinds what this page watched. */
  close(): void {
    if (this.#closed) return;
    this.watch([]);
    this.#closed = true;
    this.#unsubscribe();
    // Nothing arrives any more: whatever the feeds still do, they poll.
    this.#o.feeds.setPush(false);
  }

  #event(event: LiveEvent): void {
    if (this.#closed) return;
    const { feeds } = this.#o;
    switch (event.type) {
      case 'mode':
        this.#modeEvents += 1;
        this.#mode(event.mode);
        // The list never reached the main process (the call failed): it can take it now.
        if (event.mode === 'push' && this.#sent === null && this.#last !== null)
          this.watch(this.#last, this.#active);
        return;
      case 'state': {
        if (event.id !== this.#o.systemId) return;
        const target = { module: event.module, index: event.index };
        if (!feeds.isWatched(target)) return;
        feeds.pushState(target, event.state);
        this.#o.onState?.(target, event.state);
        return;
      }
      case 'stale':
        if (event.id === this.#o.systemId) feeds.pushStale({ module: event.module, index: event.index });
        return;
      default:
        // Debug lines are the technician tools' business.
        return;
    }
  }

  #mode(mode: LiveStatus['mode']): void {
    const push = mode === 'push';
    if (push === this.#o.feeds.push) return;
    this.#o.feeds.setPush(push);
    this.#o.onMode?.(mode);
  }
}
