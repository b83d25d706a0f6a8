import { BOOT_ANSWERED_MARK, CODE_LOADED_MARK } from './lib/app/startup-marks.ts';
import type { BridgeError } from './lib/bridge/bridge.ts';
import { adoptPageKey, createBridge, findIpc, servedPageKey } from './lib/bridge/bridge.ts';

/*
 * The page's first script, kept tiny: it imports only the bridge, and asks the host for what the
 * first screen needs (the session, the configuration, the bound room) before the rest of the
 * panel's code has even been compiled, so the host's work and the browser's overlap. The panel's
 * code, its styles and the page's language load beside it (./start.ts).
 */

// The bridge reports session-ending errors to the app model, which exists only after start.ts loads.
let sessionEnded: (error: BridgeError) => void = () => undefined;
// In a browser, the host's page key for this tab (unused over Electron's IPC): in the page when it
// was served for the printed address, else kept by an earlier load of the tab.
const launchedPage = {
  document,
  history: window.history,
  location: window.location,
  storage: () => globalThis.sessionStorage,
};
const served = servedPageKey(document);
const pageKey = served ?? adoptPageKey(launchedPage);
const api = createBridge({ ipc: findIpc(), pageKey, onSessionEnded: (error) => sessionEnded(error) });
const boot = api.session.boot({});
// Kept for the tab's reloads, and the launch token out of the address, once the call is on its way.
if (served !== null) adoptPageKey(launchedPage);
// The app model handles a failure once it takes the answer; until then it must not count as unhandled.
void boot.then(
  () => performance.mark(BOOT_ANSWERED_MARK),
  () => undefined,
);

// The page's first Intl formatter loads the browser's locale data (about 12 ms on a cold page):
// paid now, while the boot's answer and the panel's code are on their way, not before the first
// paint (the clock's formatters then take a fraction of a millisecond).
new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(0);

// The panel's code, and the page's language chosen from the boot's answer as soon as it is here.
const panel = import('./start.ts');
void panel.then(
  () => performance.mark(CODE_LOADED_MARK),
  () => undefined,
);
const language = panel.then(({ speakFirstLanguage }) => speakFirstLanguage(boot));
/** How long the load-failure screen waits for the page's language before it speaks English. */
const LANGUAGE_WAIT_MS = 3_000;
try {
  const [{ start }] = await Promise.all([panel, language]);
  sessionEnded = start({ api, boot, pageKey });
} catch {
  // The panel's code did not arrive (the host restarted with another build, the network dropped):
  // say so rather than leave a blank screen. A kiosk's watchdog reloads the page by itself.
  // The language may still be on its way when the code's failure arrives: wait for it a moment.
  await Promise.race([
    language.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS)),
  ]);
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'target primary';
  // In the page's language when the panel's code arrived but failed to start, or its catalogue
  // came late. When the code did not arrive, nothing here has any words but the ones written in
  // this file: English, so the screen still says what happened and offers the way out.
  try {
    const { t } = await panel;
    message.textContent = t('app.loadFailed');
    reload.textContent = t('common.reload');
  } catch {
    // i18n-ignore: the deliberate English fallback when no catalogue could be loaded at all
    message.textContent =
      'Roomdeck could not load the panel. Reload it; if it keeps happening, call AV support.';
    reload.textContent = 'Reload'; // i18n-ignore: the English fallback when no catalogue loaded
  }
  reload.addEventListener('click', () => window.location.reload());
  const screen = document.createElement('main');
  screen.className = 'app load-failure';
  screen.append(message, reload);
  document.getElementById('app')?.replaceChildren(screen);
}
