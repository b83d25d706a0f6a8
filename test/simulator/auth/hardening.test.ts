import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  bearer,
  CALLBACK,
  codeParams,
  exchange,
  type Harness,
  openForm,
  passwordGrant,
  pkcePair,
  postForm,
  signIn,
  startHarness,
  submitForm,
} from './harness.ts';
import { fetch } from '../../support/inject-fetch.ts';

/** The authorization server as strict as a production one: what a hostile page or a guesser meets. */

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const sessionOf = (cookie: string | null): string => cookie?.split(';')[0] ?? '';

describe('the login form is bound to the browser that opened it (CSRF)', () => {
  it('sets an HttpOnly pre-login cookie and a hidden token derived from it', async () => {
    const page = await fetch(authorizeUrl(h, codeParams(pkcePair().challenge)), { redirect: 'manual' });
    const set = page.headers.getSetCookie().find((c) => c.startsWith('roomdeck_sim_prelogin='));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(await page.text()).toMatch(/<input type="hidden" name="csrf_token" value="[A-Za-z0-9_-]{43}">/);
  });

  it('refuses a post without the pre-login cookie, signing nobody in, and offers a fresh form', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const forged = await postForm(`${h.base}/authorize`, {
      ...form.fields,
      username: 'admin@demo.local',
      password: 'demo',
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('roomdeck_sim_session='))).toBe(false);
    const html = await forged.text();
    expect(html).toContain('This sign-in page had expired');
    expect(html).toContain('name="csrf_token"');
  });

  it("refuses a token that belongs to another browser's cookie", async () => {
    const mine = await openForm(h, codeParams(pkcePair().challenge));
    const theirs = await openForm(h, codeParams(pkcePair().challenge));
    const mixed = { ...mine, cookie: theirs.cookie };
    const answer = await submitForm(h, mixed, { username: 'admin@demo.local', password: 'demo' });
    expect(answer.status).toBe(403);
  });

  it('refuses a post whose Origin is another site, even with a valid token', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const answer = await postForm(
      `${h.base}/authorize`,
      { ...form.fields, username: 'admin@demo.local', password: 'demo' },
      { cookie: form.cookie, origin: 'http://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    expect(await answer.text()).toContain('sent from another site');
  });

  it('refuses Origin: null, and serves the form with a referrer policy under which browsers send the real one', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const answer = await postForm(
      `${h.base}/authorize`,
      { ...form.fields, username: 'admin@demo.local', password: 'demo' },
      { cookie: form.cookie, origin: 'null' },
    );
    expect(answer.status).toBe(403);
    const page = await fetch(authorizeUrl(h, codeParams(pkcePair().challenge)));
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('accepts the same post from its own origin, and without Origin (older clients)', async () => {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    expect((await submitForm(h, form, { username: 'admin@demo.local', password: 'demo' })).status).toBe(302);
    const again = await openForm(h, codeParams(pkcePair().challenge));
    const noOrigin = await postForm(
      `${h.base}/authorize`,
      { ...again.fields, username: 'admin@demo.local', password: 'demo' },
      { cookie: again.cookie },
    );
    expect(noOrigin.status).toBe(302);
  });
});

describe('a public client never gets a code silently (RFC 8252 §8.6)', () => {
  it('shows "Continue as …?" with an approve button to a browser with a login session', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const form = await openForm(h, codeParams(pkcePair().challenge, { state: 'again' }), sessionOf(cookie));
    expect(form.status).toBe(200);
    expect(form.html).toContain('<h1>Continue as Ada Admin?</h1>');
    expect(form.html).toContain('<button type="submit" name="approve" value="yes">Continue</button>');
    expect(form.html).toContain('http://127.0.0.1:43123/callback');
  });

  it('issues the code once approved, from the same browser', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const { verifier, challenge } = pkcePair();
    const form = await openForm(h, codeParams(challenge, { state: 'again' }), sessionOf(cookie));
    const answer = await submitForm(h, form, { approve: 'yes' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('again');
    const code = location.searchParams.get('code') ?? '';
    const tokens = await exchange(h, { code, code_verifier: verifier });
    expect(tokens.status).toBe(200);
  });

  it('refuses an approval posted by a page without the pre-login cookie', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const form = await openForm(h, codeParams(pkcePair().challenge), sessionOf(cookie));
    const answer = await postForm(
      `${h.base}/authorize`,
      { ...form.fields, approve: 'yes' },
      { cookie: sessionOf(cookie) },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('"Use another account" ends the login session and shows the password form', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const form = await openForm(h, codeParams(pkcePair().challenge), sessionOf(cookie));
    const answer = await submitForm(h, form, { approve: 'switch' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('name="password"');
    const later = await openForm(h, codeParams(pkcePair().challenge), sessionOf(cookie));
    expect(later.html).toContain('name="password"');
  });
});

describe('signing the browser out of the service', () => {
  it('GET /logout ends the login session: the next authorize asks for the password', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    const out = await fetch(`${h.base}/logout`, { headers: { cookie: sessionOf(cookie) } });
    expect(out.status).toBe(200);
    expect(await out.text()).toContain('Signed out');
    expect(out.headers.getSetCookie().join()).toMatch(
      /roomdeck_sim_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    const next = await openForm(h, codeParams(pkcePair().challenge), sessionOf(cookie));
    expect(next.html).toContain('name="password"');
  });

  it('POST /logout does the same', async () => {
    const { cookie } = await signIn(h, codeParams(pkcePair().challenge));
    expect((await postForm(`${h.base}/logout`, {}, { cookie: sessionOf(cookie) })).status).toBe(200);
    expect((await openForm(h, codeParams(pkcePair().challenge), sessionOf(cookie))).html).toContain(
      'name="password"',
    );
  });
});

describe('the implicit grant belongs to roomdeck-implicit only', () => {
  it('refuses response_type=token for roomdeck with unauthorized_client in the fragment', async () => {
    const response = await fetch(
      authorizeUrl(h, { client_id: 'roomdeck', redirect_uri: CALLBACK, response_type: 'token', state: 'i' }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const fragment = new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1));
    expect(fragment.get('error')).toBe('unauthorized_client');
    expect(fragment.has('access_token')).toBe(false);
  });

  it('gives roomdeck-implicit a token on a loopback port, and no code flow', async () => {
    const { location } = await signIn(h, {
      client_id: 'roomdeck-implicit',
      redirect_uri: 'http://127.0.0.1:50123/callback',
      response_type: 'token',
    });
    const token = new URLSearchParams(location.hash.slice(1)).get('access_token') ?? '';
    expect(h.auth.authenticate(bearer(token))?.clientId).toBe('roomdeck-implicit');
    const code = await fetch(
      authorizeUrl(h, codeParams(pkcePair().challenge, { client_id: 'roomdeck-implicit' })),
      { redirect: 'manual' },
    );
    expect(new URL(code.headers.get('location') ?? '').searchParams.get('error')).toBe('unauthorized_client');
  });
});

describe('loopback redirect on [::1] (RFC 8252 §7.3)', () => {
  it('signs in with http://[::1]:{any port}/callback like 127.0.0.1, and exchanges the code', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = 'http://[::1]:51234/callback';
    const { location } = await signIn(h, codeParams(challenge, { redirect_uri: redirect }));
    expect(`${location.origin}${location.pathname}`).toBe(redirect);
    const code = location.searchParams.get('code') ?? '';
    const tokens = await exchange(h, { code, code_verifier: verifier, redirect_uri: redirect });
    expect(tokens.status).toBe(200);
  });

  it('still refuses [::1] on another path', async () => {
    const page = await fetch(
      authorizeUrl(h, codeParams(pkcePair().challenge, { redirect_uri: 'http://[::1]:51234/other' })),
      { redirect: 'manual' },
    );
    expect(page.status).toBe(400);
  });
});

describe('back-off on wrong passwords', () => {
  async function wrongAtForm(username: string): Promise<Response> {
    const form = await openForm(h, codeParams(pkcePair().challenge));
    return submitForm(h, form, { username, password: 'guess' });
  }

  it('refuses even the right password after 5 wrong ones, with a readable wait and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await wrongAtForm('admin@demo.local')).status).toBe(401);
    const sixth = await wrongAtForm('admin@demo.local');
    expect(sixth.status).toBe(401);
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const right = await submitForm(h, form, { username: 'admin@demo.local', password: 'demo' });
    expect(right.status).toBe(429);
    expect(right.headers.get('location')).toBeNull();
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.text()).toMatch(
      /Too many wrong passwords for this account\. Wait \d+ seconds and try again\./,
    );
  });

  it('lets the account in once the wait is over, and the wait grows with further failures', async () => {
    for (let i = 0; i < 6; i += 1) await wrongAtForm('tech@demo.local');
    const first = await passwordGrant(h);
    expect(first.status).toBe(429);
    const firstWait = Number(first.headers.get('retry-after'));
    h.advance(firstWait * 1000);
    await wrongAtForm('tech@demo.local');
    const second = await passwordGrant(h);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(firstWait);
    h.advance(Number(second.headers.get('retry-after')) * 1000);
    expect((await passwordGrant(h)).status).toBe(200);
  });

  it('counts the password grant too, answering 429 temporarily_unavailable', async () => {
    for (let i = 0; i < 6; i += 1) await passwordGrant(h, { password: 'guess' });
    const locked = await passwordGrant(h);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });

  it('locks an address that sprays many accounts, without locking those accounts elsewhere', async () => {
    for (let i = 0; i < 21; i += 1) await wrongAtForm(`user${i}@demo.local`);
    const form = await openForm(h, codeParams(pkcePair().challenge));
    const answer = await submitForm(h, form, { username: 'panel@demo.local', password: 'demo' });
    expect(answer.status).toBe(429);
    expect(await answer.text()).toContain('Too many wrong passwords from this computer.');
    expect(h.auth.throttle.refusal('panel@demo.local', '192.0.2.7')).toBeNull();
  });
});
