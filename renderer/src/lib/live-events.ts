import type { LiveEvent } from '#contract';

/**
 * The main process's live events as the page receives them (issue 23): IPC events under Electron,
 * the browser host's Server-Sent Events stream elsewhere. The panel's poller and the technician's
 * live views subscribe here; which transport is behind it they never learn.
 */
export interface LiveEventSource {
  /** Every event for this page; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

/** A random id for this page load, named in `live.watch` (so one page's list never replaces another's). */
export function newWatcherId(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 20; i += 1) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}
