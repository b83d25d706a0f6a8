import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';
import { CI_CLIENT, fakeClock } from '../simulator/api/support.ts';
import { codeParams, openForm, pkcePair } from '../simulator/auth/harness.ts';
import { form, pipelined, type RawRequest, type RawResponse, sendFrom, tally } from './simulator-support.ts';

/**
 * Guesses sent all at once used to walk through the back-off on wrong passwords,
 * because the lock was checked before the (asynchronous) password check and the failure counted
 * after it. Now every attempt is counted before it is checked: with 5 free mistakes per account, a
 * burst gets exactly the attempts that sequential guessing would (5 free ones, then the one whose
 * failure locks the account); all the others are refused with 429 and Retry-After, whatever
 * password they carry. The clock is frozen, so no lock runs out during a test.
 */

let sim: RunningSimulator;
beforeEach(async () => {
  sim = await startSimulator({ port: 0, now: fakeClock().now });
});
afterEach(async () => {
  await sim.close();
});

const passwordGrant = (username: string, password: string): RawRequest => ({
  method: 'POST',
  path: '/auth/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: form({ grant_type: 'password', username, password, ...CI_CLIENT }),
});

const tokensIn = (answers: RawResponse[]) => answers.filter((a) => a.body.includes('"access_token"'));

// Each request still proves the CI client's secret (scrypt): on a loaded machine a burst takes a while.
const SLOW = { timeout: 120_000 };

describe('a burst of password guesses for one account', SLOW, () => {
  it('40 password grants at once, 39 wrong then the right one: no tokens, 6 checked, 34 × 429', async () => {
    const burst = [
      ...Array.from({ length: 39 }, (_, i) => passwordGrant('admin@demo.local', `guess-${i}`)),
      passwordGrant('admin@demo.local', 'demo'),
    ];
    const answers = await pipelined(sim.url, burst);
    expect(tokensIn(answers)).toEqual([]);
    expect(tally(answers)).toEqual({ 400: 6, 429: 34 });
    const refused = answers.filter((a) => a.status === 429);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'temporarily_unavailable' });
    }
    // The right password, last in the burst, is among the refused ones; and the account stays locked.
    expect(answers.at(-1)?.status).toBe(429);
    expect((await pipelined(sim.url, [passwordGrant('admin@demo.local', 'demo')]))[0]?.status).toBe(429);
  });

  it('40 wrong guesses on 40 connections from 40 loopback addresses: exactly 6 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sendFrom(sim.url, `127.0.0.${i + 2}`, passwordGrant('tech@demo.local', `guess-${i}`)),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 6, 429: 34 });
  });

  it('30 login-form posts at once, 29 wrong then the right one: no code, 6 checked, 24 × 429', async () => {
    const base = `${sim.url}/auth/oauth`;
    const page = await openForm({ base }, codeParams(pkcePair().challenge));
    expect(page.status).toBe(200);
    const post = (password: string): RawRequest => ({
      method: 'POST',
      path: '/auth/oauth/authorize',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: page.cookie,
        origin: sim.url,
      },
      body: form({ ...page.fields, username: 'admin@demo.local', password }),
    });
    const burst = [...Array.from({ length: 29 }, (_, i) => post(`guess-${i}`)), post('demo')];
    const answers = await pipelined(sim.url, burst);
    expect(answers.filter((a) => a.status === 302 || a.headers.location !== undefined)).toEqual([]);
    expect(tally(answers)).toEqual({ 401: 6, 429: 24 });
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.body).toContain('Too many wrong passwords for this account.');
    }
  });
});

describe('rotating through 127.0.0.0/8 does not dodge the per-address count', SLOW, () => {
  it('a spray over 25 accounts from 25 loopback addresses is stopped after 21, as from one address', async () => {
    const answers: RawResponse[] = [];
    for (let i = 0; i < 25; i += 1) {
      answers.push(
        await sendFrom(sim.url, `127.0.0.${i + 2}`, passwordGrant(`user${i}@demo.local`, 'guess')),
      );
    }
    expect(tally(answers)).toEqual({ 400: 21, 429: 4 });
    // Another loopback address, a real account, the right password: still this computer, still locked.
    const right = await sendFrom(sim.url, '127.0.0.200', passwordGrant('panel@demo.local', 'demo'));
    expect(right.status).toBe(429);
    expect(JSON.parse(right.body).error_description).toContain(
      'Too many wrong passwords from this computer.',
    );
  });
});
