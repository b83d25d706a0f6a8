import { describe, expect, it } from 'vitest';
import { RoomdeckError, SignInError } from '../../../core/api/errors.ts';
import { startLoopbackReceiver } from '../../../core/auth/loopback.ts';
import { FakeClock } from '../../support/fake-clock.ts';

describe('loopback receiver', () => {
  it('listens on 127.0.0.1 on an OS-assigned port with a /callback redirect URI', async () => {
    const a = await startLoopbackReceiver({ onCallback: async () => {} });
    const b = await startLoopbackReceiver({ onCallback: async () => {} });
    try {
      expect(a.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect(a.redirectUri).not.toBe(b.redirectUri);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('answers other paths with 404 and keeps waiting for the callback', async () => {
    const seen: string[] = [];
    const receiver = await startLoopbackReceiver({ onCallback: async (url) => void seen.push(url.search) });
    const origin = new URL(receiver.redirectUri).origin;
    expect((await fetch(`${origin}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${origin}/callbackx?code=1&state=2`)).status).toBe(404);
    const ok = await fetch(`${receiver.redirectUri}?code=c&state=s`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("You're signed in — you can close this tab");
    await receiver.done;
    expect(seen).toEqual(['?code=c&state=s']);
  });

  it('shows an error page with the failure and closes after a failed callback', async () => {
    const receiver = await startLoopbackReceiver({
      onCallback: async () => {
        throw new SignInError('ROOMDECK_STATE_MISMATCH');
      },
    });
    const res = await fetch(`${receiver.redirectUri}?code=c&state=wrong`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('did not belong to the sign-in Roomdeck started');
    await expect(receiver.done).rejects.toMatchObject({ code: 'ROOMDECK_STATE_MISMATCH' });
    await receiver.close();
    await expect(fetch(receiver.redirectUri)).rejects.toThrow();
  });

  it('answers a callback whose state is not this sign-in’s with 400, and still takes the real one', async () => {
    const seen: string[] = [];
    const receiver = await startLoopbackReceiver({
      onCallback: async (url) => void seen.push(url.search),
      checkState: (url) => {
        const state = url.searchParams.get('state');
        if (state === null) throw new SignInError('ROOMDECK_STATE_MISSING');
        if (state !== 'right') throw new SignInError('ROOMDECK_STATE_MISMATCH');
      },
    });
    for (const query of ['?code=z&state=wrong', '?code=z']) {
      const stray = await fetch(`${receiver.redirectUri}${query}`);
      expect(stray.status, query).toBe(400);
      expect(await stray.text()).toContain('Roomdeck is still waiting for it');
    }
    expect(seen).toEqual([]);
    const real = await fetch(`${receiver.redirectUri}?code=c&state=right`);
    expect(real.status).toBe(200);
    await receiver.done;
    expect(seen).toEqual(['?code=c&state=right']);
  });

  it('gives up with ROOMDECK_SIGN_IN_TIMEOUT when no callback arrives in time, and stops listening', async () => {
    const clock = new FakeClock();
    const receiver = await startLoopbackReceiver({ onCallback: async () => {}, clock, timeoutMs: 300_000 });
    await clock.advance(299_999);
    await clock.advance(1);
    const err = await receiver.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoomdeckError);
    expect((err as RoomdeckError).code).toBe('ROOMDECK_SIGN_IN_TIMEOUT');
    await receiver.close();
    await expect(fetch(receiver.redirectUri)).rejects.toThrow();
  });
});
