import { afterEach, describe, expect, it } from 'vitest';
import { bearer, CI_CLIENT, type Harness, passwordGrant, postForm, startHarness } from './harness.ts';

/**
 * The wire contract's refresh reuse interval: a rotated-out refresh token still works for a while
 * (a client whose answer was lost retries with it); after that its use is a replay, refused, and the
 * whole grant goes with it.
 */

let h: Harness;
afterEach(async () => {
  await h.close();
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function tokens(response: Response): Promise<Tokens> {
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const refresh = (refreshToken: string): Promise<Response> =>
  postForm(`${h.base}/token`, { grant_type: 'refresh_token', refresh_token: refreshToken, ...CI_CLIENT });

async function refused(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
}

const works = (accessToken: string) => h.auth.authenticate(bearer(accessToken)) !== null;

describe('refresh reuse interval', () => {
  it('defaults to 30 s: the rotated-out token works at 30 s and answers with a working pair', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    await tokens(await refresh(first.refresh_token)); // this answer is "lost"
    h.advance(30_000);
    const retried = await tokens(await refresh(first.refresh_token));
    expect(works(retried.access_token)).toBe(true);
    await tokens(await refresh(retried.refresh_token));
  });

  it('refuses a replay after the interval and revokes every token of the grant, retries included', async () => {
    h = await startHarness({ refreshReuseSeconds: 10 });
    const first = await tokens(await passwordGrant(h));
    const lost = await tokens(await refresh(first.refresh_token));
    h.advance(5_000);
    const retried = await tokens(await refresh(first.refresh_token));
    h.advance(6_000); // 11 s after the rotation
    await refused(await refresh(first.refresh_token));
    for (const pair of [lost, retried]) {
      expect(works(pair.access_token)).toBe(false);
      await refused(await refresh(pair.refresh_token));
    }
  });

  it('answers a retry after a restart with the same successor, which the data file holds only sealed', async () => {
    h = await startHarness();
    const first = await tokens(await passwordGrant(h));
    const second = await tokens(await refresh(first.refresh_token));
    const snapshot = h.auth.snapshot();
    const written = JSON.stringify(snapshot);
    for (const token of [first.refresh_token, second.refresh_token, second.access_token]) {
      expect(written).not.toContain(token);
    }
    await h.close();
    h = await startHarness({ snapshot });
    h.advance(10_000);
    const retried = await tokens(await refresh(first.refresh_token));
    expect(retried).toEqual(second);
  });

  it('is strict with 0: the old token is dead at once, and its reuse revokes nothing else', async () => {
    h = await startHarness({ refreshReuseSeconds: 0 });
    const first = await tokens(await passwordGrant(h));
    const second = await tokens(await refresh(first.refresh_token));
    await refused(await refresh(first.refresh_token));
    expect(works(second.access_token)).toBe(true);
  });

  it('leaves other grants of the same user alone on a replay', async () => {
    h = await startHarness({ refreshReuseSeconds: 1 });
    const mine = await tokens(await passwordGrant(h));
    const other = await tokens(await passwordGrant(h));
    await tokens(await refresh(mine.refresh_token));
    h.advance(2_000);
    await refused(await refresh(mine.refresh_token));
    expect(works(other.access_token)).toBe(true);
    await tokens(await refresh(other.refresh_token));
  });
});
