import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { LiveStatus, LiveTarget } from '../../../contract/types.ts';
import type { LiveFeeds } from '../../live/feeds.ts';

/** A route's live channel as its verbs see it (core/bridge/live-channel.ts). */
export interface LiveSource {
  /** The route's current feeds; undefined where none runs (switched off, signed out): the page polls. */
  current(): LiveFeeds | undefined;
  /**
   * A page's watch list: kept by the channel even while it has no feeds (being made after a sign-in,
   * or switched off), so feeds made later bind what the pages already show.
   */
  watch(watcher: string, systemId: string, targets: readonly LiveTarget[], active?: boolean): LiveStatus;
}

/** No live channel: every page polls. */
export const NO_LIVE: LiveSource = { current: () => undefined, watch: () => ({ mode: 'polling' }) };

export interface LiveVerbsDeps {
  ready: Promise<void>;
  live: LiveSource;
}

export function liveVerbs({ ready, live: source }: LiveVerbsDeps): RoomdeckApi['live'] {
  const polling = { mode: 'polling' as const };
  return {
    watch: async ({ watcher, id, targets, active }) => {
      await ready;
      return source.watch(watcher, id, targets, active === true);
    },
    status: async () => source.current()?.status() ?? polling,
    debug: async ({ watcher, id, module, index }) => {
      await ready;
      const live = source.current();
      // A module's log lines come only over the socket: without one there is nothing to follow.
      if (live === undefined)
        throw new RoomdeckError(ErrorCode.ROOMDECK_OFFLINE, { cause: 'no live channel' });
      await live.debug(watcher, id, { module, index });
      return null;
    },
    ignore: async ({ watcher, id, module, index }) => {
      await ready;
      await source.current()?.ignore(watcher, id, { module, index });
      return null;
    },
  };
}
