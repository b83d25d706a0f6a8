import { afterEach, describe, expect, it } from 'vitest';
import { SignInError } from '../../../electron/api/errors.ts';
import type { RoomdeckApi } from '../../../electron/bridge/contract.ts';
import { CONTENT_SECURITY_POLICY } from '../../../electron/window/csp.ts';
import { fakeApi } from '../fake-api.ts';
import { hostFixture, ORIGIN } from './fixture.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(api: RoomdeckApi = fakeApi(), completeSignIn?: (url: URL) => Promise<void>) {
  const fixture = await hostFixture(completeSignIn === undefined ? { api } : { api, completeSignIn });
  close = () => fixture.app.close();
  return fixture;
}

describe('the browser host', () => {
  it('serves the renderer’s page with the strict CSP and a new HttpOnly, SameSite=Strict session cookie', async () => {
    const { inject } = await setup();
    const page = await inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
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
    const [cookie] = page.cookies;
    expect(cookie).toMatchObject({ name: 'roomdeck_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps a valid session on reload instead of minting another', async () => {
    const { inject, openPage } = await setup();
    const cookie = await openPage();
    const reload = await inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(reload.cookies).toEqual([]);
    const other = await openPage();
    expect(other).not.toBe(cookie);
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

  it('completes sign-in on the callback route with the full callback URL, then returns to the page', async () => {
    const { inject, callbacks } = await setup();
    for (const path of ['/callback', '/auth/callback']) {
      const response = await inject({ method: 'GET', url: `${path}?code=abc&state=xyz` });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      expect(response.body).not.toContain('abc');
    }
    expect(callbacks.map(String)).toEqual([
      `${ORIGIN}/callback?code=abc&state=xyz`,
      `${ORIGIN}/auth/callback?code=abc&state=xyz`,
    ]);
  });

  it('returns to the page when sign-in fails, so the page can show the session’s reason', async () => {
    const { inject } = await setup(fakeApi(), async () => {
      throw new SignInError('ROOMDECK_STATE_MISMATCH');
    });
    const response = await inject({ method: 'GET', url: '/auth/callback?code=abc&state=wrong' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });
});
