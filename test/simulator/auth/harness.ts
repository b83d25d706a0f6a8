import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  AuthService,
  type AuthSnapshot,
  authPlugin,
  type DemoAccounts,
  demoAccounts,
} from '../../../simulator/auth/index.ts';
import { fetch, serveByInject } from '../../support/inject-fetch.ts';

/**
 * A fastify app with only the auth plugin, answering through `inject()` (or on a real port with
 * `socket: true`), plus a browser-like client for it. The client's `fetch` is inject-fetch.ts's: the
 * in-process app for its origin, the network for any other (a whole simulator on a real port).
 */

export const CALLBACK = 'http://127.0.0.1:43123/callback';

export interface Harness {
  app: FastifyInstance;
  auth: AuthService;
  base: string;
  /** Moves the injected clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** What the browser-like helpers need: where the auth endpoints are (a harness, or a whole simulator). */
export type Endpoint = Pick<Harness, 'base'>;

export interface HarnessOptions {
  refreshReuseSeconds?: number;
  accounts?: DemoAccounts;
  tokenTtlSeconds?: number;
  snapshot?: AuthSnapshot;
  /** Listen on a real loopback port instead of answering through inject(). */
  socket?: boolean;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  let now = Date.UTC(2025, 0, 15, 9, 0, 0);
  const auth = new AuthService(
    {
      accounts: options.accounts ?? demoAccounts,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      ...(options.refreshReuseSeconds === undefined
        ? {}
        : { refreshReuseSeconds: options.refreshReuseSeconds }),
      now: () => now,
    },
    options.snapshot,
  );
  const app = Fastify({ logger: false });
  await app.register(authPlugin, { prefix: '/auth/oauth', auth });
  const served = options.socket
    ? { origin: await app.listen({ port: 0, host: '127.0.0.1' }), close: () => app.close() }
    : await serveByInject(app);
  return {
    app,
    auth,
    base: `${served.origin}/auth/oauth`,
    advance: (ms) => {
      now += ms;
    },
    close: () => served.close(),
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(h: Endpoint, params: Record<string, string>): string {
  return `${h.base}/authorize?${new URLSearchParams(params).toString()}`;
}

export function codeParams(challenge: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: 'roomdeck',
    redirect_uri: CALLBACK,
    response_type: 'code',
    state: 'xyz-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** The hidden fields of the login form, as a browser would submit them. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    const [, name = '', value = ''] = match;
    fields[name] = value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return fields;
}

export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A page of the authorize endpoint as a browser holds it: the HTML, its hidden fields, its cookies. */
export interface OpenedForm {
  status: number;
  html: string;
  fields: Record<string, string>;
  /** Every cookie the browser now sends back to /auth (`a=1; b=2`), the pre-login cookie included. */
  cookie: string;
}

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
}

/** GET /authorize as a browser, sending `cookie` and keeping what the page sets. */
export async function openForm(
  h: Endpoint,
  params: Record<string, string>,
  cookie = '',
): Promise<OpenedForm> {
  const page = await fetch(authorizeUrl(h, params), {
    redirect: 'manual',
    headers: cookie === '' ? {} : { cookie },
  });
  const html = await page.text();
  const cookies = [cookie, ...cookiePairs(page)].filter((c) => c !== '');
  return { status: page.status, html, fields: hiddenFields(html), cookie: cookies.join('; ') };
}

/** Posts the opened form back with its cookies and the browser's own Origin, plus `extra` fields. */
export function submitForm(h: Endpoint, form: OpenedForm, extra: Record<string, string>): Promise<Response> {
  return postForm(
    `${h.base}/authorize`,
    { ...form.fields, ...extra },
    { cookie: form.cookie, origin: new URL(h.base).origin },
  );
}

export interface SignIn {
  location: URL;
  /** The session cookie as set (`roomdeck_sim_session=…; Path=/auth; …`). */
  cookie: string | null;
}

/** Plays the browser: authorize → login page → submit credentials → the 302 back to the app. */
export async function signIn(
  h: Endpoint,
  params: Record<string, string>,
  username = 'admin@demo.local',
  password = 'demo',
): Promise<SignIn> {
  const form = await openForm(h, params);
  if (form.status !== 200) throw new Error(`expected the login page, got ${form.status}`);
  const response = await submitForm(h, form, { username, password });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null)
    throw new Error(`expected a redirect, got ${response.status}`);
  const session = response.headers.getSetCookie().find((c) => c.startsWith('roomdeck_sim_session='));
  return { location: new URL(location), cookie: session ?? null };
}

export async function authorizationCode(
  h: Endpoint,
  challenge: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const { location } = await signIn(h, codeParams(challenge, extra));
  const code = location.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location.href}`);
  return code;
}

export function exchange(h: Endpoint, fields: Record<string, string>): Promise<Response> {
  return postForm(`${h.base}/token`, {
    grant_type: 'authorization_code',
    client_id: 'roomdeck',
    redirect_uri: CALLBACK,
    ...fields,
  });
}

export function bearer(token: string): { headers: Record<string, string>; query: unknown } {
  return { headers: { authorization: `Bearer ${token}` }, query: {} };
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export const CI_CLIENT = { client_id: 'roomdeck-ci', client_secret: 'roomdeck-ci-secret' };

export function passwordGrant(h: Endpoint, extra: Record<string, string> = {}): Promise<Response> {
  return postForm(`${h.base}/token`, {
    grant_type: 'password',
    username: 'tech@demo.local',
    password: 'demo',
    ...CI_CLIENT,
    ...extra,
  });
}
