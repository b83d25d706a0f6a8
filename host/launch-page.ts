import { PAGE_KEY_STORAGE } from '../contract/page-key.ts';
import type { Translator } from '../locales/index.ts';
import { escapeHtml, layout } from './pages.ts';

/**
 * The launch step's page: what the printed address (`/?launch=TOKEN`) answers. It carries this
 * browser session's page key (contract/page-key.ts) in a `<meta>` element; a small script
 * from the host's own origin (the CSP allows no inline script) copies it into this tab's
 * `sessionStorage` and replaces the address with `/`, so the token leaves the address bar and the
 * history entry at once and the key never rides in a cookie.
 *
 * Only someone who has the token gets this page, and no other origin can read it: no CORS, and
 * `Cross-Origin-Resource-Policy: same-origin`. A reload of the tab keeps the key (sessionStorage
 * lasts as long as the tab); a new tab opens the printed address again.
 */

export const LAUNCH_SCRIPT_PATH = '/launch.js';
const KEY_META = 'roomdeck-page-key';
const STATUS_ID = 'launch-status';

/**
 * In the request's language; the words the script may need (site data blocked) ride in the page
 * too, so the script stays the same static file for every language.
 */
export function launchPage(words: Translator, key: string): string {
  return layout(
    words,
    words.t('app.host.openingTitle'),
    `<p id="${STATUS_ID}" data-blocked="${escapeHtml(words.t('app.host.storageBlocked'))}">${escapeHtml(words.t('app.host.connecting'))}</p>
<noscript><p>${escapeHtml(words.t('app.host.needsScript'))}</p></noscript>`,
    `<meta name="${KEY_META}" content="${escapeHtml(key)}"><script defer src="${LAUNCH_SCRIPT_PATH}"></script>`,
  );
}

/** Static text, the same for every session and language: the key and the words are in the page, never in the script. */
export const LAUNCH_SCRIPT = `// Roomdeck's launch step (host/launch-page.ts).
(() => {
  const meta = document.querySelector('meta[name="${KEY_META}"]');
  try {
    if (meta === null) throw new Error('no key');
    sessionStorage.setItem(${JSON.stringify(PAGE_KEY_STORAGE)}, meta.content);
  } catch {
    const status = document.getElementById('${STATUS_ID}');
    if (status !== null) status.textContent = status.dataset.blocked ?? '';
    return;
  }
  meta.remove();
  location.replace('/');
})();
`;
