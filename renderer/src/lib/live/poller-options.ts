import type { ModuleState, PollSettings } from '#contract';
import type { Clock } from '../time/clock.ts';

/** What the poller is told and what it tells (poller.ts); apart so the poller itself stays one job. */

export interface PollTarget {
  module: string;
  index: number;
}

export interface PollerEvents {
  /** A fresh snapshot arrived. */
  state(key: string, state: ModuleState): void;
  /** A module's values can no longer be trusted (true) or are fresh again (false). */
  stale(key: string, stale: boolean): void;
  /** The link to the service is lost (error message) or back (null). */
  link(lost: string | null): void;
}

export interface PollerOptions {
  fetchState(target: PollTarget): Promise<ModuleState>;
  settings: PollSettings;
  clock: Clock;
  events: PollerEvents;
  /** Which failures mean the service itself is out of reach (every module goes stale at once). */
  isLinkLoss(error: unknown): boolean;
  messageOf(error: unknown): string;
  random?: () => number;
  /** Backoff ceiling: kept low so a room that comes back is live again within seconds. */
  maxBackoffMs?: number;
  /**
   * A poll still unanswered after this long means the service hangs: say so at once rather than
   * after the request's own timeout (default 2 s; the request itself keeps waiting).
   */
  hungAfterMs?: number;
  /**
   * After a poll is seen to hang, ask again this much later without waiting for the hung request's
   * own timeout (default 1 s): when the service comes back, the next ask is answered at once, so
   * values are fresh within seconds rather than after the timeout and a backoff.
   */
  hungRetryMs?: number;
  /**
   * How long the service asked to be left alone (Retry-After, ms) for a failed request. Honoured by
   * every module but the first watched, which keeps probing within the backoff ceiling, so the
   * panel is live within seconds of the service recovering (then everything polls at once).
   */
  retryAfterMs?(error: unknown): number | undefined;
  /**
   * Push mode: how long a module newly watched waits for its first pushed state before it is polled
   * after all (default 3 s). The channel sends it within milliseconds; polling at once would cost a
   * request per module on every page change for a value that is already on its way.
   */
  pushWaitMs?: number;
  /**
   * Push mode: how long a module whose pushed value went stale (the socket was renewed) waits for
   * the fresh one before it is polled (default 10 s, with jitter): never unknown for ever, and a
   * fleet reconnecting after an outage does not poll every module at the same moment.
   */
  staleWaitMs?: number;
}
