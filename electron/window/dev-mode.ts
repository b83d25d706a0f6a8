import { isLoopbackIssuer } from '../../core/auth/insecure.ts';
import { APP_ENTRY_URL } from './app-protocol.ts';

/**
 * What the window loads and whether it has DevTools. Normally the bundle (`app://`) and no
 * DevTools. A developer opts in with an explicit `--dev` flag, and only then is
 * `ROOMDECK_RENDERER_URL` read, and only a plain-http dev server on this machine is accepted: a
 * variable left in an environment (or planted in one) cannot point a panel at a page elsewhere,
 * and a packaged app has no dev mode at all.
 */

export const DEV_FLAG = '--dev';
export const RENDERER_URL_ENV = 'ROOMDECK_RENDERER_URL';

export interface RendererChoiceInput {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  isPackaged: boolean;
}

export interface RendererChoice {
  /** The page the window loads. */
  appUrl: string;
  devTools: boolean;
  /** Why a dev setting was not used, for the log; null when nothing was ignored. */
  ignored: string | null;
}

export function chooseRenderer(input: RendererChoiceInput): RendererChoice {
  const dev = input.argv.includes(DEV_FLAG);
  const requested = input.env[RENDERER_URL_ENV];
  const bundle = (ignored: string | null): RendererChoice => ({
    appUrl: APP_ENTRY_URL,
    devTools: dev && !input.isPackaged,
    ignored,
  });
  if (dev && input.isPackaged) return bundle(`${DEV_FLAG} is ignored in an installed Roomdeck.`);
  if (requested === undefined || requested === '') return bundle(null);
  if (!dev) return bundle(`${RENDERER_URL_ENV} is ignored without ${DEV_FLAG}.`);
  if (!isLoopbackDevServer(requested)) {
    return bundle(
      `${RENDERER_URL_ENV} must be a dev server on this machine (http://127.0.0.1:PORT/ or http://localhost:PORT/).`,
    );
  }
  return { appUrl: new URL(requested).href, devTools: true, ignored: null };
}

/** A plain-http URL on a loopback address, without credentials. */
export function isLoopbackDevServer(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return isLoopbackIssuer(parsed) && parsed.username === '' && parsed.password === '';
}
