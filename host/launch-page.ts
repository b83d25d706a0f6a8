import { PAGE_KEY_META } from '../contract/page-key.ts';
import { escapeHtml } from './pages.ts';

/**
 * The printed address (`/?launch=TOKEN`) answers with the app's page itself, carrying this browser
 * session's page key (contract/page-key.ts) in a `<meta>` element: the page's first script keeps
 * it in this tab's `sessionStorage`, removes the element and replaces the address with `/`, so the
 * token leaves the address bar and the history entry and the key never rides in a cookie
 * (renderer/src/lib/bridge/bridge.ts, `adoptPageKey`). A step of its own (a page that stored the
 * key and then loaded the app) cost a second navigation at every start.
 *
 * Only someone who has the token gets this page, and no other origin can read it: no CORS, and
 * `Cross-Origin-Resource-Policy: same-origin`. A reload of the tab keeps the key (sessionStorage
 * lasts as long as the tab); a new tab opens the printed address again.
 */
export function withPageKey(html: string, key: string): string {
  const meta = `<meta name="${PAGE_KEY_META}" content="${escapeHtml(key)}">`;
  // First in <head>: the page's first script reads it before anything else runs.
  return html.replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}
