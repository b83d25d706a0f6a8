// The global stylesheet first (tokens, resets, global rules): in the panel's one stylesheet ahead of
// every component's, so a global rule never overrides a panel rule of the same specificity.
import './app.css';
import { mount } from 'svelte';
import { type BootView, type RoomdeckApi, TECHNICIAN_ROUTE } from '#contract';
import App from './App.svelte';
import { AppModel } from './lib/app/app.svelte.ts';
import { type BridgeError, createBridge, findIpc } from './lib/bridge/bridge.ts';
import { systemClock } from './lib/time/clock.ts';
import { PanelHeartbeat } from './lib/panel/heartbeat.ts';
import { createLiveEventSource } from './lib/live/live-events.ts';
import type { OpenedWindow, TechnicianAccessModel } from './lib/technician/access/access.svelte.ts';
import { pageLanguageState } from './lib/i18n/page-language.svelte.ts';

// The page's first language comes with the panel's code: main.ts imports both in one request.
export { speakFirstLanguage, t } from './lib/app/first-language.ts';

export interface StartOptions {
  api: RoomdeckApi;
  /** The first `session.boot`, already on its way (main.ts asks before this module loads). */
  boot: Promise<BootView>;
  /** The browser host's page key for this tab (main.ts reads it), for the technician's route too. */
  pageKey: string | null;
}

/** Mounts the app; returns where the bridge's session-ending errors go from now on. */
export function start({ api, boot, pageKey }: StartOptions): (error: BridgeError) => void {
  const nav = { assign: (url: string) => window.location.assign(url) };
  // The page's live channel (IPC under Electron, the host's event stream in a browser): one per
  // page load, its watcher named in every room's watch list.
  const live = createLiveEventSource({ pageKey });
  const model = new AppModel(api, nav, undefined, { source: live, watcher: live.watcher });
  // A kiosk technician's calls: their own route (IPC channels or HTTP path), their own session, and
  // session-ending errors that close the technician's drawer, never the panel. Loaded on a kiosk
  // only (App asks), once, as the panel starts; without the technician's words, which it says only
  // in the drawer (App loads them with the drawer).
  let technician: Promise<TechnicianAccessModel> | undefined;
  const loadTechnician = () => {
    if (technician === undefined) {
      technician = import('./lib/technician/access/access.svelte.ts').then(
        ({ TechnicianAccessModel }) =>
          new TechnicianAccessModel({
            api,
            tools: createBridge({ ipc: findIpc(TECHNICIAN_ROUTE), baseUrl: `/${TECHNICIAN_ROUTE}`, pageKey }),
            nav: { ...nav, open: openSignInWindow },
            clock: systemClock,
          }),
      );
      // A failed load is tried again the next time it is asked for (the next kiosk screen).
      technician.catch(() => {
        technician = undefined;
      });
    }
    return technician;
  };

  const target = document.getElementById('app');
  if (!target) throw new Error('index.html has no #app element');
  void model.boot(boot);
  // Alive, and where: the main process keeps the display awake and watches for a hung page by it.
  const heartbeat = new PanelHeartbeat({ send: (state) => api.panel.report(state), clock: systemClock });
  mount(App, { target, props: { model, clock: systemClock, loadTechnician, heartbeat } });
  // The first report after the first frame (the room's controls are drawn first), or after a
  // second at the latest: a page in a hidden tab draws no frame. Starting twice starts once.
  const beginHeartbeat = () => heartbeat.start();
  requestAnimationFrame(() => setTimeout(beginHeartbeat, 0));
  setTimeout(beginHeartbeat, 1_000);
  // The language was chosen from the boot's answer (first-language.ts); from now on it follows changes.
  pageLanguageState.follow();
  return (error) => model.sessionEnded(error);
}

/**
 * The service's sign-in page in a window of its own over the panel (browser host): the panel and
 * the technician's drawer, with its Cancel, stay where they were. The window keeps its opener:
 * Chromium lets a page close only a window it still opens, so a window cut loose (`opener = null`,
 * `noopener`) could not be closed by Cancel, the technician timeout or a finished sign-in. The
 * page in it is the service's own sign-in page, which the panel trusts with its sign-in anyway.
 */
function openSignInWindow(url: string): OpenedWindow | null {
  return window.open(url, 'roomdeck-technician-sign-in', 'popup,width=520,height=720');
}
