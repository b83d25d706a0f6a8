import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { RoomdeckApi } from '../../contract/verbs.ts';
import { PAGE_KEY_HEADER } from '../../contract/page-key.ts';
import { buildHostApp } from '../../host/app.ts';
import { createLaunchToken } from '../../host/launch.ts';

export const ORIGIN = 'http://127.0.0.1:47123';
export const HOST = '127.0.0.1:47123';

/** A renderer build in miniature: the page and one script and stylesheet, like Vite emits. */
export function fakeRendererDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-renderer-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-abc.css"></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("roomdeck");');
  writeFileSync(path.join(dir, 'assets', 'index-abc.css'), 'body{margin:0}');
  return dir;
}

/** The headers Roomdeck's page sends with a bridge call: the session cookie and the tab's key. */
export type PageCredentials = Record<'cookie' | typeof PAGE_KEY_HEADER, string>;

/** The page key in the page served for the launch address (host/launch-page.ts). */
export function pageKeyIn(html: string): string {
  const key = /<meta name="roomdeck-page-key" content="([A-Za-z0-9_-]+)">/.exec(html)?.[1];
  if (key === undefined) throw new Error('the page holds no page key');
  return key;
}

export interface HostFixtureOptions {
  api: RoomdeckApi;
  /** The kiosk technician's verbs, served on `/technician/bridge/…`. */
  technicianApi?: RoomdeckApi;
  /** 'technician': the callback ended a kiosk technician's sign-in, in a window of its own. */
  completeSignIn?: (url: URL) => Promise<unknown>;
}

export async function hostFixture(options: HostFixtureOptions) {
  const callbacks: URL[] = [];
  const launchToken = createLaunchToken();
  const app = await buildHostApp({
    rendererDir: fakeRendererDir(),
    launchToken,
    origin: () => ORIGIN,
    services: () => ({
      api: options.api,
      ...(options.technicianApi ? { technicianApi: options.technicianApi } : {}),
      completeSignIn: async (url) => {
        callbacks.push(url);
        return (await options.completeSignIn?.(url)) === 'technician' ? 'technician' : undefined;
      },
      dispose: async () => undefined,
    }),
  });
  const inject = (request: InjectOptions) =>
    app.inject({ ...request, headers: { host: HOST, ...request.headers } });

  /**
   * Opens the printed launch address like a person does and returns what the page sends with every
   * bridge call from then on: the browser's cookie and the tab's page key (read from the launch
   * page, where the host's script finds it).
   */
  const openPage = async (): Promise<PageCredentials> => {
    const page = await inject({ method: 'GET', url: `/?launch=${launchToken.value}` });
    const cookie = page.cookies.find((c) => c.name === 'roomdeck_session');
    if (cookie === undefined) throw new Error('the launch address set no session cookie');
    return { cookie: `roomdeck_session=${cookie.value}`, [PAGE_KEY_HEADER]: pageKeyIn(page.body) };
  };

  const bridge = (domain: string, verb: string, body: unknown, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: `/bridge/${domain}/${verb}`,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  return { app, inject, openPage, bridge, callbacks, launchToken };
}
