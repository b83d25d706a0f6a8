import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';
import { CI_CLIENT, fakeClock } from '../simulator/api/support.ts';

/**
 * A rotated-out refresh token still works for the reuse interval (30 s), so that a
 * client whose answer was lost can retry. Each such use minted a new successor: R1 → R2, then R1
 * again → R3, two live chains, and a thief who only ever used the fork was never caught. Now a use
 * inside the interval is answered with the successor already issued (the same refresh and access
 * token strings), so the grant has one chain; a use after the interval still revokes the grant.
 */

let sim: RunningSimulator;
let clock: ReturnType<typeof fakeClock>;
beforeEach(async () => {
  clock = fakeClock();
  sim = await startSimulator({ port: 0, now: clock.now });
});
afterEach(async () => {
  await sim.close();
});

interface Tokens {
  access_token: string;
  refresh_token: string;
  created_at: number;
  expires_in: number;
}

async function token(fields: Record<string, string>): Promise<Response> {
  return fetch(`${sim.url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, ...CI_CLIENT }).toString(),
  });
}

async function ok(response: Response): Promise<Tokens> {
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const signIn = async () =>
  ok(await token({ grant_type: 'password', username: 'tech@demo.local', password: 'demo' }));
const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });

async function works(accessToken: string): Promise<boolean> {
  const response = await fetch(`${sim.url}/api/control/systems?limit=1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status === 200;
}

describe('a refresh token replayed inside the reuse interval', () => {
  it('is answered with the successor already issued, not a second chain', async () => {
    const r1 = await signIn();
    const r2 = await ok(await refresh(r1.refresh_token));
    clock.advance(10_000);
    const replayed = await ok(await refresh(r1.refresh_token));
    expect(replayed).toEqual(r2);
    expect(await works(r2.access_token)).toBe(true);
  });

  it('ten at once get one successor between them', async () => {
    const r1 = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => ok(await refresh(r1.refresh_token))),
    );
    expect(new Set(answers.map((a) => a.refresh_token)).size).toBe(1);
    expect(new Set(answers.map((a) => a.access_token)).size).toBe(1);
  });

  it("leaves the thief on the owner's chain, so the owner moving on exposes the thief after the interval", async () => {
    const r1 = await signIn();
    const owner = await ok(await refresh(r1.refresh_token));
    clock.advance(5_000);
    const thief = await ok(await refresh(r1.refresh_token)); // the fork, before
    expect(thief.refresh_token).toBe(owner.refresh_token);
    const ownerNext = await ok(await refresh(owner.refresh_token));
    clock.advance(31_000);
    // The thief's only token is the owner's old one, now past its interval: a replay; the grant goes.
    const caught = await refresh(thief.refresh_token);
    expect(caught.status).toBe(400);
    expect(((await caught.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await works(ownerNext.access_token)).toBe(false);
    expect((await refresh(ownerNext.refresh_token)).status).toBe(400);
  });

  it('after the interval is a replay, as before: refused and the whole grant revoked', async () => {
    const r1 = await signIn();
    const r2 = await ok(await refresh(r1.refresh_token));
    clock.advance(31_000);
    const late = await refresh(r1.refresh_token);
    expect(late.status).toBe(400);
    expect(await works(r2.access_token)).toBe(false);
    expect((await refresh(r2.refresh_token)).status).toBe(400);
  });
});
