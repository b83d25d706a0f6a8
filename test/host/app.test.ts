import { afterEach, describe, expect, it } from 'vitest';
import { SignInError } from '../../core/api/errors.ts';
import type { RoomdeckApi } from '../../contract/verbs.ts';
import { PAGE_KEY_HEADER } from '../../contract/page-key.ts';
import { CONTENT_SECURITY_POLICY } from '../../core/csp.ts';
import { fakeApi } from '../support/fake-api.ts';
import { hostFixture, ORIGIN, pageKeyIn } from './fixture.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(api: RoomdeckApi = fakeApi(), completeSignIn?: (url: URL) => Promise<unknown>) {
  const fixture = await hostFixture(completeSignIn === undefined ? { api } : { api, completeSignIn });
  close = () => fixture.app.close();
  return fixture;
}

describe('the browser host', () => {
  it('trades the printed launch token for a session: an HttpOnly, SameSite=Strict cookie and a page key that is not in it', async () => {
    const { inject, launchToken } = await setup();
    const launch = await inject({ method: 'GET', url: `/?launch=${launchToken.value}` });
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['cache-control']).toBe('no-store');
    expect(launch.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const [cookie] = launch.cookies;
    expect(cookie).toMatchObject({ name: 'roomdeck_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.value).not.toBe(launchToken.value);
    // The printed address opens the app's page itself, the key in it for the page's first script
    // to keep in this tab's sessionStorage (no step of its own between the address and the panel).
    expect(launch.headers['content-type']).toMatch(/^text\/html/);
    expect(launch.body).toContain('<div id="app">');
    const key = pageKeyIn(launch.body);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([cookie?.value, launchToken.value]).not.toContain(key);
    expect(launch.body).not.toContain(launchToken.value);
  });

  it('puts the key only in the page served for the launch address, never in the page a cookie opens', async () => {
    const { inject, openPage } = await setup();
    const page = await inject({ method: 'GET', url: '/', headers: { cookie: (await openPage()).cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="app">');
    expect(() => pageKeyIn(page.body)).toThrow();
  });

  it('serves the renderer’s page with the strict CSP to a browser holding the cookie', async () => {
    const { inject, openPage } = await setup();
    const page = await inject({ method: 'GET', url: '/', headers: { cookie: (await openPage()).cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<div id="app">');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.cookies).toEqual([]);
  });

  it('gives a client without the launch token no cookie and no app, only what to do', async () => {
    const { inject, bridge } = await setup();
    for (const url of ['/', '/index.html', '/?launch=', '/?launch=guess', '/index.html?launch=x']) {
      const page = await inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(403);
      expect(page.cookies, url).toEqual([]);
      expect(page.body, url).not.toContain('<div id="app">');
      expect(page.body, url).toContain('Open Roomdeck from the address it printed');
    }
    const forged = await bridge('systems', 'create', { system: { name: 'x' } }, {});
    expect(forged.statusCode).toBe(401);
  });

  it('mints no cookie for a launch address opened from another site, even with the right token', async () => {
    const { inject, launchToken } = await setup();
    for (const site of ['cross-site', 'same-site']) {
      const page = await inject({
        method: 'GET',
        url: `/?launch=${launchToken.value}`,
        headers: { 'sec-fetch-site': site },
      });
      expect(page.statusCode, site).toBe(403);
      expect(page.cookies, site).toEqual([]);
    }
    for (const site of ['none', 'same-origin']) {
      const page = await inject({
        method: 'GET',
        url: `/?launch=${launchToken.value}`,
        headers: { 'sec-fetch-site': site },
      });
      expect(page.statusCode, site).toBe(200);
      expect(page.cookies, site).toHaveLength(1);
    }
  });

  it('cannot be made to forget the real page’s session by a flood of page loads', async () => {
    const { inject, openPage, bridge } = await setup();
    const signedIn = await openPage();
    for (let i = 0; i < 100; i++) await inject({ method: 'GET', url: '/' });
    const page = await inject({ method: 'GET', url: '/', headers: { cookie: signedIn.cookie } });
    expect(page.statusCode).toBe(200);
    expect((await bridge('session', 'status', {}, signedIn)).statusCode).toBe(200);
  });

  it('hands the same session’s key to a second tab opened from the launch address, and lets a second browser in', async () => {
    const { inject, openPage, launchToken, bridge } = await setup();
    const first = await openPage();
    const again = await inject({
      method: 'GET',
      url: `/?launch=${launchToken.value}`,
      headers: { cookie: first.cookie },
    });
    expect(again.statusCode).toBe(200);
    // No new cookie: it would cut off the tabs already open.
    expect(again.cookies).toEqual([]);
    expect(pageKeyIn(again.body)).toBe(first[PAGE_KEY_HEADER]);
    const other = await openPage();
    expect(other.cookie).not.toBe(first.cookie);
    expect(other[PAGE_KEY_HEADER]).not.toBe(first[PAGE_KEY_HEADER]);
    for (const signedIn of [first, other]) {
      expect(
        (await inject({ method: 'GET', url: '/', headers: { cookie: signedIn.cookie } })).statusCode,
      ).toBe(200);
      expect((await bridge('session', 'status', {}, signedIn)).statusCode).toBe(200);
    }
    // A key belongs to its own session's cookie only.
    const crossed = await bridge(
      'session',
      'status',
      {},
      { ...first, [PAGE_KEY_HEADER]: other[PAGE_KEY_HEADER] },
    );
    expect(crossed.statusCode).toBe(401);
  });

  it('serves the built assets with the CSP and without a cookie', async () => {
    const { inject } = await setup();
    const script = await inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(script.cookies).toEqual([]);
    const style = await inject({ method: 'GET', url: '/assets/index-abc.css' });
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });

  it('lets a browser keep the content-named assets for good, never the page', async () => {
    const { inject, openPage } = await setup();
    const script = await inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await inject({ method: 'GET', url: '/', headers: { cookie: (await openPage()).cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('compiles no schema of its own: a route with a schema and no compilers of its own is refused', async () => {
    const checked = await setup();
    checked.app.post('/checked', { schema: { body: { type: 'object' } } }, async () => ({ ok: true }));
    await expect(checked.app.ready()).rejects.toThrow(/brings its own validator and serializer/);
    await close?.();
    const listed = await setup();
    listed.app.get('/listed', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    await expect(listed.app.ready()).rejects.toThrow(/brings its own validator and serializer/);
  });

  it('answers unknown paths and path traversal with JSON 404', async () => {
    const { inject } = await setup();
    for (const url of ['/nope', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'ROOMDECK_HOST_NOT_FOUND' } });
    }
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const { inject } = await setup();
    const response = await inject({ method: 'GET', url: '/', headers: { host: 'evil.example:47123' } });
    expect(response.statusCode).toBe(421);
    expect(response.cookies).toEqual([]);
  });

  it('completes sign-in on the callback route with the full callback URL, then returns to the page from a page of its own', async () => {
    const { inject, callbacks } = await setup();
    for (const path of ['/callback', '/auth/callback']) {
      const response = await inject({ method: 'GET', url: `${path}?code=abc&state=xyz` });
      // Not a redirect: after a cross-site navigation the SameSite=Strict cookie would stay behind.
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta http-equiv="refresh" content="0;url=/">');
      expect(response.body).not.toContain('abc');
    }
    expect(callbacks.map(String)).toEqual([
      `${ORIGIN}/callback?code=abc&state=xyz`,
      `${ORIGIN}/auth/callback?code=abc&state=xyz`,
    ]);
  });

  it('returns to the page when sign-in fails, so the page can show the session’s reason', async () => {
    const { inject } = await setup(fakeApi(), async () => {
      throw new SignInError('ROOMDECK_SIGN_IN_DENIED');
    });
    const response = await inject({ method: 'GET', url: '/auth/callback?error=access_denied&state=s' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('url=/');
  });

  it('keeps its handle on the windows it opens, and the technician’s sign-in window keeps its group to the end', async () => {
    const { inject, openPage, app } = await setup();
    // Isolated from whoever opens the page, but not from the sign-in window the page opens: with
    // `same-origin` the browser cuts the handle once that window reaches the service.
    const page = await inject({ method: 'GET', url: '/', headers: { cookie: (await openPage()).cookie } });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const returning = await inject({ method: 'GET', url: '/callback?code=abc&state=xyz' });
    expect(returning.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    await app.close();

    // The technician's callback page arrives from the service's page: it keeps the window's group.
    const technician = await setup(fakeApi(), async () => 'technician');
    const done = await technician.inject({ method: 'GET', url: '/callback?code=abc&state=xyz' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(done.body).not.toContain('abc');
  });

  it('answers a callback that is not this sign-in’s (wrong or missing state) with 400', async () => {
    for (const code of ['ROOMDECK_STATE_MISMATCH', 'ROOMDECK_STATE_MISSING'] as const) {
      const { inject, app } = await setup(fakeApi(), async () => {
        throw new SignInError(code);
      });
      const response = await inject({ method: 'GET', url: '/callback?code=z&state=wrong' });
      expect(response.statusCode, code).toBe(400);
      expect(response.body).toContain('Sign-in answer ignored');
      await app.close();
    }
  });
});
