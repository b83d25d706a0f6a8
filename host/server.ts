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
   * sign-in callback URL (`<origin>/auth/callback`) exists only after listening.
   */
  services: HostServices | ((origin: string, callbackUrl: string) => HostServices);
  rendererDir: string;
}

export interface BrowserHost {
  /** The host's page, e.g. `http://127.0.0.1:5173/`: opens the app only with a session cookie. */
  url: string;
  /** The address to print and open: the page with this start's launch token (launch.ts). */
  launchUrl: string;
  close(): Promise<void>;
}

/** Serves the browser host on the configured loopback address; never on all interfaces. */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { config, rendererDir } = options;
  let origin = '';
  let services: HostServices | null = typeof options.services === 'function' ? null : options.services;
  const launchToken = createLaunchToken();
  const app = await buildHostApp({
    rendererDir,
    launchToken,
    origin: () => origin,
    services: () => {
      if (services === null) throw new Error('The browser host is not ready yet.');
      return services;
    },
  });
  await app.listen({ host: config.host.address, port: config.host.port });
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The browser host has no TCP address.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  if (typeof options.services === 'function') {
    try {
      services = options.services(origin, `${origin}${CALLBACK_PATH}`);
    } catch (err) {
      await app.close();
      throw err;
    }
  }
  const composed = services;
  await warmUp(app, origin, rendererDir);
  return {
    url: `${origin}/`,
    launchUrl: launchUrl(origin, launchToken),
    async close() {
      await app.close();
      // Services the host composed itself are the host's to dispose.
      if (typeof options.services === 'function' && composed !== null) await composed.dispose();
    },
  };
}

/**
 * Serves the page's first scripts and styles once, in-process, before the host is announced: the first
 * panel that loads then finds the file-serving path compiled and warm instead of paying for it
 * (a few hundred milliseconds on a cold host). Then asks for the page once over real HTTP with
 * Node's fetch: it answers "open the printed address" (no cookie, no launch token, so no session is
 * minted), and the fetch the api client uses for the service is loaded and compiled by then too
 * (Node loads it lazily: the first fetch costs ~80 ms, which the panel's first room load paid).
 */
async function warmUp(app: FastifyInstance, origin: string, rendererDir: string): Promise<void> {
  const host = new URL(origin).host;
  // What the page names in its first bytes, not every chunk of the build (the technician tools,
  // the other languages): the host is announced sooner, and the rest is served when asked for.
  let assets: string[] = [];
  try {
    const page = await readFile(path.join(rendererDir, 'index.html'), 'utf8');
    assets = [...page.matchAll(/"\.\/assets\/([\w.-]+\.(?:js|css))"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  } catch {
    // No build yet: nothing to warm.
  }
  for (const file of assets) {
    await app.inject({ method: 'GET', url: `/assets/${file}`, headers: { host } }).catch(() => undefined);
  }
  await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}
