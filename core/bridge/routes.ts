import { TECHNICIAN_ROUTE } from '../../contract/channels.ts';
import type { RoomdeckApi } from '../../contract/verbs.ts';
import type { LiveRoute } from './live-channel.ts';

/** What a transport needs of the main-process services to serve the routes. */
export interface RouteServices {
  api: RoomdeckApi;
  live?: LiveRoute | undefined;
  technicianApi?: RoomdeckApi | undefined;
  technicianLive?: LiveRoute | undefined;
}

/**
 * One way in for the page: its verbs and its live events, served beneath `prefix` (IPC channels
 * `prefix/domain:verb`, HTTP `/prefix/bridge/…`); the panel's own route has none.
 */
export interface BridgeRoute {
  prefix: string | undefined;
  api(services: RouteServices): RoomdeckApi;
  live(services: RouteServices): LiveRoute | undefined;
}

/**
 * Every route both composition roots (the Electron main process and the browser host) serve, so a
 * new one is added once and served by both transports alike.
 */
export const BRIDGE_ROUTES: readonly BridgeRoute[] = [
  { prefix: undefined, api: (s) => s.api, live: (s) => s.live },
  // The kiosk technician's route: the same gates, the technician's own session (PIN-gated in the
  // main process). Services without one serve the ordinary verbs here: no more than the panel's
  // route gives anyway.
  {
    prefix: TECHNICIAN_ROUTE,
    api: (s) => s.technicianApi ?? s.api,
    live: (s) => s.technicianLive ?? s.live,
  },
];
