import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { LiveFeeds } from '../../live/feeds.ts';

export interface LiveVerbsDeps {
  ready: Promise<void>;
  /** The route's current feeds; undefined where none runs (switched off, signed out): the page polls. */
  feeds: () => LiveFeeds | undefined;
}

export function liveVerbs({ ready, feeds }: LiveVerbsDeps): RoomdeckApi['live'] {
  const polling = { mode: 'polling' as const };
  return {
    watch: async ({ watcher, id, targets }) => {
      await ready;
      return feeds()?.watch(watcher, id, targets) ?? polling;
    },
    status: async () => feeds()?.status() ?? polling,
    debug: async ({ watcher, id, module, index }) => {
      await ready;
      const live = feeds();
      // A module's log lines come only over the socket: without one there is nothing to follow.
      if (live === undefined)
        throw new RoomdeckError(ErrorCode.ROOMDECK_OFFLINE, { cause: 'no live channel' });
      await live.debug(watcher, id, { module, index });
      return null;
    },
    ignore: async ({ watcher, id, module, index }) => {
      await ready;
      await feeds()?.ignore(watcher, id, { module, index });
      return null;
    },
  };
}
