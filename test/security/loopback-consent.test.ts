import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';
import { CI_CLIENT } from '../simulator/api/support.ts';
import {
  authorizeUrl,
  codeParams,
  type Endpoint,
  openForm,
  pkcePair,
  postForm,
  signIn,
  submitForm,
} from '../simulator/auth/harness.ts';

/**
 * `roomdeck-ci` is confidential, but its secret is in the README and its redirects
 * are loopback on any port. A page that sends a signed-in browser to its authorize URL, with a
 * redirect to a port the attacker listens on, used to get a code at once (no consent, no PKCE) and
 * trade it with the published secret for the user's tokens. RFC 8252 §8.6: a loopback redirect
 * proves nothing about who listens there, so every client gets the consent step for one.
 */

let sim: RunningSimulator;
let endpoint: Endpoint;
beforeEach(async () => {
  sim = await startSimulator({ port: 0 });
  endpoint = { base: `${sim.url}/auth/oauth` };
});
afterEach(async () => {
  await sim.close();
});

const ATTACKER = 'http://127.0.0.1:40404/callback';

/** The victim's browser: signed in to the service through the app, holding the session cookie. */
async function victimSession(): Promise<string> {
  const { cookie } = await signIn(endpoint, codeParams(pkcePair().challenge));
  if (cookie === null) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

const ciRequest = (redirectUri: string) => ({
  client_id: 'roomdeck-ci',
  redirect_uri: redirectUri,
  response_type: 'code',
  state: 'attacker',
});

async function exchangeWithPublishedSecret(code: string, redirectUri: string): Promise<Response> {
  return postForm(`${endpoint.base}/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    ...CI_CLIENT,
  });
}

describe('a confidential client with a published secret and loopback redirects', () => {
  for (const redirect of [ATTACKER, 'http://[::1]:40404/callback']) {
    it(`gets no code from a signed-in browser sent cross-site to ${redirect}: the consent page`, async () => {
      const session = await victimSession();
      const response = await fetch(authorizeUrl(endpoint, ciRequest(redirect)), {
        redirect: 'manual',
        headers: { cookie: session, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      const location = response.headers.get('location');
      if (location !== null) {
        // What the attacker's listener would do with it, to show what the hole was worth.
        const code = new URL(location).searchParams.get('code') ?? '';
        const tokens = await exchangeWithPublishedSecret(code, redirect);
        expect.fail(`a code was handed out silently; exchanged with the README's secret: ${tokens.status}`);
      }
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<h1>Continue as Ada Admin?</h1>');
      expect(html).toContain('Roomdeck CI');
      expect(html).toContain(`>${redirect}</code>`);
      expect(html).not.toMatch(/[?&]code=/);
    });
  }

  it('cannot have the consent approved by a page elsewhere (no pre-login cookie, or a foreign Origin)', async () => {
    const session = await victimSession();
    const page = await openForm(endpoint, ciRequest(ATTACKER), session);
    const forged = await postForm(
      `${endpoint.base}/authorize`,
      { ...page.fields, approve: 'yes' },
      {
        cookie: session,
      },
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    const foreign = await postForm(
      `${endpoint.base}/authorize`,
      { ...page.fields, approve: 'yes' },
      {
        cookie: page.cookie,
        origin: 'http://127.0.0.1:40404',
      },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('location')).toBeNull();
  });

  it('still works for the person at the browser: Continue, then the code trades for tokens', async () => {
    const session = await victimSession();
    const page = await openForm(endpoint, ciRequest(ATTACKER), session);
    const approved = await submitForm(endpoint, page, { approve: 'yes' });
    expect(approved.status).toBe(302);
    const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchangeWithPublishedSecret(code, ATTACKER)).status).toBe(200);
  });
});
