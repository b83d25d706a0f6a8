import type { Request } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost, signIn } from './support/panel.ts';

/**
 * The browser host as seen from outside: only the person holding the printed address reaches the
 * app and its bridge; other pages and stray requests to the sign-in callback change nothing.
 */

const LAUNCH_TITLE = 'Open Roomdeck from the address it printed';
const NOT_CONNECTED = 'This tab is not connected to Roomdeck.';

test.describe('the launch token', () => {
  test('a fresh browser opening the host without the printed token gets no app, no cookie and no bridge', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const response = await page.goto(`${stack.host.url}/`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1, name: LAUNCH_TITLE })).toBeVisible();
      await expect(page.locator('main[data-screen]')).toHaveCount(0);
      expect(await context.cookies(stack.host.url)).toEqual([]);
      // The page is the host's own origin, so only the missing cookie stands in the way.
      const answer = await page.evaluate(async () => {
        const reply = await fetch('/bridge/session/status', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return { status: reply.status, body: await reply.json() };
      });
      expect(answer).toMatchObject({
        status: 401,
        body: { ok: false, error: { code: 'ROOMDECK_BRIDGE_UNAUTHORIZED' } },
      });
      // A guessed token is no better.
      await page.goto(`${stack.host.url}/?launch=guess`);
      await expect(page.getByRole('heading', { name: LAUNCH_TITLE })).toBeVisible();
      expect(await context.cookies(stack.host.url)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the printed address opens the app and takes the token out of the address bar', async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(stack.host.launchUrl);
      await expect(page).toHaveURL(`${stack.host.url}/`);
      await expect(page.locator('main[data-screen]')).not.toHaveAttribute('data-screen', 'starting');
      const cookies = await context.cookies(stack.host.url);
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
        ['roomdeck_session', true, 'Strict'],
      ]);
      // The tab keeps the session's page key in its sessionStorage, not in a cookie.
      const key = await page.evaluate(() => sessionStorage.getItem('roomdeck.pageKey'));
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookies.map((c) => c.value)).not.toContain(key);
      // A reload keeps working without the token, and so does a second tab opened from the printed
      // address, while the first keeps working too.
      const connected = async (tab: typeof page) => {
        await expect(tab.locator('main[data-screen]')).not.toHaveAttribute('data-screen', 'starting');
        await expect(tab.locator('main[data-screen]')).not.toContainText(NOT_CONNECTED);
      };
      await page.reload();
      await connected(page);
      const second = await context.newPage();
      await second.goto(stack.host.launchUrl);
      await expect(second).toHaveURL(`${stack.host.url}/`);
      await connected(second);
      await page.reload();
      await connected(page);
      // A tab opened at the bare address has the cookie but no key: it is told what to do.
      const bare = await context.newPage();
      await bare.goto(`${stack.host.url}/`);
      await expect(bare.locator('main[data-screen="sign-in"]')).toContainText(NOT_CONNECTED);
    } finally {
      await context.close();
    }
  });

  test('a page of another origin cannot use the bridge, even where the browser sends the cookie along', async ({
    page,
    stack,
    service,
  }) => {
    await signIn(page, stack.host.url);
    // The simulator's page: another port of 127.0.0.1, the "same site", so the SameSite=Strict
    // cookie does travel with its requests. Origin and Sec-Fetch-Site still give it away.
    const foreign = `${stack.simulator.url}/a-page-of-another-origin`;
    await page.route(foreign, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Another origin</title>' }),
    );
    await page.goto(foreign);
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${stack.host.url}/bridge/`)) sent.push(request);
    });
    // Simple requests (no preflight): they reach the host whatever CORS later lets the page read.
    // The host's answer is unreadable here anyway (CORP same-origin), so the fetch itself fails.
    await page.evaluate(async (host) => {
      const send = (path: string, body: unknown) =>
        fetch(`${host}/bridge/${path}`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(body),
        }).catch(() => undefined);
      await send('systems/create', { system: { name: 'Forged room' } });
      await send('session/signOut', {});
    }, stack.host.url);
    // Both went out, the session cookie with them: the host itself had to refuse them.
    expect(sent).toHaveLength(2);
    for (const request of sent) expect((await request.allHeaders()).cookie).toMatch(/roomdeck_session=/);
    expect(await service.request<unknown[]>('GET', '/systems?q=Forged')).toEqual([]);
    // The real page is still signed in.
    await openHost(page, stack.host.url);
    await expect(page.locator('main[data-screen]')).not.toHaveAttribute('data-screen', /starting|sign-in/);
  });
});

test.describe('a sign-in in progress', () => {
  // A host of its own for each test, signed out: the shared one may be signed in by another spec.
  const { stack: fresh } = ownStack({ each: true });

  test('survives a stray /callback with the wrong state (400), and the real sign-in still completes', async ({
    page,
    context,
  }) => {
    await openHost(page, fresh.host.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);

    const stray = await context.newPage();
    const response = await stray.goto(`${fresh.host.url}/callback?code=z&state=wrong`);
    expect(response?.status()).toBe(400);
    await expect(stray.getByRole('heading', { name: 'Sign-in answer ignored' })).toBeVisible();
    await stray.close();

    await page.getByLabel('Username').fill('panel@demo.local');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${fresh.host.url}/`);
    await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  });

  test('offers Cancel and "Open the browser again" when the person comes back without signing in', async ({
    page,
  }) => {
    await openHost(page, fresh.host.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
    const authorizeUrl = page.url();

    // Back from the service's page without signing in: no five minutes of "Signing in…".
    await page.goBack();
    await expect(page.getByRole('status')).toHaveText(/Signing in…/);
    await page.getByRole('button', { name: 'Open the browser again' }).click();
    await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
    // The same sign-in (same state), not a new one.
    expect(new URL(page.url()).searchParams.get('state')).toBe(
      new URL(authorizeUrl).searchParams.get('state'),
    );

    await page.goBack();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status')).toHaveText(/Not signed in/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    // The cancelled sign-in's answer is no longer accepted.
    const late = await page.request.get(
      `${fresh.host.url}/callback?code=z&state=${new URL(authorizeUrl).searchParams.get('state')}`,
    );
    expect(late.status()).toBe(400);
  });
});
