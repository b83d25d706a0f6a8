import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHost, ownHostNames } from '../../../simulator/host-check.ts';
import { type Api, startApi } from './support.ts';

/** DNS rebinding: a foreign name that resolves to 127.0.0.1 still names another site, and is refused. */

let api: Api;
beforeAll(async () => {
  // A real socket: the Host check compares the header's port with the port the request arrived on.
  api = await startApi({ roles: ['admin'], hostNames: ['control.test'], socket: true });
});
afterAll(async () => {
  await api.close();
});

/** fetch will not let us forge Host; node:http will. */
function getWithHost(path: string, host: string | null): Promise<{ status: number; body: string }> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        setHost: host !== null,
        headers: { authorization: `Bearer ${api.tokens.admin}`, ...(host === null ? {} : { host }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header', () => {
  const port = () => new URL(api.url).port;

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST', 'control.test'])(
    'is answered when it names the service as %s with its port',
    async (name) => {
      const page = await getWithHost('/api/control/systems', `${name}:${port()}`);
      expect(page.status).not.toBe(421);
      expect(page.status).toBe(200);
    },
  );

  it('refuses a foreign name with 421 JSON saying which name to use, on the API and the sign-in page', async () => {
    for (const path of ['/api/control/systems', '/auth/oauth/authorize?client_id=roomdeck']) {
      const answer = await getWithHost(path, `evil.example:${port()}`);
      expect(answer.status).toBe(421);
      const body = JSON.parse(answer.body) as { error: string; code: string };
      expect(body.code).toBe('misdirected_request');
      expect(body.error).toContain('evil.example');
      expect(body.error).toContain(`127.0.0.1:${port()}`);
    }
  });

  it('refuses a loopback name with another port (a rebound page on another port)', async () => {
    expect((await getWithHost('/api/control/systems', '127.0.0.1:1')).status).toBe(421);
  });

  it('refuses a request without a Host header with 400', async () => {
    expect((await getWithHost('/api/control/systems', null)).status).toBe(400);
  });
});

describe('checkHost', () => {
  const names = ownHostNames('10.0.0.5');

  it('accepts the configured host and the loopback names, and no others', () => {
    expect(checkHost('10.0.0.5:8080', 8080, names)).toEqual({ ok: true });
    expect(checkHost('[::1]:8080', 8080, names)).toEqual({ ok: true });
    expect(checkHost('10.0.0.6:8080', 8080, names)).toMatchObject({ ok: false, status: 421 });
    expect(checkHost('localhost.evil.example:8080', 8080, names)).toMatchObject({ ok: false, status: 421 });
  });

  it('reads a Host without a port as port 80', () => {
    expect(checkHost('localhost', 80, names)).toEqual({ ok: true });
    expect(checkHost('localhost', 8080, names)).toMatchObject({ ok: false });
  });

  it('calls a malformed Host a bad request', () => {
    expect(checkHost('a:b:c', 80, names)).toMatchObject({ ok: false, status: 400 });
  });
});
