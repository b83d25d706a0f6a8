import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { RoomdeckApi } from '../../../electron/bridge/contract.ts';
import { buildHostApp } from '../../../electron/host/app.ts';
import { createLaunchToken } from '../../../electron/host/launch.ts';

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

export interface HostFixtureOptions {
  api: RoomdeckApi;
  /** The kiosk technician's verbs, served on `/technician/bridge/…`. */
  technicianApi?: RoomdeckApi;
  completeSignIn?: (url: URL) => Promise<void>;
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
        await options.completeSignIn?.(url);
      },
      dispose: async () => undefined,
    }),
  });
  const inject = (request: InjectOptions) =>
    app.inject({ ...request, headers: { host: HOST, ...request.headers } });

  /**
   * Opens the printed launch address like a person does and returns the cookie header the browser
   * sends from then on.
   */
  const openPage = async (): Promise<string> => {
    const page = await inject({ method: 'GET', url: `/?launch=${launchToken.value}` });
    const cookie = page.cookies.find((c) => c.name === 'roomdeck_session');
    if (cookie === undefined) throw new Error('the launch address set no session cookie');
    return `roomdeck_session=${cookie.value}`;
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
