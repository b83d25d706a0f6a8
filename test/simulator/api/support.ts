import { expect } from 'vitest';
import { buildApp } from '../../../simulator/app.ts';
import { type StartOptions, startSimulator } from '../../../simulator/server.ts';
import { defaultSimulatorOptions, Simulator } from '../../../simulator/control/simulator.ts';
import { fetch, serveByInject } from '../../support/inject-fetch.ts';

/**
 * Black-box helpers for the control API: a whole simulator answering through fastify's `inject()` (or,
 * with `socket: true`, on a real port 0), tokens per role through the password grant, and a small
 * typed request helper over `fetch` (test/support/inject-fetch.ts: in-process for the former, the
 * network for the latter).
 */

export type Role = 'admin' | 'support' | 'user';

export const USERS: Record<Role, string> = {
  admin: 'admin@demo.local',
  support: 'tech@demo.local',
  user: 'panel@demo.local',
};

export const CI_CLIENT = { client_id: 'roomdeck-ci', client_secret: 'roomdeck-ci-secret' } as const;

export const SYS = {
  boardroom: 'sys-harbour-boardroom',
  huddle: 'sys-huddle-3-2',
  training: 'sys-kauri-training',
  auditorium: 'sys-tasman-auditorium',
  lab: 'sys-innovation-lab',
  lounge: 'sys-level3-lounge',
  rimuA: 'sys-rimu-training-a',
  rimuB: 'sys-rimu-training-b',
  rimuAB: 'sys-rimu-training-ab',
} as const;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON when it is JSON and not empty, else undefined. */
  body: T;
}

export interface RequestOptions {
  /** Whose token to send; `null` sends none. Default admin. */
  as?: Role | null;
  /** An explicit token instead of a role's. */
  token?: string;
  /** Sent as JSON (`content-type: application/json`). */
  json?: unknown;
  /** Sent verbatim, with `contentType` (default application/json). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Api {
  /** The base URL: an in-process origin of inject-fetch.ts, or the real port's. */
  url: string;
  simulator: Simulator;
  tokens: Record<Role, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies loosely; the assertions check their shape
  req<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A fresh access token for a user, through the password grant. */
  login(role: Role): Promise<string>;
  close(): Promise<void>;
}

export interface StartApiOptions extends StartOptions {
  /** Which roles to sign in at start (default all three). */
  roles?: Role[];
  /** Listen on a real loopback port (0) instead of answering through inject(): for tests about the wire. */
  socket?: boolean;
}

interface Running {
  url: string;
  simulator: Simulator;
  close(): Promise<void>;
}

/** What startSimulator does, minus the listen: the same Simulator, app and Host names, no port. */
async function startInProcess(options: StartOptions): Promise<Running> {
  const { port: _port, host = '127.0.0.1', hostNames = [], ...rest } = options;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const simulator = new Simulator({ ...defaultSimulatorOptions, ...defined });
  await simulator.flush();
  const served = await serveByInject(await buildApp(simulator, {}, { host, hostNames }));
  return {
    url: served.origin,
    simulator,
    async close() {
      await served.close();
      await simulator.close();
    },
  };
}

export async function passwordToken(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: 'demo',
      authority: 'demo',
      ...CI_CLIENT,
    }).toString(),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`password grant for ${username} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

export async function request<T>(
  url: string,
  method: string,
  path: string,
  options: RequestOptions & { tokenValue?: string | null } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tokenValue) headers.authorization = `Bearer ${options.tokenValue}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  let parsed: unknown;
  if (text !== '' && type.includes('json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

export async function startApi(options: StartApiOptions = {}): Promise<Api> {
  const { roles = ['admin', 'support', 'user'], socket = false, ...start } = options;
  const server = socket ? await startSimulator({ port: 0, ...start }) : await startInProcess(start);
  const url = server.url;
  const tokens = { admin: '', support: '', user: '' } as Record<Role, string>;
  await Promise.all(
    roles.map(async (role) => {
      tokens[role] = await passwordToken(url, USERS[role]);
    }),
  );
  return {
    url,
    simulator: server.simulator,
    tokens,
    req(method, path, opts = {}) {
      const role = opts.as === undefined ? 'admin' : opts.as;
      const tokenValue = opts.token ?? (role === null ? null : tokens[role]);
      return request(url, method, path, { ...opts, tokenValue });
    },
    login: (role) => passwordToken(url, USERS[role]),
    close: () => server.close(),
  };
}

/** A clock the simulator reads through `now`; tests move it forward. */
export function fakeClock(start = Date.UTC(2025, 5, 2, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Wire contract, Errors: JSON, `error` and `code` strings, the status and code expected. */
export function expectError(
  response: ApiResponse<unknown>,
  status: number,
  code: string,
): Record<string, unknown> & { error: string; code: string } {
  expect({ status: response.status, code: (response.body as { code?: unknown } | undefined)?.code }).toEqual({
    status,
    code,
  });
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  return body as Record<string, unknown> & { error: string; code: string };
}

export const ids = (items: { id: string }[]): string[] => items.map((item) => item.id);

/** Every page of a list, following `Link: rel="next"` as a client would. */
export async function allPages<T extends { id: string }>(api: Api, path: string): Promise<T[]> {
  const seen: T[] = [];
  let next: string | null = path;
  for (let guard = 0; next && guard < 1000; guard += 1) {
    const response: ApiResponse<T[]> = await api.req<T[]>('GET', next);
    expect(response.status).toBe(200);
    seen.push(...response.body);
    const link = response.headers.get('link');
    next = link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
  }
  return seen;
}
