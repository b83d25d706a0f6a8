import { createHash } from 'node:crypto';
import { passwordToken, type Role, USERS } from '../simulator/api/support.ts';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';
import { type Browser, installBrowser } from './browser-shims.ts';
import type { Source, TsClient } from './ts-client-api.ts';

/**
 * @placeos/ts-client, unmodified, against the simulator on a real port: the page it thinks it runs
 * in (browser-shims.ts), the token it finds there, and its `setup()`.
 */

/**
 * The package's ES build, the file its `module` field names (what every bundler loads). Its `main`,
 * `dist/index.cjs.js`, is CommonJS in a `"type": "module"` package, so Node cannot load it as is.
 */
const ENTRY = '@placeos/ts-client/dist/index.es.js';

/** What a PlaceOS panel passes to `setup()`: its own OAuth redirect page on the service's origin. */
export const REDIRECT_PATH = '/oauth-resp.html';

export interface OfficialClient {
  sim: RunningSimulator;
  client: TsClient;
  browser: Browser;
  /** The token ts-client found in its storage (the panel user's unless told otherwise). */
  token: string;
}

/**
 * The token is obtained from the simulator's OAuth token endpoint (the password grant of the CI
 * client, form body) and left where ts-client reads a token a previous sign-in stored:
 * `localStorage["<md5(redirect_uri)>_access_token"]` and `…_expires_at` (ms). ts-client's own
 * headless flow (`auth_type: 'password'`) cannot be used as it is: it names itself by
 * md5(redirect_uri), a client id the simulator does not register, and sends the password in the
 * token URL's query string, which the wire contract's token endpoint does not read (bodies only).
 */
export async function startOfficialClient(
  options: { extraSystems?: number; role?: Role } = {},
): Promise<OfficialClient> {
  const { extraSystems = 0, role = 'user' } = options;
  const sim = await startSimulator({ port: 0, extraSystems });
  const browser = installBrowser(`${sim.url}/panel/`);
  const redirectUri = `${sim.url}${REDIRECT_PATH}`;
  const token = await passwordToken(sim.url, USERS[role]);
  const clientId = createHash('md5').update(redirectUri).digest('hex');
  browser.storage.setItem(`${clientId}_access_token`, token);
  browser.storage.setItem(`${clientId}_expires_at`, String(Date.now() + 3_600_000));
  // Imported only now: ts-client reads `localStorage` when its module is evaluated.
  const client = (await import(/* @vite-ignore */ ENTRY)) as TsClient;
  await client.setup({
    auth_uri: '/auth/oauth/authorize',
    token_uri: '/auth/oauth/token',
    redirect_uri: redirectUri,
    scope: 'public',
  });
  return { sim, client, browser, token };
}

/** The bound on every wait: generous, because the machine is shared and loaded. */
export const WAIT_MS = 10_000;

/**
 * The first value of `source` that `match`es, within `ms`: a bounded wait for what the test expects,
 * never a sleep. The failure names what was awaited and every value seen; an error of the source
 * rejects (ts-client's HTTP observables error with the failed Response).
 */
export function awaitValue<T>(
  source: Source<T>,
  what: string,
  match: (value: T) => boolean = () => true,
  ms = WAIT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const seen: T[] = [];
    let done = false;
    let subscription: { unsubscribe(): void } | undefined;
    const finish = () => {
      done = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`no ${what} within ${ms} ms; seen ${JSON.stringify(seen)}`));
    }, ms);
    subscription = source.subscribe({
      next: (value) => {
        seen.push(value);
        if (done || !match(value)) return;
        finish();
        resolve(value);
      },
      error: (error) => {
        if (done) return;
        finish();
        reject(error);
      },
    });
    // A BehaviorSubject emits inside subscribe(), before `subscription` was assigned.
    if (done) subscription.unsubscribe();
  });
}

/** What a failed ts-client HTTP call errors with: the fetch Response (http/functions.ts `request`). */
export async function httpFailure(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error('the request succeeded');
}

/** What a failed ts-client socket request rejects with: the server's error frame. */
export async function socketFailure(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('the request succeeded');
}
