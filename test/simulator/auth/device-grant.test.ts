import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, CI_CLIENT, type Harness, hiddenFields, postForm, startHarness } from './harness.ts';
import { fetch } from '../../support/inject-fetch.ts';

/**
 * RFC 8628 as the wire contract decides it: a panel asks for a device code, a person approves the
 * user code at the verification page on a phone, and the panel's polls answer pending, slow down,
 * denied or expired until the tokens are issued, once. Real HTTP, a browser's cookies and Origin.
 */

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

async function startDevice(fields: Record<string, string> = { client_id: 'roomdeck' }) {
  const response = await postForm(`${h.base}/device_authorization`, fields);
  return { response, body: (await response.json()) as DeviceAuthorization & { error?: string } };
}

const poll = (deviceCode: string, clientId = 'roomdeck') =>
  postForm(`${h.base}/token`, { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId });

async function pollError(deviceCode: string): Promise<{ status: number; error: string }> {
  const response = await poll(deviceCode);
  const body = (await response.json()) as { error: string };
  return { status: response.status, error: body.error };
}

/** A phone's browser: it keeps the cookies the service sets and sends its own Origin on posts. */
class Phone {
  cookies = new Map<string, string>();
  html = '';
  status = 0;

  constructor(readonly harness: Harness) {}

  #keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name, value);
    }
  }

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async open(url: string): Promise<void> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookie } });
    this.#keep(response);
    this.status = response.status;
    this.html = await response.text();
  }

  /** Posts the page's form (the one holding `button` when several), with its hidden fields. */
  async submit(extra: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const response = await postForm(
      `${new URL(this.harness.base).origin}/auth/oauth/device`,
      { ...hiddenFields(this.html), ...extra },
      { cookie: this.cookie, origin: new URL(this.harness.base).origin, ...headers },
    );
    this.#keep(response);
    this.status = response.status;
    this.html = await response.text();
    return response;
  }
}

/** Opens the QR code's link, signs in as `username` and lands on the approve/deny page. */
async function signInAtPhone(device: DeviceAuthorization, username = 'tech@demo.local'): Promise<Phone> {
  const phone = new Phone(h);
  await phone.open(device.verification_uri_complete);
  expect(phone.status).toBe(200);
  expect(phone.html).toContain('Sign in to approve a device');
  await phone.submit({ username, password: 'demo', user_code: device.user_code });
  expect(phone.status).toBe(200);
  return phone;
}

describe('the device authorization endpoint', () => {
  it('answers the contract’s fields: an 8-letter code without vowels, the page, 600 s, every 5 s', async () => {
    const { response, body } = await startDevice();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.user_code).toMatch(USER_CODE);
    expect(body.device_code.length).toBeGreaterThanOrEqual(43);
    const origin = new URL(h.base).origin;
    expect(body.verification_uri).toBe(`${origin}/auth/oauth/device`);
    expect(body.verification_uri_complete).toBe(
      `${origin}/auth/oauth/device?user_code=${encodeURIComponent(body.user_code)}`,
    );
    expect(body).toMatchObject({ expires_in: 600, interval: 5 });
  });

  it('refuses clients not registered for it, unknown clients and scopes the client may not have', async () => {
    const implicit = await startDevice({ client_id: 'roomdeck-implicit' });
    expect(implicit.response.status).toBe(400);
    expect(implicit.body.error).toBe('unauthorized_client');
    const unknown = await startDevice({ client_id: 'nobody' });
    expect(unknown.response.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
    const scope = await startDevice({ client_id: 'roomdeck', scope: 'admin' });
    expect(scope.body.error).toBe('invalid_scope');
    // A confidential client registered for it must prove its secret.
    const noSecret = await startDevice({ client_id: 'roomdeck-ci' });
    expect(noSecret.body.error).toBe('invalid_client');
    const ci = await startDevice({ ...CI_CLIENT });
    expect(ci.response.status).toBe(200);
  });
});

describe('the whole flow', () => {
  it('pending until the person approves on the phone, then tokens once, for that person', async () => {
    const { body: device } = await startDevice();
    expect(await pollError(device.device_code)).toEqual({ status: 400, error: 'authorization_pending' });

    const phone = await signInAtPhone(device);
    // The person sees who asks and the code, to compare with the panel (RFC 8628 §5.4).
    expect(phone.html).toContain('Sign in Roomdeck as Theo Technician?');
    expect(phone.html).toContain(`<p class="code" data-user-code>${device.user_code}</p>`);
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');

    await phone.submit({ answer: 'approve' });
    expect(phone.status).toBe(200);
    expect(phone.html).toContain('Approved');

    h.advance(5_000);
    const granted = await poll(device.device_code);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('cache-control')).toBe('no-store');
    const tokens = (await granted.json()) as {
      access_token: string;
      refresh_token?: string;
      token_type: string;
    };
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toBeTypeOf('string');
    expect(h.auth.authenticate(bearer(tokens.access_token))).toMatchObject({
      username: 'tech@demo.local',
      role: 'support',
      clientId: 'roomdeck',
    });

    // Issued once: the device code is spent.
    h.advance(5_000);
    expect(await pollError(device.device_code)).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('a person already signed in at the service goes straight to the code check', async () => {
    const first = (await startDevice()).body;
    const phone = await signInAtPhone(first);
    await phone.submit({ answer: 'approve' });
    const second = (await startDevice()).body;
    await phone.open(second.verification_uri);
    expect(phone.html).toContain('Enter the code from the panel');
    await phone.submit({ user_code: second.user_code.toLowerCase().replace('-', ' ') });
    expect(phone.html).toContain(`<p class="code" data-user-code>${second.user_code}</p>`);
  });

  it('only the client the code was issued to may redeem it', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    await phone.submit({ answer: 'approve' });
    h.advance(5_000);
    const other = await postForm(`${h.base}/token`, {
      grant_type: DEVICE_GRANT,
      device_code: device.device_code,
      ...CI_CLIENT,
    });
    expect(((await other.json()) as { error: string }).error).toBe('invalid_grant');
    const unknown = await poll('not-a-device-code');
    expect(((await unknown.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('polling errors', () => {
  it('slow_down for a poll inside the interval, and the interval grows by 5 s for good', async () => {
    const { body: device } = await startDevice();
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
    h.advance(4_999);
    expect(await pollError(device.device_code)).toEqual({ status: 400, error: 'slow_down' });
    // Now 10 s: 5 s later is still too soon.
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('slow_down');
    h.advance(15_000);
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
  });

  it('access_denied once the person denies, and the code cannot be approved afterwards', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    await phone.submit({ answer: 'deny' });
    expect(phone.html).toContain('Denied');
    expect(await pollError(device.device_code)).toEqual({ status: 400, error: 'access_denied' });
    await phone.open(device.verification_uri_complete);
    expect(phone.status).toBe(400);
    expect(phone.html).toContain('That code is not known, has expired or was already answered');
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('access_denied');
  });

  it('expired_token after 600 s, and an expired code can no longer be approved', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    h.advance(600_000);
    await phone.submit({ answer: 'approve' });
    expect(phone.status).toBe(400);
    expect(phone.html).toContain('That code is not known, has expired or was already answered');
    expect(await pollError(device.device_code)).toEqual({ status: 400, error: 'expired_token' });
  });
});

describe('the verification page', () => {
  it('refuses a code that was never issued, or is malformed, and slows down a guesser', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    await phone.open(`${new URL(h.base).origin}/auth/oauth/device?user_code=AEIO-UAEI`);
    expect(phone.status).toBe(400);
    expect(phone.html).toContain('That code is not known');
    for (const guess of ['XYZW-XYZW', '12345678', 'BCD', 'BBBB-BBBBB', '<script>alert(1)</script>']) {
      await phone.submit({ user_code: guess });
      expect(phone.status).toBe(400);
      expect(phone.html).not.toContain('<script>alert(1)</script>');
    }
    // Six wrong codes from this address (five are free): the next attempt, even the right code, waits.
    await phone.submit({ user_code: device.user_code });
    expect(phone.status).toBe(429);
    expect(phone.html).toContain('Too many wrong codes');
    // The request itself is untouched: still pending for the panel.
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
  });

  it('refuses an answer without the pre-login cookie’s CSRF token, approving nothing', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    const fields = hiddenFields(phone.html);
    const session = [...phone.cookies].filter(([k]) => k === 'roomdeck_sim_session');
    // Another site's page: it can make the browser send the session cookie, not read the token.
    const forged = await postForm(
      `${new URL(h.base).origin}/auth/oauth/device`,
      { user_code: fields.user_code ?? '', answer: 'approve' },
      { cookie: session.map(([k, v]) => `${k}=${v}`).join('; ') },
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This page had expired');
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
  });

  it('refuses a post from another Origin even with a valid token', async () => {
    const { body: device } = await startDevice();
    const phone = await signInAtPhone(device);
    const response = await phone.submit({ answer: 'approve' }, { origin: 'http://evil.example' });
    expect(response.status).toBe(403);
    expect(phone.html).toContain('sent from another site');
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
  });

  it('cannot be framed, and its forms post only to the service', async () => {
    const page = await fetch(`${new URL(h.base).origin}/auth/oauth/device`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
  });

  it('a wrong password signs nobody in and answers nothing', async () => {
    const { body: device } = await startDevice();
    const phone = new Phone(h);
    await phone.open(device.verification_uri_complete);
    await phone.submit({ username: 'tech@demo.local', password: 'wrong', answer: 'approve' });
    expect(phone.status).toBe(401);
    expect(phone.cookies.has('roomdeck_sim_session')).toBe(false);
    h.advance(5_000);
    expect((await pollError(device.device_code)).error).toBe('authorization_pending');
  });
});
