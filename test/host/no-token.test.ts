import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verbNames } from '../../contract/channels.ts';
import { fakeApi, PLANTED_ACCESS_TOKEN, PLANTED_REFRESH_TOKEN, sampleArgs } from '../support/fake-api.ts';
import { hostFixture } from './fixture.ts';

type Fixture = Awaited<ReturnType<typeof hostFixture>>;
let fixture: Fixture;
beforeAll(async () => {
  fixture = await hostFixture({ api: fakeApi() });
});
afterAll(async () => {
  await fixture.app.close();
});

/** Headers and body together: a token must not hide in a Set-Cookie or a Location either. */
const everything = (response: { headers: Record<string, unknown>; body: string }): string =>
  JSON.stringify(response.headers) + response.body;

const expectNoToken = (text: string): void => {
  expect(text).not.toContain(PLANTED_ACCESS_TOKEN);
  expect(text).not.toContain(PLANTED_REFRESH_TOKEN);
};

describe('nothing the browser host serves contains a token', () => {
  it('not the page, nor its assets', async () => {
    for (const url of ['/', '/index.html', '/assets/index-abc.js', '/assets/index-abc.css', '/missing']) {
      expectNoToken(everything(await fixture.inject({ method: 'GET', url })));
    }
  });

  it('not any bridge response, for every verb of the contract, while signed in', async () => {
    const signedIn = await fixture.openPage();
    for (const [domain, verbs] of Object.entries(verbNames)) {
      for (const verb of verbs) {
        const response = await fixture.bridge(domain, verb, sampleArgs[`${domain}.${verb}`], signedIn);
        expect(response.json()).toMatchObject({ ok: true });
        expectNoToken(everything(response));
      }
    }
  });

  it('not the refusals, nor the sign-in callback', async () => {
    const signedIn = await fixture.openPage();
    const responses = [
      await fixture.bridge('session', 'status', {}),
      await fixture.bridge('session', 'status', {}, { ...signedIn, origin: 'https://evil.example' }),
      await fixture.bridge('systems', 'get', { id: 42 }, signedIn),
      await fixture.bridge('systems', 'nope', {}, signedIn),
      await fixture.inject({ method: 'GET', url: '/auth/callback?code=c&state=s' }),
    ];
    for (const response of responses) expectNoToken(everything(response));
  });
});
