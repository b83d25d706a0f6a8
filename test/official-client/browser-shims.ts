import WebSocket from 'ws';

/**
 * The few browser globals @placeos/ts-client reads, for Node, as small as they can be and each doing
 * what a browser does (nothing of the library is replaced):
 * - `window` is the global object, as in a page, and its own `parent` (not in a frame);
 * - `localStorage`/`sessionStorage`: in-memory Storage (ts-client keeps its token and nonce there);
 * - `location`: the page's address, here a page served by the simulator's origin (the way PlaceOS
 *   serves its panels), recording any navigation instead of leaving the page, so a test can say none
 *   happened (ts-client navigates to the login page when it has no token);
 * - `document.cookie`: a cookie jar that honours `path` and `max-age`, because ts-client hands the
 *   websocket its token as a path-scoped cookie by default;
 * - `navigator`: a desktop browser's (ts-client checks for mobile Safari before choosing the cookie);
 * - `WebSocket`: `ws`, sending what a browser sends on a handshake: the page's `Origin` and the
 *   cookies of the jar whose path covers the socket's URL.
 * Node 20 has `fetch`, `AbortController` and `btoa` itself.
 */

/** The Web Storage interface over a Map (what ts-client calls of it, and the rest of it). */
export class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

interface Cookie {
  value: string;
  path: string;
  expiresAt: number;
}

/** `document.cookie` as a browser keeps it: set one `name=value;attr…` at a time, read `a=1; b=2`. */
export class CookieJar {
  readonly #cookies = new Map<string, Cookie>();
  /** Every string the page assigned to `document.cookie`, for assertions about the carrier. */
  readonly written: string[] = [];

  set(text: string): void {
    this.written.push(text);
    const [pair = '', ...attributes] = text.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const cookie: Cookie = {
      value: pair.slice(eq + 1).trim(),
      path: '/',
      expiresAt: Number.POSITIVE_INFINITY,
    };
    for (const attribute of attributes) {
      const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
      if (key.toLowerCase() === 'path' && value.startsWith('/')) cookie.path = value;
      if (key.toLowerCase() === 'max-age' && /^-?\d+$/.test(value))
        cookie.expiresAt = Date.now() + Number(value) * 1000;
    }
    if (cookie.expiresAt <= Date.now()) this.#cookies.delete(name);
    else this.#cookies.set(name, cookie);
  }

  /** The `Cookie` header a browser sends to `pathname` (RFC 6265 §5.1.4 path-match), or ''. */
  header(pathname: string): string {
    const now = Date.now();
    return [...this.#cookies]
      .filter(([, c]) => c.expiresAt > now && pathMatches(pathname, c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export interface PageLocation {
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  origin: string;
  href: string;
  pathname: string;
  search: string;
  hash: string;
  assign(url: string): void;
  replace(url: string): void;
  reload(): void;
}

export interface Browser {
  storage: MemoryStorage;
  cookies: CookieJar;
  /** Every navigation the page asked for (assign, replace, reload): none is followed. */
  navigations: string[];
  /** Puts the globals back as they were. */
  uninstall(): void;
}

const NAMES = [
  'window',
  'parent',
  'localStorage',
  'sessionStorage',
  'location',
  'document',
  'navigator',
  'WebSocket',
];

/** Installs the globals for a page at `pageUrl` (its origin is what ts-client talks to). */
export function installBrowser(pageUrl: string): Browser {
  const page = new URL(pageUrl);
  const navigations: string[] = [];
  const cookies = new CookieJar();
  const storage = new MemoryStorage();
  const location: PageLocation = {
    protocol: page.protocol,
    host: page.host,
    hostname: page.hostname,
    port: page.port,
    origin: page.origin,
    href: page.href,
    pathname: page.pathname,
    search: page.search,
    hash: page.hash,
    assign: (url) => navigations.push(`assign ${url}`),
    replace: (url) => navigations.push(`replace ${url}`),
    reload: () => navigations.push('reload'),
  };
  const document = {
    get cookie(): string {
      return cookies.header(location.pathname);
    },
    set cookie(text: string) {
      cookies.set(text);
    },
  };
  class BrowserWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      const target = new URL(url);
      const cookie = cookies.header(target.pathname);
      super(target, protocols, { origin: location.origin, headers: cookie ? { cookie } : {} });
    }
  }
  const saved = NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  const define = (name: string, value: unknown) =>
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('window', globalThis);
  // A top-level page is its own parent (ts-client compares the two to detect an iframe).
  define('parent', globalThis);
  define('localStorage', storage);
  define('sessionStorage', new MemoryStorage());
  define('location', location);
  define('document', document);
  define('navigator', { platform: 'Linux x86_64', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Node' });
  define('WebSocket', BrowserWebSocket);
  return {
    storage,
    cookies,
    navigations,
    uninstall() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    },
  };
}
