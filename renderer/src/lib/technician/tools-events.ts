import type { ToolsChannel } from './live-link.ts';

/**
 * The technician tools' own live events: their route's (the kiosk technician's, or the panel's on a
 * laptop), under a watcher id of their own, so their watch list never replaces the panel's.
 * Null until the page has a live event source (the tools then poll, as before the live channel).
 */
export function openToolsEvents(_route: 'technician' | undefined): ToolsChannel | null {
  return null;
}
