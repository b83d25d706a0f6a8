import { ErrorCode } from '../contract/error-codes.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { isStrayCallback } from '../core/auth/flows.ts';
import type { RoomdeckApi } from '../contract/verbs.ts';
import type { BridgeErrorBody } from '../contract/errors.ts';
import type { LiveRoute } from '../core/bridge/live-channel.ts';
import { BRIDGE_ROUTES } from '../core/bridge/routes.ts';
import { HostSessions, httpBridge, SESSION_COOKIE, sessionCookieOptions } from './bridge-http.ts';
import { CONTENT_SECURITY_POLICY } from '../core/csp.ts';
import { isForeignRequest, LAUNCH_PARAM, type LaunchToken } from './launch.ts';
import { withPageKey } from './launch-page.ts';
import { browserLanguages, pageWords } from './page-language.ts';
import { readCatalogueFiles, withCataloguePreload } from '../core/page/catalogue-preload.ts';
import type { FirstLanguage } from '../core/page/first-language.ts';
import { ignoredCallbackPage, launchRequiredPage, returnToAppPage, technicianSignedInPage } from './pages.ts';
import { decodedPath, isPagePath } from './paths.ts';
import { AssetFiles } from './asset-files.ts';

/** What the host needs from the main-process services (`createMainServices` returns this). */
export interface HostServices {
  api: RoomdeckApi;
  /** A kiosk technician's verbs (PIN-gated), served on `/technician/bridge/…`. */
  technicianApi?: RoomdeckApi;
  /** The panel's live events, streamed to the page on `/bridge/events` (LIVE_EVENTS_PATH). */
  live?: LiveRoute;
  /** The technician's, on `/technician/bridge/events` (only while the PIN gate is open). */
  technicianLive?: LiveRoute;
  /** 'technician': it ended a kiosk technician's sign-in, opened in a window of its own. */
  completeSignIn(callbackUrl: URL): Promise<void | 'technician'>;
  /** The language the page will speak first (its catalogue is preloaded with the page). */
  firstLanguage?: Pick<FirstLanguage, 'guess'>;
  /** The app's page is being served: the bound room starts opening for the page's boot. */
  pageServed?(): void;
  dispose(): void | Promise<void>;
}

export interface HostAppOptions {
  /** Resolved per request: the services may be composed only once the host knows its port. */
  services: () => HostServices;
  /**
   * Settles when `services` can answer: the host listens while they are still being composed
   * (server.ts), and a request that needs them waits here. Absent: they always can.
   */
  servicesReady?: () => Promise<void>;
  rendererDir: string;
  /** The host's own origin, e.g. `http://127.0.0.1:5173`. */
  origin: () => string;
  /** The secret in the printed address; the only way to open a session (launch.ts). */
  launchToken: LaunchToken;
  logger?: boolean;
  /** The event streams' heartbeat (tests shorten it; live-events.ts). */
  heartbeatMs?: number;
}

/**
 * The redirect URI's path. `/callback` because that is what a native client registers for its
 * loopback redirects (RFC 8252 §7.3: any port, same path), so the host needs no registration of
 * its own; `/auth/callback` answers too, for deployments that registered that path.
 */
export const CALLBACK_PATH = '/callback';
const CALLBACK_PATHS = [CALLBACK_PATH, '/auth/callback'];

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // The callback URL carries an authorization code: never hand it on as a Referer.
  'referrer-policy': 'no-referrer',
  // Isolated from any window that opens the page, but keeping the handle on the one it opens: the
  // technician's sign-in window leaves for the service's origin, and with `same-origin` the browser
  // would cut the panel off from it (`closed` reads true, close() does nothing), so neither Cancel,
  // the technician timeout nor a finished sign-in could close it.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
};

/** Where Vite puts everything but the page: content-named, public, served as files. */
const ASSETS = 'assets';

/** For Fastify's schema compilers: every route with a schema brings its own compilers. */
const ownCompilers = () => () => {
  throw new Error('A route with a schema brings its own validator and serializer (see bridge-http.ts).');
};

const BAD_ADDRESS: BridgeErrorBody = {
  code: ErrorCode.ROOMDECK_HOST_BAD_REQUEST,
  message: 'This address is not valid (it has a malformed %-encoding). Open the address Roomdeck printed.',
};

const jsonError = (reply: FastifyReply, status: number, error: BridgeErrorBody): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').send({ ok: false, error });

/**
 * The browser host as a Fastify app (tests use `inject()`; server.ts only listens): the built
 * renderer, the HTTP bridge and the sign-in callback. It never serves a token: the printed launch
 * address is traded for a session (a random cookie and a page key the tab keeps in sessionStorage)
 * that only opens the bridge, and the bridge answers with what the api returns. The app's page is
 * served only to a browser holding the session's cookie.
 */
export async function buildHostApp(options: HostAppOptions): Promise<FastifyInstance> {
  const { services, rendererDir, origin, launchToken } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Left to itself Fastify loads Ajv and fast-json-stringify as it is created (about 12 ms before
    // the host can listen) to compile schemas that no route here leaves to it: the bridge's route
    // brings its own validator and serializer (bridge-http.ts). A route that does not is refused.
    schemaController: { compilersFactory: { buildValidator: ownCompilers, buildSerializer: ownCompilers } },
    // A path the router cannot decode (`/%`, `/%zz`) answers like every other refusal: JSON.
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL') return jsonError(reply, 400, BAD_ADDRESS);
      return jsonError(reply, 400, { code: ErrorCode.ROOMDECK_HOST_BAD_REQUEST, message: error.message });
    },
  });
  const sessions = new HostSessions();
  // The page key for a request that came with the launch token, for the page it is served.
  const launchKeys = new WeakMap<FastifyRequest, string>();
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // DNS rebinding: a foreign name resolving to 127.0.0.1 must not reach the page or the bridge.
    const own = URL.parse(origin())?.host;
    if (own === undefined || request.headers.host !== own) {
      return jsonError(reply, 421, {
        code: ErrorCode.ROOMDECK_HOST_MISDIRECTED,
        message: 'Open Roomdeck by its address.',
      });
    }
    return undefined;
  });

  /** The host's own pages are in the browser's language (Accept-Language), so caches must key on it. */
  const html = (reply: FastifyReply, status: number, page: string): FastifyReply =>
    reply.code(status).type('text/html; charset=utf-8').header('vary', 'Accept-Language').send(page);
  const launchRequired = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    html(reply, 403, launchRequiredPage(await pageWords(request.headers), origin()));

  // The app's page: the launch address trades its token for a session (cookie and page key);
  // otherwise only a browser that already holds a session's cookie gets the app. Nobody else can
  // open one, so no web page can fill the pool and push the real page's session out. Decided on
  // the path as the file system would read it (paths.ts), so no other spelling slips past.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodedPath(request.url);
    if (pathname === null) return jsonError(reply, 400, BAD_ADDRESS);
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (!isPagePath(pathname)) return undefined;
    const foreign = isForeignRequest(request.headers['sec-fetch-site']);
    const held = foreign ? undefined : sessions.find(request.cookies[SESSION_COOKIE]);
    const at = request.url.indexOf('?');
    const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    if (query.has(LAUNCH_PARAM)) {
      if (foreign || !launchToken.matches(query.get(LAUNCH_PARAM))) return launchRequired(request, reply);
      // A second tab (or a reload of the launch address) in a browser with a session gets that
      // session's key again: a new cookie would cut off the tabs already open.
      const session = held ?? sessions.open();
      if (held === undefined) reply.setCookie(SESSION_COOKIE, session.id, sessionCookieOptions);
      // The app's page itself, with the key in it (launch-page.ts): no step between the printed
      // address and the panel.
      launchKeys.set(request, session.key);
      return undefined;
    }
    if (held === undefined) return launchRequired(request, reply);
    return undefined;
  });

  // Everything past the gate but the page's files needs the services: the page (its room opens
  // ahead, its language is chosen), the bridge, the sign-in callback.
  const servicesReady = options.servicesReady;
  if (servicesReady !== undefined)
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const pathname = decodedPath(request.url);
      if (pathname?.startsWith(`/${ASSETS}/`)) return;
      await servicesReady();
    });

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // A route that chose its own opener policy keeps it (the technician's sign-in window).
      if (name === 'cross-origin-opener-policy' && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    return jsonError(reply, status, {
      code: status < 500 ? ErrorCode.ROOMDECK_HOST_BAD_REQUEST : ErrorCode.ROOMDECK_HOST_INTERNAL,
      message: status < 500 ? error.message : 'Roomdeck hit an unexpected problem. Try again.',
    });
  });
  app.setNotFoundHandler((_request, reply) =>
    jsonError(reply, 404, {
      code: ErrorCode.ROOMDECK_HOST_NOT_FOUND,
      message: 'There is nothing at this address.',
    }),
  );

  const heartbeat = options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs };
  for (const route of BRIDGE_ROUTES) {
    await app.register(httpBridge, {
      api: () => route.api(services()),
      live: () => route.live(services()),
      ...heartbeat,
      origin,
      sessions,
      ...(route.prefix === undefined ? {} : { prefix: `/${route.prefix}` }),
    });
  }

  for (const path of CALLBACK_PATHS) {
    app.get(path, async (request, reply) => {
      try {
        // The technician signed in in a window over the panel: that window has nothing to return to.
        if ((await services().completeSignIn(new URL(request.url, origin()))) === 'technician') {
          // Arriving from the service's page (which sets no opener policy), a page of ours with
          // one would be moved into a group of its own, and the panel would lose the handle it
          // closes the window by: this page, which shows nothing secret, keeps the window's group.
          reply.header('cross-origin-opener-policy', 'unsafe-none');
          return html(reply, 200, technicianSignedInPage(await pageWords(request.headers)));
        }
      } catch (err) {
        // Not this sign-in's answer: refused, and the sign-in in progress keeps waiting for its own.
        if (isStrayCallback(err))
          return html(reply, 400, ignoredCallbackPage(await pageWords(request.headers)));
        // The session records why; the page shows it. Log the kind only: the URL holds the code.
        request.log.warn({ err: err instanceof Error ? err.name : 'unknown' }, 'sign-in callback failed');
      }
      return html(reply, 200, returnToAppPage(await pageWords(request.headers)));
    });
  }

  // The page, served by these routes alone (behind the gate above); the file server's root is the
  // assets folder, so no spelling of a path reaches index.html through it.
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // The page's boot follows in a moment: its room opens meanwhile (core/page/opening-ahead.ts).
    services().pageServed?.();
    let html: string;
    try {
      html = await readFile(path.join(rendererDir, 'index.html'), 'utf8');
    } catch {
      return reply.callNotFound();
    }
    // The catalogue of the language the page will speak, fetched beside its code (core/page).
    const language = services().firstLanguage?.guess(browserLanguages(request.headers));
    if (language !== undefined) html = withCataloguePreload(html, readCatalogueFiles(rendererDir), language);
    const key = launchKeys.get(request);
    if (key !== undefined) html = withPageKey(html, key);
    // The preloaded language follows the browser's languages as well as the room's.
    return reply.type('text/html; charset=utf-8').header('vary', 'Accept-Language').send(html);
  };
  app.get('/', page);
  app.get('/index.html', page);
  // The page's files, from memory (asset-files.ts), read ahead of the page's first request.
  // Vite names every file by its content: a browser may keep it for good, and a reload then asks
  // the host for the page alone.
  const assets = new AssetFiles(path.join(rendererDir, ASSETS));
  void assets.preload();
  app.get<{ Params: { name: string } }>(`/${ASSETS}/:name`, async (request, reply) => {
    const file = await assets.file(request.params.name);
    if (file === null) return reply.callNotFound();
    return reply
      .type(file.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });

  return app;
}
