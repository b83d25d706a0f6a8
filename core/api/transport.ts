import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock } from './clock.ts';
import { startDeadline } from './deadline.ts';
import { badResponse } from './decode.ts';
import { AuthError, LinkError, RoomdeckError } from './errors.ts';
import { isSafeId } from '../../contract/ids.ts';
import { errorFromResponse, type FailedResponse } from './service-errors.ts';

/**
 * Where the client's bearer tokens come from: the Session. The client never stores a token; it asks
 * for one per request and reports a 401 so the session can renew it (once) before the retry.
 */
export interface AccessTokenSource {
  /** The current access token; throws AUTH_REQUIRED when signed out, SESSION_ENDED when renewal was refused. */
  getAccessToken(): Promise<string>;
  /** The service refused `rejectedToken` (401): renew it unless that already happened. */
  onUnauthorized(rejectedToken: string): Promise<void>;
  /** Even a renewed token was refused (reported; the session decides what it means). */
  onTokenRefused?(error: AuthError): void;
  /** The service accepted the token (any answer but 401): a refusal is over. */
  onTokenAccepted?(): void;
}

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the base URL, e.g. `/api/control/systems/sys-1`. Path parameters already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** A system exec call: gateway statuses then mean the device (see errorFromResponse). */
  exec?: boolean;
  /**
   * The dialect's own reading of a refusal, before the wire contract's (service-errors.ts). An
   * error it returns for a 401 means the 401 is not about the token (the current generation's
   * exec `access denied`), so the token is not renewed.
   */
  errorFrom?: ((response: FailedResponse) => RoomdeckError | undefined) | undefined;
}

export interface ApiReply {
  status: number;
  headers: Headers;
  /** Parsed JSON; undefined for an empty body. */
  body: unknown;
}

export interface TransportOptions {
  baseUrl: string;
  auth: AccessTokenSource;
  fetch: typeof fetch;
  clock: Clock;
  /** Called with every successful reply, so the client can tell which generation it talks to. */
  observe?: (reply: ApiReply) => void;
}

/**
 * One id as one path segment. An id that would not stay one (`.`, `..`, a `/`; see ids.ts) names
 * nothing on the service: refused here, before any URL exists, whatever let it through upstream.
 */
export function encodePath(segment: string): string {
  if (!isSafeId(segment))
    throw new RoomdeckError(ErrorCode.ROOMDECK_NOT_FOUND, { cause: 'not a valid id for a URL path' });
  return encodeURIComponent(segment);
}

/** One authorized round trip to the control API, renewing the token once on a 401 (RFC 6750 §3.1). */
export async function send(options: TransportOptions, request: ApiRequest): Promise<ApiReply> {
  const token = await options.auth.getAccessToken();
  // The caller may have given up while the token was being renewed: a command it was told failed
  // must not leave now, when the service is back.
  refuseIfAborted(request.signal);
  let reply = await attempt(options, request, token);
  if (reply.status === 401) {
    const notAboutToken = request.errorFrom?.({ status: reply.status, body: reply.body });
    if (notAboutToken !== undefined) throw notAboutToken;
    await options.auth.onUnauthorized(token);
    const renewed = await options.auth.getAccessToken();
    refuseIfAborted(request.signal);
    reply = await attempt(options, request, renewed);
    if (reply.status === 401) {
      // Even a renewed token refused. Not the end of the session (only the authorization server
      // ends it): a gateway glitch or a key rotation on the service passes; the panel says so.
      const refused = new AuthError(ErrorCode.ROOMDECK_AUTH_REQUIRED, {
        cause: { status: 401, body: reply.body },
      });
      options.auth.onTokenRefused?.(refused);
      throw new LinkError(ErrorCode.ROOMDECK_CREDENTIALS_REFUSED, { cause: refused });
    }
  }
  options.auth.onTokenAccepted?.();
  if (reply.status >= 300) {
    const retryAfterMs = retryAfterOf(reply.headers.get('retry-after'), options.clock.now());
    const failed = { status: reply.status, body: reply.body, retryAfterMs };
    throw request.errorFrom?.(failed) ?? errorFromResponse(failed, request.exec);
  }
  options.observe?.(reply);
  return reply;
}

function refuseIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new LinkError(ErrorCode.ROOMDECK_CANCELLED, { cause: 'given up before the request was sent' });
}

function urlOf(baseUrl: string, request: ApiRequest): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.href;
}

async function attempt(options: TransportOptions, request: ApiRequest, token: string): Promise<ApiReply> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const deadline = startDeadline(options.clock, request.timeoutMs, request.signal);
  try {
    const response = await options.fetch(urlOf(options.baseUrl, request), {
      method: request.method,
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: deadline.signal,
      // Never follow a redirect with a bearer token attached; the API does not redirect.
      redirect: 'manual',
    });
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      // The headers came, the body did not: a truncated answer (degraded), unless our own deadline cut it.
      if (deadline.signal.aborted) throw err;
      throw badResponse(`${request.method} ${request.path}`, `the answer was cut off (${response.status})`);
    }
    if (response.status >= 300 && response.status < 400) {
      throw badResponse(`${request.method} ${request.path}`, `unexpected redirect (${response.status})`);
    }
    return {
      status: response.status,
      headers: response.headers,
      body: parseBody(text, response.status, request),
    };
  } catch (err) {
    throw deadline.classify(err);
  } finally {
    deadline.done();
  }
}

function parseBody(text: string, status: number, request: ApiRequest): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    // An error page is still an error with a status; a 2xx that is not JSON is unreadable.
    if (status >= 300) return text;
    throw badResponse(`${request.method} ${request.path}`, err);
  }
}

/** RFC 9110 §10.2.3: seconds, or an HTTP date. Capped at 60 s: a panel never waits longer to ask again. */
export function retryAfterOf(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) : (Date.parse(value) - nowMs) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.round(Math.min(60, Math.max(0, seconds)) * 1000);
}
