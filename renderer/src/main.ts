import './app.css';
import type { BridgeError } from './lib/bridge/bridge.ts';
import { createBridge, findIpc, pageKeyOf } from './lib/bridge/bridge.ts';
import { t, useLanguage } from './lib/i18n/i18n.svelte.ts';
import { pageLanguageState } from './lib/i18n/page-language.svelte.ts';
import { BOOT_ANSWERED_MARK, CATALOGUE_READY_MARK } from './lib/app/startup-marks.ts';
import { warmTimeFormats } from './lib/time/time-format.ts';

/*
 * The page's first script, kept tiny: it asks the host for what the first screen needs (the
 * session, the configuration, the bound room) before the rest of the panel's code has even been
 * compiled, so the host's work and the browser's overlap. Everything else is in ./start.ts.
 */

// The bridge reports session-ending errors to the app model, which exists only after start.ts loads.
let sessionEnded: (error: BridgeError) => void = () => undefined;
// In a browser, the host's page key for this tab (unused over Electron's IPC).
const pageKey = pageKeyOf(() => globalThis.sessionStorage);
const api = createBridge({ ipc: findIpc(), pageKey, onSessionEnded: (error) => sessionEnded(error) });
const boot = api.session.boot({});
// The app model handles a failure once it takes the answer; until then it must not count as unhandled.
void boot.then(
  () => performance.mark(BOOT_ANSWERED_MARK),
  () => undefined,
);

// The page's language (only its catalogue is fetched), chosen from the boot's answer while the
// panel's code arrives; then the first Intl formatters load the locale's data (time-format.ts).
// pageLanguageState keeps what chose it, so later changes (the room's, a visitor's) follow.
const language = boot
  .then(
    (answer) => {
      pageLanguageState.configure(answer.config.language);
      if (answer.opening && 'room' in answer.opening)
        pageLanguageState.setRoom(answer.opening.room.detail.system.settings ?? null);
    },
    () => undefined,
  )
  .then(() => useLanguage(pageLanguageState.wantedTag, pageLanguageState.clock))
  .then(() => {
    performance.mark(CATALOGUE_READY_MARK);
    warmTimeFormats();
  });
/** How long the load-failure screen waits for the page's language before it speaks English. */
const LANGUAGE_WAIT_MS = 3_000;
try {
  const [{ start }] = await Promise.all([import('./start.ts'), language]);
  sessionEnded = start({ api, boot, pageKey });
  pageLanguageState.follow();
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
  // In the page's language when its catalogue arrived (it is loaded beside the panel's code, not
  // from it). When it did not arrive either, nothing here has any words but the ones written in
  // this file: English, so the screen still says what happened and offers the way out.
  try {
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
