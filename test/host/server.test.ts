import { describe, expect, it } from 'vitest';
import { PAGE_KEY_HEADER } from '../../contract/page-key.ts';
import { startBrowserHost } from '../../host/server.ts';
import { fakeApi } from '../support/fake-api.ts';
import { fakeRendererDir, pageKeyIn } from './fixture.ts';

/**
 * fetch with a deadline: a host that never answers fails the test at the line that asked, and a
 * closed host's port, which another test's server may have taken meanwhile, cannot hold a test.
 */
const get = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });

describe('startBrowserHost', () => {
  it('makes a new launch token for every start', async () => {
    const start = () =>
      startBrowserHost({
        config: { host: { address: '127.0.0.1', port: 0 } },
        rendererDir: fakeRendererDir(),
        services: { api: fakeApi(), completeSignIn: async () => undefined, dispose: async () => undefined },
      });
    const [a, b] = [await start(), await start()];
    try {
      const token = (url: string) => new URL(url).searchParams.get('launch');
      expect(token(a.launchUrl)).not.toBe(token(b.launchUrl));
      // One host's token opens nothing on the other.
      const crossed = await get(`${b.url}?launch=${token(a.launchUrl)}`, { redirect: 'manual' });
      expect(crossed.status).toBe(403);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('listens on 127.0.0.1 on a free port and composes the services with its own callback URL', async () => {
    const seen: string[] = [];
    let disposed = false;
    const host = await startBrowserHost({
      config: { host: { address: '127.0.0.1', port: 0 } },
      rendererDir: fakeRendererDir(),
      services: (origin, callbackUrl) => {
        seen.push(origin, callbackUrl);
        return {
          api: fakeApi(),
          completeSignIn: async () => undefined,
          dispose: async () => {
            disposed = true;
          },
        };
      },
    });
    try {
      expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const origin = host.url.slice(0, -1);
      expect(seen).toEqual([origin, `${origin}/callback`]);
      expect(host.launchUrl).toMatch(new RegExp(`^${origin}/\\?launch=[A-Za-z0-9_-]{43}$`));

      const bare = await get(host.url);
      expect(bare.status).toBe(403);
      expect(bare.headers.get('set-cookie')).toBeNull();

      const page = await get(host.launchUrl, { redirect: 'manual' });
      expect(page.status).toBe(200);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^roomdeck_session=/);
      const key = pageKeyIn(await page.text());

      const answer = await get(`${origin}/bridge/session/status`, {
        method: 'POST',
        headers: { cookie, [PAGE_KEY_HEADER]: key, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await answer.json()).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    } finally {
      await host.close();
    }
    expect(disposed).toBe(true);
    await expect(get(host.url)).rejects.toThrow();
  });

  it('listens before its services are composed, makes their requests wait, and closes without waiting for them', async () => {
    let compose!: () => void;
    let disposed = false;
    const host = await startBrowserHost({
      config: { host: { address: '127.0.0.1', port: 0 } },
      rendererDir: fakeRendererDir(),
      services: () =>
        new Promise((resolve) => {
          compose = () =>
            resolve({
              api: fakeApi(),
              completeSignIn: async () => undefined,
              dispose: async () => {
                disposed = true;
              },
            });
        }),
    });
    // Listening already: the printed address needs no services to be refused or served its files.
    expect((await get(host.url)).status).toBe(403);
    let answered = false;
    const page = get(host.launchUrl).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    compose();
    expect((await page).status).toBe(200);
    await host.ready;
    await host.close();
    expect(disposed).toBe(true);

    const stuck = await startBrowserHost({
      config: { host: { address: '127.0.0.1', port: 0 } },
      rendererDir: fakeRendererDir(),
      services: () => new Promise(() => undefined),
    });
    const started = performance.now();
    await stuck.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(get(stuck.url)).rejects.toThrow();
  });
});
