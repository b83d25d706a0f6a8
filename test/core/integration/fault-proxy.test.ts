import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';

/** The fault-injecting proxy itself: each fault bites as a panel would meet it, and clears. */

let upstream: Server;
let proxy: FaultProxy;
let upstreamCalls = 0;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamCalls += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, padding: 'x'.repeat(200) }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  proxy = await startFaultProxy(`http://127.0.0.1:${address.port}`);
});
afterAll(async () => {
  await proxy.close();
  await new Promise<void>((r) => upstream.close(() => r()));
});

describe('the fault proxy', () => {
  it('forwards untouched when passing', async () => {
    const res = await fetch(`${proxy.url}/api/control/systems`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { path: string }).path).toBe('/api/control/systems');
  });

  it('answers 503 with Retry-After, a reverse proxy’s HTML 502, malformed JSON and 401s', async () => {
    await proxy.set('unavailable', { retryAfterS: 7 });
    let res = await fetch(`${proxy.url}/api/control/systems`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '7']);
    await proxy.set('html-502');
    res = await fetch(`${proxy.url}/api/control/systems`);
    expect([res.status, res.headers.get('content-type')]).toEqual([502, 'text/html']);
    expect(await res.text()).toContain('nginx');
    await proxy.set('malformed');
    res = await fetch(`${proxy.url}/api/control/systems`);
    await expect(res.json()).rejects.toThrow();
    await proxy.set('unauthorized');
    expect((await fetch(`${proxy.url}/api/control/systems`)).status).toBe(401);
    expect((await fetch(`${proxy.url}/auth/oauth/token`, { method: 'POST' })).status).toBe(200);
    await proxy.set('invalid-grant');
    res = await fetch(`${proxy.url}/auth/oauth/token`, { method: 'POST' });
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    await proxy.set('pass');
  });

  it('cuts an answer mid-body after the upstream did its work (a lost refresh answer)', async () => {
    await proxy.set('lost-refresh');
    const before = upstreamCalls;
    await expect(
      fetch(`${proxy.url}/auth/oauth/token`, { method: 'POST' }).then((r) => r.text()),
    ).rejects.toThrow();
    expect(upstreamCalls).toBe(before + 1);
    await proxy.set('pass');
  });

  it('refuses connections while refusing, and listens again on the same port when cleared', async () => {
    await proxy.set('refuse');
    await expect(fetch(`${proxy.url}/api/control/systems`)).rejects.toThrow();
    await proxy.set('pass');
    expect((await fetch(`${proxy.url}/api/control/systems`)).status).toBe(200);
  });

  it('hangs until cleared', async () => {
    await proxy.set('hang');
    const pending = fetch(`${proxy.url}/api/control/systems`, { signal: AbortSignal.timeout(300) });
    await expect(pending).rejects.toThrow();
    expect(proxy.hits).toBeGreaterThan(0);
    await proxy.set('pass');
  });
});
