import type { RoomdeckApi } from '../../../contract/verbs.ts';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { RoomdeckError } from '../../api/errors.ts';
import type { LiveFeeds } from '../../live/feeds.ts';

export interface LiveVerbsDeps {
  ready: Promise<void>;
  /** Undefined where no live channel runs (switched off): the page polls. */
  feeds: LiveFeeds | undefined;
}

export function liveVerbs({ ready, feeds }: LiveVerbsDeps): RoomdeckApi['live'] {
  const polling = { mode: 'polling' as const };
  return {
    watch: async ({ watcher, id, targets }) => {
      await ready;
      return feeds === undefined ? polling : feeds.watch(watcher, id, targets);
    },
    status: async () => (feeds === undefined ? polling : feeds.status()),
    debug: async ({ watcher, id, module, index }) => {
      await ready;
      // A module's log lines come only over the socket: without one there is nothing to follow.
      if (feeds === undefined)
        throw new RoomdeckError(ErrorCode.ROOMDECK_OFFLINE, { cause: 'no live channel' });
      await feeds.debug(watcher, id, { module, index });
      return null;
    },
    ignore: async ({ watcher, id, module, index }) => {
      await ready;
      if (feeds !== undefined) await feeds.ignore(watcher, id, { module, index });
      return null;
    },
  };
}
