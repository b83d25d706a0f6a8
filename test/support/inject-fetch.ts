import type { FastifyInstance } from 'fastify';

/**
 * `fetch` for a fastify app that never opens a port: requests to an origin handed out by `serveByInject`
 * go through `app.inject()` (the app's full request pipeline, hooks, parsers and all, without a socket);
 * any other URL goes to the real global `fetch`. Tests and their helpers import this `fetch` instead
 * of the global one and keep their call shape: a URL in, a WHATWG `Response` out.
 *
 * Origins are `http://127.0.0.1:<n>` with n below 1024: a name the simulator's Host check accepts, on
 * a port no unprivileged test server can be listening on, so an in-process app and a real one on port 0
 * can never be confused.
 */

const apps = new Map<string, FastifyInstance>();
let lastPort = 0;

export interface InjectServed {
  /** Where the app answers, e.g. `http://127.0.0.1:7`: use it as the base URL of requests. */
  origin: string;
  /** Forgets the origin and closes the app. */
  close(): Promise<void>;
}

/** Makes `app` reachable through this module's `fetch` at a fresh origin. */
export async function serveByInject(app: FastifyInstance): Promise<InjectServed> {
  await app.ready();
  lastPort = (lastPort % 1023) + 1;
  // Port 80 is http's default: a URL parser drops it, and the origin would no longer match its key.
  if (lastPort === 80) lastPort++;
  const origin = `http://127.0.0.1:${lastPort}`;
  if (apps.has(origin)) throw new Error(`more than 1023 in-process apps open at once (${origin})`);
  apps.set(origin, app);
  return {
    origin,
    async close() {
      apps.delete(origin);
      await app.close();
    },
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NO_BODY = new Set([101, 103, 204, 205, 304]);

export async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const app = apps.get(url.origin);
  if (app === undefined) return globalThis.fetch(request);
  // The headers Node's fetch adds on its own, so the app sees the same request either way.
  const headers: Record<string, string> = { host: url.host, accept: '*/*', 'user-agent': 'node' };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const payload = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const injected = await app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(injected.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
  }
  const status = injected.statusCode;
  const location = responseHeaders.get('location');
  if (request.redirect !== 'manual' && REDIRECTS.has(status) && location !== null) {
    // What fetch's default `redirect: 'follow'` does: 303 (and 301/302 after a POST) become a GET.
    const toGet = status === 303 || ((status === 301 || status === 302) && request.method === 'POST');
    const next = new Headers(request.headers);
    if (toGet) for (const name of ['content-type', 'content-length']) next.delete(name);
    return fetch(new URL(location, url), {
      method: toGet ? 'GET' : request.method,
      headers: next,
      redirect: request.redirect,
      ...(toGet || payload === undefined ? {} : { body: payload }),
    });
  }
  const body = NO_BODY.has(status) || request.method === 'HEAD' ? null : new Uint8Array(injected.rawPayload);
  return new Response(body, { status, statusText: injected.statusMessage, headers: responseHeaders });
}
