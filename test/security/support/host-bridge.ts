import { PAGE_KEY_HEADER } from '../../../contract/page-key.ts';
import type { Running } from '../../e2e/support/processes.ts';
import { pageKeyIn } from '../../host/fixture.ts';

/**
 * The browser host's bridge from Node, as a script on this machine holding the page's cookie
 * would call it: the printed launch address traded for the cookie, then POSTs with the host's own
 * Origin, and the page key the page served for the launch address hands the tab. Attack tests that need no page use it instead of a browser.
 */

export type BridgeAnswer = { ok: boolean; value?: unknown; error?: { code: string; message?: string } };

export interface HostBridge {
  post(path: string, body?: unknown): Promise<BridgeAnswer>;
}

export async function openHostBridge(host: Running): Promise<HostBridge> {
  const page = await fetch(host.launchUrl, { redirect: 'manual' });
  const cookie = page.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('roomdeck_session='));
  if (cookie === undefined) throw new Error(`the launch address gave no session cookie (${page.status})`);
  const key = pageKeyIn(await page.text());
  return {
    async post(path, body = {}) {
      const response = await fetch(`${host.url}${path}`, {
        method: 'POST',
        headers: { origin: host.url, cookie, [PAGE_KEY_HEADER]: key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as BridgeAnswer;
    },
  };
}
