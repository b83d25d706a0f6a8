import { PAGE_KEY_STORAGE } from '../contract/page-key.ts';
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

export function launchPage(key: string): string {
  return layout(
    'Opening Roomdeck…',
    `<p id="${STATUS_ID}">Connecting this tab to Roomdeck.</p>
<noscript><p>Roomdeck needs JavaScript: allow it for this address and open the address Roomdeck printed again.</p></noscript>`,
    `<meta name="${KEY_META}" content="${escapeHtml(key)}"><script defer src="${LAUNCH_SCRIPT_PATH}"></script>`,
  );
}

/** Static text, the same for every session: the key is in the page, never in the script. */
export const LAUNCH_SCRIPT = `// Roomdeck's launch step (host/launch-page.ts).
(() => {
  const meta = document.querySelector('meta[name="${KEY_META}"]');
  try {
    if (meta === null) throw new Error('no key');
    sessionStorage.setItem(${JSON.stringify(PAGE_KEY_STORAGE)}, meta.content);
  } catch {
    const status = document.getElementById('${STATUS_ID}');
    if (status !== null)
      status.textContent =
        'This browser does not let Roomdeck keep its key for this tab (site data is blocked). Allow site data for this address, then open the address Roomdeck printed again.';
    return;
  }
  meta.remove();
  location.replace('/');
})();
`;
