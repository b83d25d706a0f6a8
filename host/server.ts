import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ResolvedConfig } from '../core/config/schema.ts';
import { buildHostApp, CALLBACK_PATH, type HostServices } from './app.ts';
import { createLaunchToken, launchUrl } from './launch.ts';

export interface BrowserHostOptions {
  config: Pick<ResolvedConfig, 'host'>;
  /**
   * The services, or a function composing them once the host's origin is known: with port 0 the
   * sign-in callback URL (`<origin>/auth/callback`) exists only after listening. A function may
   * compose them asynchronously (loading their code): the host listens meanwhile, and a request
   * that needs them waits for them (`ready`).
   */
  services: HostServices | ((origin: string, callbackUrl: string) => HostServices | Promise<HostServices>);
  rendererDir: string;
}

export interface BrowserHost {
  /** The host's page, e.g. `http://127.0.0.1:5173/`: opens the app only with a session cookie. */
  url: string;
  /** The address to print and open: the page with this start's launch token (launch.ts). */
  launchUrl: string;
  /**
   * Settles when the services are composed: the host listens before then (listening needs none of
   * them; the requests that do wait), so a caller can announce it while they load. Rejects when
   * they cannot be.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Serves the browser host on the configured loopback address; never on all interfaces. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { config, rendererDir } = options;
  let origin = '';
  let services: HostServices | null = typeof options.services === 'function' ? null : options.services;
  // Settled once the services are composed, after listening (below); requests that need them wait.
  let composed!: (result: Promise<HostServices>) => void;
  const composing = new Promise<HostServices>((resolve) => {
    composed = resolve;
  });
  // Not a failure to report twice: whoever awaits `ready` hears it (start.ts stops the host).
  composing.catch(() => undefined);
  const launchToken = createLaunchToken();
  const app = await buildHostApp({
    rendererDir,
    launchToken,
    origin: () => origin,
    services: () => {
      if (services === null) throw new Error('The browser host is not ready yet.');
      return services;
    },
    servicesReady: async () => {
      await composing;
    },
  });
  // Whether anyone but the warm-up has asked for anything yet.
  let asked = false;
  app.addHook('onRequest', async (request) => {
    if (request.headers[WARM_UP_HEADER] === undefined) asked = true;
  });
  await app.listen({ host: config.host.address, port: config.host.port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    await app.close();
    throw new Error('The browser host has no TCP address.');
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  const factory = options.services;
  composed(
    typeof factory === 'function'
      ? Promise.resolve()
          .then(() => factory(origin, `${origin}${CALLBACK_PATH}`))
          .then((made) => {
            services = made;
            return made;
          })
      : Promise.resolve(services as HostServices),
  );
  // The first page's scripts and the api client's fetch, warmed while nobody is waiting yet: a
  // browser started once the address is announced takes longer to start than this does, and a
  // browser already open is served at once instead (the warm-up stops at its first request).
  let closing = false;
  void composing.then(() => warmUp(app, origin, rendererDir, () => asked || closing)).catch(() => undefined);
  return {
    url: `${origin}/`,
    launchUrl: launchUrl(origin, launchToken),
    ready: composing.then(() => undefined),
    // Without waiting for services still being composed or a warm-up under way: a Ctrl-C moments
    // after the start stops the host at once (the warm-up stops at its next step).
    async close() {
      closing = true;
      await app.close();
      // Services the host composed itself are the host's to dispose, once they exist.
      if (typeof factory !== 'function') return;
      if (services !== null) await services.dispose();
      else void composing.then((made) => made.dispose()).catch(() => undefined);
    },
  };
}

/** Marks the warm-up's own requests, which are not anyone waiting. */
const WARM_UP_HEADER = 'x-roomdeck-warm-up';

/**
 * Serves the page's first scripts and styles once, in-process, as soon as the host listens: the first
 * panel that loads then finds the file-serving path compiled and warm instead of paying for it
 * (a few hundred milliseconds on a cold host). Then asks for one of them again over real HTTP with
 * Node's fetch, so the fetch the api client uses for the service is loaded and compiled by then too
 * (Node loads it lazily: the first fetch costs ~80 ms, which the panel's first room load paid). A
 * file, not a page: the host's own pages would load their words for nobody.
 */
async function warmUp(
  app: FastifyInstance,
  origin: string,
  rendererDir: string,
  asked: () => boolean,
): Promise<void> {
  const host = new URL(origin).host;
  // What the page names in its first bytes, not every chunk of the build (the technician tools,
  // the other languages): the rest is served when asked for.
  let assets: string[] = [];
  try {
    const page = await readFile(path.join(rendererDir, 'index.html'), 'utf8');
    assets = [...page.matchAll(/"\.\/assets\/([\w.-]+\.(?:js|css))"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  } catch {
    // No build yet: nothing to warm.
  }
  for (const file of assets) {
    if (asked()) return;
    await app
      .inject({ method: 'GET', url: `/assets/${file}`, headers: { host, [WARM_UP_HEADER]: '1' } })
      .catch(() => undefined);
  }
  if (asked()) return;
  await fetch(`${origin}/assets/${assets[0] ?? 'none'}`, {
    headers: { [WARM_UP_HEADER]: '1' },
    signal: AbortSignal.timeout(2_000),
  })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}
