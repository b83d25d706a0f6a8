import { describe, expect, it } from 'vitest';
import {
  createOAuthContext,
  exchangeCode,
  passwordGrant,
  refreshGrant,
  validateCallback,
} from '../../../core/auth/flows.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, json } from '../../support/fake-fetch.ts';

const SERVER = 'https://control.example.org';
// A compact JWS no client could validate without the service's keys: validating it would fail.
const UNSOLICITED_ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function contextAnswering(body: Record<string, unknown>, scope = 'public') {
  const fetch = fakeFetch(() => json(body, 200, { 'cache-control': 'no-store' }));
  return createOAuthContext({
    serverUrl: SERVER,
    clientId: 'roomdeck',
    clientSecret: 'secret',
    scope,
    timeoutMs: 5_000,
    fetch,
    clock: new FakeClock(),
  });
}

const tokens = {
  access_token: 'AT-1',
  refresh_token: 'RT-1',
  token_type: 'bearer',
  expires_in: 1_209_600,
  scope: 'public',
  created_at: 1_700_000_000,
  id_token: UNSOLICITED_ID_TOKEN,
};

describe('an id_token Roomdeck did not ask for', () => {
  it('does not fail the code exchange, the password grant or a refresh', async () => {
    const ctx = contextAnswering(tokens);
    const params = validateCallback(ctx, new URL('http://127.0.0.1:1234/callback?code=c-1&state=s-1'), 's-1');
    for (const set of [
      await exchangeCode(ctx, params, 'http://127.0.0.1:1234/callback', 'v'.repeat(43)),
      await passwordGrant(ctx, { username: 'panel', password: 'pw' }),
      await refreshGrant(ctx, 'RT-0'),
    ]) {
      expect(set.accessToken).toBe('AT-1');
      expect(set.refreshToken).toBe('RT-1');
    }
  });

  it('is still validated when Roomdeck asks for OpenID Connect (and then fails, as it must)', async () => {
    const ctx = contextAnswering(tokens, 'openid public');
    await expect(refreshGrant(ctx, 'RT-0')).rejects.toMatchObject({
      code: expect.stringMatching(/^ROOMDECK_/),
    });
  });
});
