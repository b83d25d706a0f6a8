import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../simulator/api/support.ts';
import { connect, ROUTES, refused, startRealtimeApi } from '../simulator/realtime/support.ts';

/**
 * Cross-site websocket hijacking through a proxy's credentials. A browser sends the `bearer_token`
 * cookie on its own, so a cookie is accepted only from a page of the simulator's origin. The check
 * used to ask whether any Authorization header was present: behind a Basic-auth proxy the browser
 * attaches its cached `Authorization: Basic …` to every request, a foreign page's socket included,
 * and the cookie then rode through without its Origin being looked at. What counts is which
 * carrier supplied the token.
 */

let api: Api;
beforeAll(async () => {
  api = await startRealtimeApi({ roles: ['user'], realtime: { pongEveryMs: 0, tickMs: 0 } });
});
afterAll(async () => {
  await api.close();
});

const FOREIGN = 'https://attacker.example';

describe('a cookie credential is checked against the Origin whatever other header comes along', () => {
  it.each(ROUTES)('%s: cookie + Authorization: Basic from a foreign Origin → 403', async (path) => {
    const refusal = await refused(
      connect(api, {
        path,
        token: null,
        cookie: `bearer_token=${api.tokens.user}`,
        headers: { origin: FOREIGN, authorization: 'Basic cHJveHk6c2VjcmV0' },
      }),
    );
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ code: 'forbidden' });
  });

  it('cookie + an empty Bearer header from a foreign Origin → 403', async () => {
    const refusal = await refused(
      connect(api, {
        token: null,
        cookie: `bearer_token=${api.tokens.user}`,
        headers: { origin: FOREIGN, authorization: 'Bearer ' },
      }),
    );
    expect(refusal.status).toBe(403);
  });

  it('cookie + a query bearer_token of another value from a foreign Origin → refused', async () => {
    // The query's token is looked up first: a made-up one is answered 401, never the cookie's socket.
    const refusal = await refused(
      connect(api, {
        token: 'not-the-cookie',
        cookie: `bearer_token=${api.tokens.user}`,
        headers: { origin: FOREIGN },
      }),
    );
    expect(refusal.status).toBe(401);
  });

  it('holds: a token in the Authorization header itself needs no Origin (a browser cannot set it cross-site)', async () => {
    const client = await connect(api, {
      token: null,
      headers: { origin: FOREIGN, authorization: `Bearer ${api.tokens.user}` },
    });
    client.ws.terminate();
  });

  it('holds: the cookie from the simulator’s own origin opens a socket', async () => {
    const client = await connect(api, {
      token: null,
      cookie: `bearer_token=${api.tokens.user}`,
      headers: { origin: api.url, authorization: 'Basic cHJveHk6c2VjcmV0' },
    });
    client.ws.terminate();
  });
});
