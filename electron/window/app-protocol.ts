import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../core/csp.ts';
import { contentTypeOf, HeldFiles } from '../../core/page/held-files.ts';

/**
 * The renderer's own scheme. Electron's security checklist asks for a custom protocol instead of
 * file://: the page gets a real origin (`app://roomdeck`), `'self'` in the CSP means the bundle and
 * nothing else on disk, and the `grantFileProtocolExtraPrivileges` fuse can stay off. This module
 * decides what a request may read and builds the response; the Electron glue only registers it
 * (`protocol.handle`), so all of it runs in Node tests against a temporary folder.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'roomdeck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Where the window goes first. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * For `protocol.registerSchemesAsPrivileged`, before `ready`: standard (a real origin, relative URLs
 * resolve), secure (like https: no mixed-content downgrade), fetch()able by the page's modules, and
 * with V8's code cache, as http(s) pages have it: the panel's scripts compiled once are not compiled
 * again at every later load (a wall panel's nightly restart, its watchdog's reloads). The cache is
 * keyed by the standard scheme's origin (Electron refuses it for any other scheme).
 * No `bypassCSP`, no `corsEnabled`, no service workers: the page needs none of them.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** The same headers the browser host sends with the page (host/app.ts). */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export type AppRequestTarget =
  | { ok: true; file: string }
  | { ok: false; status: 400 | 403 | 404 | 405; reason: string };

/**
 * Which file under `root` a request names, or why it names none. Refused: another host or scheme,
 * a method other than GET/HEAD, any encoded dot, slash, backslash or NUL (`%2e %2f %5c %00`: a
 * decoded `..` would otherwise walk out after URL parsing already resolved the plain ones), a
 * literal backslash, and any path that still resolves outside `root`.
 */
export function resolveAppRequest(root: string, requestUrl: string, method = 'GET'): AppRequestTarget {
  if (method !== 'GET' && method !== 'HEAD') return { ok: false, status: 405, reason: 'method' };
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return { ok: false, status: 403, reason: 'another origin' };
  }
  const raw = url.pathname;
  if (/%(2e|2f|5c|00)/i.test(raw) || raw.includes('\\')) {
    return { ok: false, status: 403, reason: 'encoded path separator' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: 'bad escape' };
  }
  if (decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 403, reason: 'dot segment' };
  }
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = path.resolve(root);
  const file = path.resolve(base, relative);
  const inside = path.relative(base, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
    return { ok: false, status: 403, reason: 'outside the bundle' };
  }
  return { ok: true, file };
}

/** The parts of a protocol request the handler reads (Electron passes a GlobalRequest). */
export interface AppRequest {
  readonly url: string;
  readonly method: string;
}

export interface AppProtocolOptions {
  /** The built renderer (dist/renderer). */
  root: string;
  /** Reads a file; defaults to node:fs (which Electron patches to read inside app.asar). */
  readFile?: (file: string) => Promise<Uint8Array>;
  /** Whether the path is a regular file; defaults to node:fs. */
  isFile?: (file: string) => Promise<boolean>;
  /** The app's page as served (the page's catalogue named in it: core/page/catalogue-preload.ts). */
  page?: (html: string) => string;
  /** Lists a folder (the bundle's assets, read ahead); defaults to node:fs. */
  readDir?: (dir: string) => Promise<string[]>;
}

/**
 * The `protocol.handle('app', …)` handler: files of the bundle with their type and the CSP, nothing
 * else. Each file is read once and kept (the bundle changes only with an update, which restarts the
 * app), and the assets folder is read ahead as the handler is made: on a cold start the page asks
 * for its first files while the main process is opening the room, and a read from disk waits behind
 * that work (core/page/held-files.ts). A file that was not there is looked for again when next asked.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: AppRequest) => Promise<Response> {
  const read = options.readFile ?? ((file: string) => readFile(file));
  const isFile =
    options.isFile ??
    (async (file: string) => {
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    });
  const held = new HeldFiles<Uint8Array>(async (file) => ((await isFile(file)) ? read(file) : null));
  void held.readAhead(path.resolve(options.root, 'assets'), options.readDir);
  return async (request) => {
    const target = resolveAppRequest(options.root, request.url, request.method);
    if (!target.ok) return refusal(target.status);
    const content = await held.get(target.file);
    if (content === null) return refusal(404);
    let body = content;
    if (options.page !== undefined && path.basename(target.file) === 'index.html')
      body = new TextEncoder().encode(options.page(new TextDecoder().decode(body)));
    const headers = new Headers(SECURITY_HEADERS);
    headers.set('content-type', contentTypeOf(target.file));
    headers.set('content-length', String(body.byteLength));
    // The bundle changes only with an update, which restarts the app; the page itself is never cached.
    headers.set('cache-control', target.file.endsWith('.html') ? 'no-store' : 'no-cache');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

function refusal(status: number): Response {
  const headers = new Headers(SECURITY_HEADERS);
  headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response(status === 404 ? 'Not found' : 'Refused', { status, headers });
}
