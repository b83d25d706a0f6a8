import { afterEach, describe, expect, it } from 'vitest';
import { type Api, CI_CLIENT, fakeClock, SYS } from '../simulator/api/support.ts';
import { type Client, connect, type Frame, nextId, startRealtimeApi } from '../simulator/realtime/support.ts';

/**
 * A stolen access token turned into a control socket: does the socket outlive what is done about the
 * token? Revoking the grant after the access token had expired (REST 401, refresh `invalid_grant`)
 * left the socket open, still executing commands in every room. A socket now lives no longer than
 * its token, its grant, or an hour on one handshake, and each end closes it with 4401.
 */

const TTL_SECONDS = 20;

interface Tokens {
  access_token: string;
  refresh_token: string;
}

let api: Api | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.ws.terminate();
  await api?.close();
  api = undefined;
});

async function start(clock: ReturnType<typeof fakeClock>): Promise<Api> {
  // A short tick: the test waits for the close it expects, not for the default second.
  api = await startRealtimeApi({
    now: clock.now,
    tokenTtlSeconds: TTL_SECONDS,
    roles: [],
    realtime: { tickMs: 20, pongEveryMs: 0 },
  });
  return api;
}

async function signIn(target: Api): Promise<Tokens> {
  const response = await fetch(`${target.url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'panel@demo.local',
      password: 'demo',
      authority: 'demo',
      ...CI_CLIENT,
    }).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

async function revoke(target: Api, token: string): Promise<void> {
  const response = await fetch(`${target.url}/auth/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, ...CI_CLIENT }).toString(),
  });
  expect(response.status).toBe(200);
}

async function open(target: Api, token: string): Promise<Client> {
  const client = await connect(target, { token });
  clients.push(client);
  const id = nextId();
  client.send({ id, cmd: 'exec', sys: SYS.huddle, mod: 'Display', name: 'power', args: [true] });
  await client.next((f: Frame) => f?.id === id && f.type === 'success', 'the first exec answered');
  return client;
}

/** The close the socket gets, or what it still does when it stays open: an exec answered. */
async function fate(client: Client): Promise<{ code: number; reason: string } | 'still executing'> {
  try {
    return await client.closed(3000);
  } catch {
    const id = nextId();
    client.send({ id, cmd: 'exec', sys: SYS.huddle, mod: 'Display', name: 'power', args: [false] });
    const reply = await client.next((f: Frame) => f?.id === id, 'an exec on the surviving socket');
    return reply.type === 'success' ? 'still executing' : reply;
  }
}

describe('a control socket is bound to its token and its grant', () => {
  it('the access token expiring closes its socket with 4401; a grant revoked later finds nothing open', async () => {
    const clock = fakeClock();
    const target = await start(clock);
    const tokens = await signIn(target);
    const client = await open(target, tokens.access_token);

    clock.advance((TTL_SECONDS + 1) * 1000);
    // The REST API already refuses the token.
    const rest = await target.req('GET', '/api/control/systems', { token: tokens.access_token });
    expect(rest.status).toBe(401);
    // The owner signs out (the grant is revoked through its refresh token).
    await revoke(target, tokens.refresh_token);

    expect(await fate(client)).toMatchObject({ code: 4401 });
  });

  it('signing out while the access token is live closes the socket with 4401', async () => {
    const clock = fakeClock();
    const target = await start(clock);
    const tokens = await signIn(target);
    const client = await open(target, tokens.access_token);
    await revoke(target, tokens.refresh_token);
    expect(await fate(client)).toMatchObject({ code: 4401 });
  });

  it('a refresh replay ends the grant: the socket opened on its newest access token closes with 4401', async () => {
    const clock = fakeClock();
    const target = await start(clock);
    const first = await signIn(target);
    const refresh = (refreshToken: string) =>
      fetch(`${target.url}/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          ...CI_CLIENT,
        }).toString(),
      });
    const renewed = (await (await refresh(first.refresh_token)).json()) as Tokens;
    const client = await open(target, renewed.access_token);
    // Past the reuse interval the old refresh token comes back: a thief's copy. The grant goes.
    clock.advance(31_000);
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect(await fate(client)).toMatchObject({ code: 4401 });
  });

  it('a socket lives no longer than an hour on one handshake, however long its token runs', async () => {
    const clock = fakeClock();
    api = await startRealtimeApi({
      now: clock.now,
      tokenTtlSeconds: 14 * 86_400,
      roles: [],
      realtime: { tickMs: 20, pongEveryMs: 0 },
    });
    const tokens = await signIn(api);
    const client = await open(api, tokens.access_token);
    clock.advance(59 * 60_000);
    const id = nextId();
    client.send({ id, cmd: 'exec', sys: SYS.huddle, mod: 'Display', name: 'power', args: [false] });
    await client.next((f: Frame) => f?.id === id && f.type === 'success', 'an exec at 59 minutes');

    clock.advance(60_001);
    expect(await fate(client)).toMatchObject({ code: 4401 });
    // The same, still valid token opens a new socket: the handshake checks it afresh.
    const again = await open(api, tokens.access_token);
    again.ws.terminate();
  });
});
