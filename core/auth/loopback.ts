import { ErrorCode } from '../../contract/error-codes.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../api/clock.ts';
import { RoomdeckError, SignInError, toBridgeError } from '../api/errors.ts';

/**
 * The one-shot redirect receiver of a native app (RFC 8252 §7.3): an HTTP listener on the IPv4
 * loopback address only, on a port the OS picks, that takes exactly one callback, shows the browser
 * a short page saying how it went, and closes. Anything that is not the callback path gets 404, and
 * a callback whose `state` is not this sign-in's gets 400; neither changes anything, so a stray
 * request (favicon, a port scan, `/callback?code=z&state=wrong`) cannot end the sign-in.
 */

export const SIGN_IN_WINDOW_MS = 5 * 60_000;

export interface LoopbackOptions {
  /**
   * Completes the sign-in from the callback URL (state check, code exchange). Its outcome decides
   * the page the browser sees, so that page tells the truth.
   */
  onCallback(callbackUrl: URL): Promise<void>;
  /**
   * Throws when a request is not the answer to this sign-in (its `state` does not match). Called
   * before the callback is taken: such a request gets 400 and the receiver keeps waiting.
   */
  checkState?(callbackUrl: URL): void;
  /** Path of the redirect URI. */
  path?: string;
  /** How long to wait for the browser before giving up with ROOMDECK_SIGN_IN_TIMEOUT. */
  timeoutMs?: number;
  clock?: Clock;
}

export interface LoopbackReceiver {
  /** `http://127.0.0.1:{port}{path}`: register-free on any port for native clients (RFC 8252 §7.3). */
  readonly redirectUri: string;
  /** Settles once: fulfilled after a successful callback, rejected with the failure or the timeout. */
  readonly done: Promise<void>;
  /** Abandons the sign-in (a newer one started, or the app quits). Idempotent. */
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const FORCE_CLOSE_MS = 2_000;

export async function startLoopbackReceiver(options: LoopbackOptions): Promise<LoopbackReceiver> {
  const path = options.path ?? '/callback';
  const clock = options.clock ?? systemClock;
  let settled = false;
  let claimed = false;
  let resolveDone!: () => void;
  let rejectDone!: (err: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // The session may not be listening when the receiver fails on its own (timeout); avoid an unhandled rejection.
  done.catch(() => undefined);

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) page(res, 500, failurePage(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED)));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    if (url.pathname !== path) return page(res, 404, notFoundPage());
    if (req.method !== 'GET') return page(res, 405, notFoundPage(), { allow: 'GET' });
    const callbackUrl = new URL(`${url.pathname}${url.search}`, `http://${HOST}:${port}`);
    try {
      // State first: a stray or forged request must not use up the one callback of this sign-in.
      options.checkState?.(callbackUrl);
    } catch {
      return page(res, 400, strayPage());
    }
    if (claimed) {
      // One sign-in, one callback: a second one (replay, double submit) is refused outright.
      return page(res, 409, failurePage(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED)));
    }
    claimed = true;
    try {
      await options.onCallback(callbackUrl);
      page(res, 200, successPage());
      finish(null);
    } catch (err) {
      page(res, 400, failurePage(err));
      finish(err);
    }
  }

  function finish(err: unknown): void {
    if (settled) return;
    settled = true;
    clock.clearTimeout(timer);
    if (err === null) resolveDone();
    else rejectDone(err);
    void shutdown();
  }

  let closing: Promise<void> | null = null;
  function shutdown(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Browsers keep idle connections open; pages are sent with `Connection: close`, so a request
      // in flight still gets its answer. A client that never finishes its request is cut off.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_MS).unref();
    });
    return closing;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Port 0: the OS picks a free port, so nothing can squat a well-known one in advance.
    server.listen({ host: HOST, port: 0, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const timer = clock.setTimeout(
    () => finish(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_TIMEOUT)),
    options.timeoutMs ?? SIGN_IN_WINDOW_MS,
  );

  return {
    redirectUri: `http://${HOST}:${port}${path}`,
    done,
    close: () => {
      finish(new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: 'superseded or cancelled' }));
      return shutdown();
    },
  };
}

function page(res: ServerResponse, status: number, html: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The page needs nothing but its inline style; it must not load or send anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    connection: 'close',
    ...extra,
  });
  res.end(html);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · Roomdeck</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.5rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function successPage(): string {
  return layout('Signed in', "<p>You're signed in — you can close this tab and return to Roomdeck.</p>");
}

function failurePage(err: unknown): string {
  const message = err instanceof RoomdeckError ? err.message : toBridgeError(err).message;
  return layout('Sign-in did not complete', `<p>${escapeHtml(message)}</p><p>You can close this tab.</p>`);
}

function strayPage(): string {
  return layout(
    'Sign-in answer ignored',
    '<p>This answer does not belong to the sign-in Roomdeck started, so Roomdeck ignored it for your safety.</p><p>If you are signing in, finish in the tab Roomdeck opened: Roomdeck is still waiting for it.</p>',
  );
}

function notFoundPage(): string {
  return layout('Not found', '<p>Nothing here.</p>');
}
