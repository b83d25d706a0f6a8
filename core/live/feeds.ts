import type { LiveEvent, LiveStatus, LiveTarget } from '../../contract/types.ts';
import type { CallOptions, ExecCall } from '../api/calls.ts';

/**
 * The live channel as the bridge uses it: one control websocket per service and session,
 * bound to what the pages show, turned into bridge events. Implemented in core/live/; the bridge's
 * `live` verbs and `systems.exec` use it; each transport (IPC, the browser host's event stream)
 * subscribes to its events.
 */
export interface LiveFeeds {
  /** Push or polling, now. */
  status(): LiveStatus;
  /**
   * Replaces `watcher`'s watch list (an empty list: nothing). Modules no page watches any more are
   * unbound; new ones are bound and their whole state is sent as a `state` event once known.
   * `active`: the watcher's room is in use, so the link is watched closely (LiveWatch.active).
   */
  watch(watcher: string, systemId: string, targets: readonly LiveTarget[], active?: boolean): LiveStatus;
  /** The page is gone (its window closed, its event stream ended): its watch list and debug streams go. */
  forget(watcher: string): void;
  /** Follow a module's log lines (`debug` events) for `watcher`; throws a RoomdeckError when refused. */
  debug(watcher: string, systemId: string, target: LiveTarget): Promise<void>;
  ignore(watcher: string, systemId: string, target: LiveTarget): Promise<void>;
  /**
   * Runs a method over the socket while it is open and returns its result, with the same errors as
   * the HTTP exec (the device named); `undefined` when the socket is not open (use HTTP).
   */
  exec(systemId: string, call: ExecCall, options?: CallOptions): Promise<unknown> | undefined;
  /** Every event, for one transport; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Closes the socket for good (sign-out, quit). */
  close(): Promise<void>;
}
