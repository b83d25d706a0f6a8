/*
 * The live channel's names and limits without its schemas: the page's first script reaches these
 * through the contract's index, and live.ts's TypeBox schemas would pull TypeBox in with them.
 */

/** Most module instances one page may watch at once (a page shows a few; the tools one module). */
export const MAX_LIVE_TARGETS = 64;

/**
 * Where events travel: the IPC channel the main process sends on (the preload exposes only a
 * subscription to it), and the browser host's Server-Sent Events path (same launch-secret rules as
 * the bridge; `?watcher=` names the page). Technician events (debug lines, the tools' watch list on
 * a kiosk) travel on the technician route's equivalents.
 */
export const LIVE_EVENT_CHANNEL = 'roomdeck:live';
export const LIVE_EVENTS_PATH = '/bridge/events';
