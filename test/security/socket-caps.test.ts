import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Api, CI_CLIENT } from '../simulator/api/support.ts';
import { startRealtimeApi, wsUrl } from '../simulator/realtime/support.ts';

/**
 * Sockets were unlimited: one user could open them by the thousand, each able to hold its bindings
 * and frames. A token opens at most 8 at once and an address at most 64 (the 65th, from any number
 * of tokens, is answered 429 with a JSON error); another address is not held up by it, and a socket
 * closed makes room again.
 */

let api: Api;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  api = await startRealtimeApi({ roles: [], realtime: { pongEveryMs: 0, tickMs: 0 } });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await api.close();
});

function open(
  token: string,
  localAddress = '127.0.0.1',
): Promise<WebSocket | { status: number; body: string }> {
  const ws = new WebSocket(`${wsUrl(api, '/api/engine/v2/systems/control')}?bearer_token=${token}`, {
    localAddress,
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      sockets.push(ws);
      resolve(ws);
    });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/** `count` live access tokens of one sign-in: each refresh mints another (the older stay live). */
async function accessTokens(count: number): Promise<string[]> {
  const grant = (fields: Record<string, string>) =>
    fetch(`${api.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...CI_CLIENT }).toString(),
    }).then((response) => response.json() as Promise<{ access_token: string; refresh_token: string }>);
  let answer = await grant({
    grant_type: 'password',
    username: 'panel@demo.local',
    password: 'demo',
    authority: 'demo',
  });
  const tokens = [answer.access_token];
  while (tokens.length < count) {
    answer = await grant({ grant_type: 'refresh_token', refresh_token: answer.refresh_token });
    tokens.push(answer.access_token);
  }
  return tokens;
}

describe('sockets per token and per address are capped', () => {
  it('a token opens 8; an address 64 however many tokens it holds; another address still gets in', async () => {
    const tokens = await accessTokens(9);
    const perToken: number[] = [];
    let refusal: { status: number; body: string } | undefined;
    for (const token of tokens) {
      let opened = 0;
      for (let i = 0; i < 10; i += 1) {
        const outcome = await open(token);
        if (outcome instanceof WebSocket) opened += 1;
        else refusal = outcome;
      }
      perToken.push(opened);
    }
    expect(perToken.slice(0, 8)).toEqual([8, 8, 8, 8, 8, 8, 8, 8]);
    // The ninth token finds the address full.
    expect(perToken[8]).toBe(0);
    expect(refusal?.status).toBe(429);
    expect(JSON.parse(refusal?.body ?? '{}')).toMatchObject({
      code: 'too_many_requests',
      error: expect.any(String),
    });

    // Another address is not held up by this one.
    const other = await open(tokens[8] as string, '127.0.0.2');
    expect(other).toBeInstanceOf(WebSocket);
    // A socket closed makes room again.
    const first = sockets[0] as WebSocket;
    const gone = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await gone;
    await expect.poll(async () => (await open(tokens[0] as string)) instanceof WebSocket).toBe(true);
  });
});
