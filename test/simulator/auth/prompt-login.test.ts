import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  codeParams,
  type Harness,
  openForm,
  pkcePair,
  signIn,
  startHarness,
  submitForm,
} from './harness.ts';
import { fetch } from '../../support/inject-fetch.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function sessionCookie(): Promise<string> {
  const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
  return cookie?.split(';')[0] ?? '';
}

describe('prompt=login (the app signed out, the browser still has a login session)', () => {
  it('shows the login page again although the session cookie is valid', async () => {
    const cookie = await sessionCookie();
    const page = await fetch(authorizeUrl(h, codeParams(pkcePair().challenge, { prompt: 'login' })), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');
  });

  it('carries prompt=login through the form, and signs in once the password is given', async () => {
    const cookie = await sessionCookie();
    const form = await openForm(
      h,
      codeParams(pkcePair().challenge, { prompt: 'login', state: 's2' }),
      cookie,
    );
    expect(form.fields.prompt).toBe('login');
    const answer = await submitForm(h, form, { username: 'tech@demo.local', password: 'demo' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('s2');
  });

  it('asks only "Continue as …?" without prompt=login', async () => {
    const cookie = await sessionCookie();
    const form = await openForm(h, codeParams(pkcePair().challenge), cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain('Continue as Ada Admin?');
    expect(form.html).not.toContain('name="password"');
  });

  it("refuses the consent page's approval when the request says prompt=login", async () => {
    const cookie = await sessionCookie();
    const form = await openForm(h, codeParams(pkcePair().challenge, { prompt: 'login' }), cookie);
    const answer = await submitForm(h, form, { approve: 'yes' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('location')).toBeNull();
  });
});
