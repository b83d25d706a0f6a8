import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrlMatcher } from '../../../electron/window/app-origin.ts';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  resolveAppRequest,
} from '../../../electron/window/app-protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../../core/csp.ts';

let base: string;
let root: string;
const get = (url: string, method = 'GET') => createAppProtocolHandler({ root })({ url, method });

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'roomdeck-app-protocol-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Roomdeck</title>');
  await writeFile(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(path.join(root, 'assets', 'font.woff2'), 'x');
  await writeFile(path.join(root, 'assets', 'blob.bin'), 'x');
  // Beside the bundle, where a traversal would land.
  await writeFile(path.join(base, 'secret.txt'), 'top secret');
  await writeFile(path.join(base, 'renderer-evil.txt'), 'sibling with a shared prefix');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('the app:// scheme', () => {
  it('is registered as a standard, secure, fetch-capable scheme with a code cache, and nothing more', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
    expect(APP_ENTRY_URL).toBe('app://roomdeck/index.html');
  });

  it('serves the bundle’s files with their content type and the browser host’s CSP', async () => {
    const page = await get('app://roomdeck/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>Roomdeck</title>');

    const types: Record<string, string> = {
      'assets/index-abc.js': 'text/javascript; charset=utf-8',
      'assets/index-abc.css': 'text/css; charset=utf-8',
      'assets/logo.svg': 'image/svg+xml',
      'assets/font.woff2': 'font/woff2',
      'assets/blob.bin': 'application/octet-stream',
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await get(`app://roomdeck/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(type);
      expect(response.headers.get('content-security-policy'), file).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('serves the page for the bare origin and answers HEAD without a body', async () => {
    expect(await (await get('app://roomdeck/')).text()).toContain('Roomdeck');
    const head = await get('app://roomdeck/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves the page through the page hook (the catalogue named in it) and every other file as it is', async () => {
    const page = (html: string) =>
      html.replace('</title>', '</title><link rel="modulepreload" href="./assets/de-x.js">');
    const served = createAppProtocolHandler({ root, page });
    const html = await (await served({ url: 'app://roomdeck/', method: 'GET' })).text();
    expect(html).toContain('<link rel="modulepreload" href="./assets/de-x.js">');
    const response = await served({ url: 'app://roomdeck/index.html', method: 'GET' });
    expect(Number(response.headers.get('content-length'))).toBe(
      new TextEncoder().encode(await response.text()).byteLength,
    );
    expect(await (await served({ url: 'app://roomdeck/assets/index-abc.js', method: 'GET' })).text()).toBe(
      'console.log(1)',
    );
  });

  it('reads the assets ahead and every file once; the page hook still runs at every load', async () => {
    const reads: string[] = [];
    let pages = 0;
    const served = createAppProtocolHandler({
      root,
      readFile: async (file) => {
        reads.push(path.relative(root, file));
        return new TextEncoder().encode(`content of ${path.basename(file)}`);
      },
      page: (html) => `${html}<!-- load ${++pages} -->`,
    });
    // Read ahead as the handler is made, before any request.
    await expect.poll(() => reads.filter((f) => f.startsWith('assets')).length).toBe(5);
    const js = `app://roomdeck/assets/index-abc.js`;
    expect(await (await served({ url: js, method: 'GET' })).text()).toBe('content of index-abc.js');
    expect(await (await served({ url: js, method: 'GET' })).text()).toBe('content of index-abc.js');
    expect(await (await served({ url: 'app://roomdeck/', method: 'GET' })).text()).toContain('load 1');
    expect(await (await served({ url: 'app://roomdeck/index.html', method: 'GET' })).text()).toContain(
      'load 2',
    );
    expect(reads.filter((f) => f === path.join('assets', 'index-abc.js'))).toHaveLength(1);
    expect(reads.filter((f) => f === 'index.html')).toHaveLength(1);
  });

  it('finds a file that was not there when first asked once it is', async () => {
    const served = createAppProtocolHandler({ root });
    const url = 'app://roomdeck/assets/late-1.js';
    expect((await served({ url, method: 'GET' })).status).toBe(404);
    await writeFile(path.join(root, 'assets', 'late-1.js'), 'export {};');
    const late = await served({ url, method: 'GET' });
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('export {};');
  });

  it('a bundle without an assets folder still serves its page', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'roomdeck-app-bare-'));
    try {
      await writeFile(path.join(bare, 'index.html'), '<title>Bare</title>');
      const served = createAppProtocolHandler({ root: bare });
      expect(await (await served({ url: 'app://roomdeck/', method: 'GET' })).text()).toContain('Bare');
      expect((await served({ url: 'app://roomdeck/assets/x.js', method: 'GET' })).status).toBe(404);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('answers 404 for files that are not there and for folders', async () => {
    expect((await get('app://roomdeck/nope.js')).status).toBe(404);
    expect((await get('app://roomdeck/assets')).status).toBe(404);
    expect((await get('app://roomdeck/assets/')).status).toBe(404);
  });

  it('refuses every way out of the bundle, plain or encoded', async () => {
    const attempts = [
      'app://roomdeck/%2e%2e/secret.txt',
      'app://roomdeck/%2E%2E/secret.txt',
      'app://roomdeck/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://roomdeck/..%2fsecret.txt',
      'app://roomdeck/..%5csecret.txt',
      'app://roomdeck/%5c..%5csecret.txt',
      'app://roomdeck/assets%2f..%2f..%2fsecret.txt',
      'app://roomdeck/index.html%00.js',
      'app://roomdeck/%252e%252e/secret.txt',
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(await response.text(), url).not.toContain('secret');
    }
    // Plain dot segments are resolved by the URL parser to a path inside the bundle.
    expect((await get('app://roomdeck/../secret.txt')).status).toBe(404);
    expect((await get('app://roomdeck/assets/../../secret.txt')).status).toBe(404);
  });

  it('refuses paths that resolve outside the root even without the URL parser’s help', () => {
    // `..` at the root stays at the root: never the sibling folder that shares the name's prefix.
    expect(resolveAppRequest(root, 'app://roomdeck/../renderer-evil.txt')).toEqual({
      ok: true,
      file: path.join(root, 'renderer-evil.txt'),
    });
    expect(resolveAppRequest(root, 'app://roomdeck/a\\..\\..\\secret.txt')).toMatchObject({ ok: false });
    expect(resolveAppRequest(root, 'app://roomdeck/assets/x.js')).toEqual({
      ok: true,
      file: path.join(root, 'assets', 'x.js'),
    });
  });

  it('serves only its own host and scheme, and only GET and HEAD', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(403);
    expect((await get('file:///etc/passwd')).status).toBe(403);
    expect((await get('app://roomdeck/index.html', 'POST')).status).toBe(405);
    expect((await get('not a url')).status).toBe(400);
  });
});

describe('the app’s own page on app://', () => {
  it('is any URL of the app origin, and nothing else', () => {
    const isApp = appUrlMatcher(APP_ENTRY_URL);
    expect(isApp('app://roomdeck/index.html')).toBe(true);
    expect(isApp('app://roomdeck/index.html#/panel')).toBe(true);
    expect(isApp('app://roomdeck/assets/x.js')).toBe(true);
    expect(isApp('app://other/index.html')).toBe(false);
    expect(isApp('file:///opt/Roomdeck/dist/renderer/index.html')).toBe(false);
    expect(isApp('https://roomdeck/index.html')).toBe(false);
    expect(isApp('about:blank')).toBe(false);
    expect(isApp('garbage')).toBe(false);
  });
});
