import { INTERACTIVE_MARK } from '../../lib/app/startup-marks.ts';

/*
 * Parts of the panel that its first screen does not show, each in a chunk of its own: the page
 * does not fetch, parse or evaluate them before the room is on the screen. Once the panel is
 * interactive they are fetched in the background, so a press that opens one rarely waits for it.
 */

export const loadCallPage = () => import('./CallPage.svelte');
export const loadHelpSheet = () => import('./HelpSheet.svelte');
export const loadJoinLock = () => import('./join/JoinLock.svelte');

const LATER = [loadHelpSheet, loadCallPage, loadJoinLock];

/** How long an idle moment may be waited for before the parts are fetched anyway. */
const IDLE_WAIT_MS = 2_000;

let asked = false;

/** Fetches the parts above once the panel is interactive (once per page load, whoever asks). */
export function prefetchWhenInteractive(): void {
  if (asked || typeof PerformanceObserver === 'undefined') return;
  asked = true;
  const fetchAll = () => {
    // A part that fails to load here is loaded again (and its failure shown) when it is opened.
    for (const load of LATER) void load().catch(() => undefined);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(fetchAll, { timeout: IDLE_WAIT_MS })
      : setTimeout(fetchAll, 0);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(INTERACTIVE_MARK).length === 0) return;
    observer.disconnect();
    whenIdle();
  });
  // buffered: a mark set before this observer existed still counts.
  observer.observe({ type: 'mark', buffered: true });
}
