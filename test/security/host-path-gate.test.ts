import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHost, startBrowserHost } from '../../host/server.ts';
import { fakeApi } from '../support/fake-api.ts';
import { fakeRendererDir } from '../host/fixture.ts';

/**
 * Attack: the app's page is served only to a browser that came through the
 * printed launch address. A client without a session asks for the page under another spelling of
 * its path (percent-encoded letters, dot segments, doubled or encoded slashes) hoping the gate
 * compares one spelling while the file server decodes another. Sent over real HTTP with the path
 * exactly as written (Node's `fetch` would normalise some of them before they leave).
 */

const APP_MARKER = '<div id="app">';
const LAUNCH_TITLE = 'Open Roomdeck from the address it printed';

let host: BrowserHost;
beforeAll(async () => {
  host = await startBrowserHost({
    config: { host: { address: '127.0.0.1', port: 0 } },
    rendererDir: fakeRendererDir(),
    services: { api: fakeApi(), completeSignIn: async () => undefined, dispose: async () => undefined },
  });
});
afterAll(async () => {
  await host.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw request: the request line carries `path` byte for byte. */
function get(path: string, method = 'GET'): Promise<Answer> {
  const { hostname, port, host: authority } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method, headers: { host: authority }, timeout: 5_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer for ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

const SPELLINGS = [
  '/%69ndex.html',
  '/index%2ehtml',
  '/%2e/index.html',
  '/./index.html',
  '/.%2findex.html',
  '/%2findex.html',
  '//index.html',
  '///index.html',
  '//',
  '/assets/../index.html',
  '/assets/%2e%2e/index.html',
  '/assets/..%2findex.html',
  '/assets%2f..%2findex.html',
  '/%2e',
  '/assets/..',
  '/assets/%2e%2e',
  '/%49NDEX.HTML',
  '/index.html/',
  '/index.html%2f',
];

describe('the browser host’s page gate, for a client without a session', () => {
  it.each(SPELLINGS)('GET %s does not serve the app', async (path) => {
    const answer = await get(path);
    expect(answer.body, path).not.toContain(APP_MARKER);
    expect(answer.headers['set-cookie'], path).toBeUndefined();
    if (answer.status === 403) expect(answer.body, path).toContain(LAUNCH_TITLE);
    else expect([400, 404], path).toContain(answer.status);
  });

  it('HEAD under another spelling answers no 200 either', async () => {
    for (const path of ['/%69ndex.html', '/%2e/index.html', '//index.html']) {
      const answer = await get(path, 'HEAD');
      expect([400, 403, 404], path).toContain(answer.status);
    }
  });

  it('answers malformed percent-encodings with 400 and a JSON body', async () => {
    for (const path of ['/%', '/%zz', '/index.html%', '/%E0%A4%A', '/assets/%c0%ae%c0%ae/index.html']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(String(answer.headers['content-type']), path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), path).toMatchObject({
        ok: false,
        error: { code: 'ROOMDECK_HOST_BAD_REQUEST', message: expect.any(String) },
      });
    }
  });

  it('still serves the built assets under their plain names, without a cookie', async () => {
    const script = await get('/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(script.body).toContain('roomdeck');
  });
});
