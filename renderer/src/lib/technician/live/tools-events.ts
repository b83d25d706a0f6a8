import { pageKeyOf } from '../../bridge/bridge.ts';
import { createLiveEventSource, findLiveIpc } from '../../live/live-events.ts';
import type { ToolsChannel } from './live-link.ts';

/**
 * The technician tools' own live events: their route's (the kiosk technician's, or the panel's on a
 * laptop), under a watcher id of their own, so their watch list never replaces the panel's. Over
 * the preload's subscription in Electron, the browser host's event stream elsewhere (bridge.ts
 * picks the tools' verbs the same way); the host forgets the watcher when the stream ends.
 */
export function openToolsEvents(route: 'technician' | undefined): ToolsChannel | null {
  // Neither a preload nor a browser's EventSource (a test's DOM): no events, the views poll.
  if (findLiveIpc(route) === undefined && typeof globalThis.EventSource !== 'function') return null;
  const source = createLiveEventSource({
    ...(route === undefined ? {} : { route }),
    pageKey: pageKeyOf(() => globalThis.sessionStorage),
  });
  return { events: source, watcher: source.watcher };
}
