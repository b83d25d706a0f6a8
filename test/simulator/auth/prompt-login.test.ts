import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  codeParams,
  type Harness,
  hiddenFields,
  pkcePair,
  postForm,
  signIn,
  startHarness,
} from './harness.ts';

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
    const page = await fetch(
      authorizeUrl(h, codeParams(pkcePair().challenge, { prompt: 'login', state: 's2' })),
      {
        redirect: 'manual',
        headers: { cookie },
      },
    );
    const fields = hiddenFields(await page.text());
    expect(fields.prompt).toBe('login');
    const answer = await postForm(`${h.base}/authorize`, {
      ...fields,
      username: 'tech@demo.local',
      password: 'demo',
    });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('s2');
  });

  it('still skips the form without prompt=login', async () => {
    const cookie = await sessionCookie();
    const response = await fetch(authorizeUrl(h, codeParams(pkcePair().challenge)), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(response.status).toBe(302);
  });
});
