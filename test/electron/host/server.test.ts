import { describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../electron/host/server.ts';
import { fakeApi } from '../fake-api.ts';
import { fakeRendererDir } from './fixture.ts';

describe('startBrowserHost', () => {
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

      const page = await fetch(host.url);
      expect(page.status).toBe(200);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^roomdeck_session=/);

      const answer = await fetch(`${origin}/bridge/session/status`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await answer.json()).toMatchObject({ ok: true, value: { state: 'signed-in' } });
    } finally {
      await host.close();
    }
    expect(disposed).toBe(true);
    await expect(fetch(host.url)).rejects.toThrow();
  });
});
