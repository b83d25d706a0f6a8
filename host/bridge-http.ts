import { ErrorCode } from '../contract/error-codes.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RoomdeckApi } from '../contract/verbs.ts';
import type { BridgeErrorBody, BridgeResponse } from '../contract/errors.ts';
import { ErrorBodySchema } from '../contract/error-schema.ts';
import { PAGE_KEY_HEADER, PAGE_KEY_PARAM } from '../contract/page-key.ts';
import type { LiveRoute } from '../core/bridge/live-channel.ts';
import { dispatch, INTERNAL, INVALID_ARGS, resolveVerb, UNKNOWN_VERB } from '../core/bridge/validate.ts';
import { liveEvents } from './live-events.ts';
import { replyJson } from './reply-json.ts';

/**
 * The HTTP transport for the browser host: `POST /bridge/:domain/:verb`, JSON body = the verb's
 * argument, 200 with a `BridgeResponse`. The same core as IPC; instead of a sender check, three
 * gates: the peer is on this machine, the page is ours (Origin and Sec-Fetch-Site, against CSRF),
 * and the request carries a session the host opened in exchange for the printed launch token: its
 * cookie *and* its page key (page-key.ts). Either one alone opens nothing: the cookie can be
 * collected by any page on another loopback port, the key never travels in a cookie.
 */

export const SESSION_COOKIE = 'roomdeck_session';
export const UNAUTHORIZED = ErrorCode.ROOMDECK_BRIDGE_UNAUTHORIZED;
export const FORBIDDEN = ErrorCode.ROOMDECK_BRIDGE_FORBIDDEN;

/** One browser's session: the cookie's id and the page key its tabs keep in sessionStorage. */
export interface HostSession {
  readonly id: string;
  readonly key: string;
}

const newSecret = (): string => randomBytes(32).toString('base64url');

/** Constant-time: both are secrets compared against attacker input. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sessions the host opened. Random ids and keys, unrelated to any token; forgotten on restart.
 * Opened only for the launch token, so only the person who has the printed address can add to them.
 */
export class HostSessions {
  /** Cookie id → page key. */
  readonly #keys = new Map<string, string>();
  constructor(private readonly limit = 64) {}

  open(): HostSession {
    const session = { id: newSecret(), key: newSecret() };
    this.#keys.set(session.id, session.key);
    // The launch address opens one only without a valid cookie; the cap bounds its holder's browsers.
    if (this.#keys.size > this.limit) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    return session;
  }

  /** The session behind a cookie, for the page gate and for handing the key out again on re-launch. */
  find(id: string | undefined): HostSession | undefined {
    if (id === undefined) return undefined;
    const key = this.#keys.get(id);
    return key === undefined ? undefined : { id, key };
  }

  has(id: string | undefined): boolean {
    return this.find(id) !== undefined;
  }

  /** A bridge call's credentials: a cookie the host set and that very session's page key. */
  verify(id: string | undefined, key: string | undefined): boolean {
    const session = this.find(id);
    return session !== undefined && key !== undefined && sameSecret(key, session.key);
  }
}

export const sessionCookieOptions = {
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
} as const;

export interface HttpBridgeOptions {
  /** Resolved per request: the host may compose its services after it knows its own port. */
  api: () => RoomdeckApi;
  /** The host's own origin, e.g. `http://127.0.0.1:5173`. */
  origin: () => string;
  sessions: HostSessions;
  /** Refuse peers that are not on this machine. On unless a deployment knowingly turns it off. */
  loopbackOnly?: boolean;
  /** The route's live events, streamed on `GET /bridge/events` (live-events.ts). */
  live?: () => LiveRoute | undefined;
  /** The event stream's heartbeat (tests shorten it). */
  heartbeatMs?: number;
}

const ErrorBody = ErrorBodySchema;
const Reply = Type.Object({
  ok: Type.Boolean(),
  value: Type.Optional(Type.Unknown()),
  error: Type.Optional(ErrorBody),
});
/**
 * One serializer for every bridge answer (reply-json.ts). Fastify would build one per status code and
 * route (seven codes, the panel's and the technician's routes: fourteen, all the same shape) before
 * it listens.
 */
const serializeReply = ({ schema }: { schema: unknown }) => {
  if (schema !== Reply) throw new Error('The bridge answers only in its Reply shape.');
  return replyJson;
};

const Params = Type.Object({
  domain: Type.String({ maxLength: 64 }),
  verb: Type.String({ maxLength: 64 }),
});

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

const refuse = (reply: FastifyReply, status: number, error: BridgeErrorBody): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').send({ ok: false, error });

export async function httpBridge(app: FastifyInstance, options: HttpBridgeOptions): Promise<void> {
  const { api, origin, sessions, loopbackOnly = true } = options;
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie);

  // An empty body means "no argument"; anything else goes through Fastify's prototype-safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else jsonParser(request, text, done);
  });

  // Runs before the body is read, so nobody outside the page gets as far as the parser.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (loopbackOnly && !isLoopbackAddress(request.socket.remoteAddress)) {
      return refuse(reply, 403, { code: FORBIDDEN, message: 'The bridge answers only this computer.' });
    }
    // The one GET here is the event stream (live-events.ts). A browser sends no Origin on a
    // same-origin EventSource, but always one on a cross-origin request, so there a missing Origin
    // is the page itself and a present one must be ours; EventSource cannot set a header, so the
    // page key comes in the query. Everything else is what every POST must show.
    const stream = request.method === 'GET';
    // Fetch metadata backs up the Origin check: a browser that says "another site" is refused.
    const site = request.headers['sec-fetch-site'];
    const sent = request.headers.origin;
    const ownOrigin = stream && sent === undefined ? true : sent === origin();
    if (!ownOrigin || (site !== undefined && site !== 'same-origin')) {
      return refuse(reply, 403, { code: FORBIDDEN, message: 'The bridge answers only Roomdeck’s own page.' });
    }
    const id = request.cookies[SESSION_COOKIE];
    const key = stream
      ? (request.query as Record<string, unknown>)[PAGE_KEY_PARAM]
      : request.headers[PAGE_KEY_HEADER];
    if (!sessions.verify(id, typeof key === 'string' ? key : undefined)) {
      return refuse(reply, 401, {
        code: UNAUTHORIZED,
        // One answer for a missing, stale or stolen credential: a thief learns nothing from it, and
        // a person who opened the bare address in a new tab learns what to do.
        message:
          'This tab is not connected to Roomdeck. Open the address Roomdeck printed (it ends in /?launch=…) in this tab; if Roomdeck was restarted, use the new address it printed.',
      });
    }
    return undefined;
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    const body: BridgeErrorBody =
      status === 400
        ? { code: INVALID_ARGS, message: 'The request body is not valid JSON.' }
        : status < 500
          ? { code: FORBIDDEN, message: error.message }
          : { code: INTERNAL, message: 'Roomdeck hit an unexpected problem. Try again.' };
    return refuse(reply, status, body);
  });

  await liveEvents(app, {
    live: options.live ?? (() => undefined),
    // The gate above let only a verified session's cookie through.
    sessionOf: (request) => request.cookies[SESSION_COOKIE] ?? '',
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
  });

  app.post<{ Params: { domain: string; verb: string } }>(
    '/bridge/:domain/:verb',
    {
      schema: {
        params: Params,
        response: { 200: Reply, 400: Reply, 401: Reply, 403: Reply, 404: Reply, 415: Reply, 500: Reply },
      },
      serializerCompiler: serializeReply,
      // Two short strings checked by TypeBox as they come: Fastify's own validator would first
      // compile the JSON Schema meta-schema, the largest single piece of the host's start-up.
      validatorCompiler:
        ({ schema }) =>
        (data) =>
          Value.Check(schema as TSchema, data)
            ? { value: data }
            : { error: new Error('Invalid bridge path.') },
    },
    async (request, reply): Promise<BridgeResponse<unknown>> => {
      const target = resolveVerb(api(), request.params.domain, request.params.verb);
      if (target === null) {
        reply.code(404);
        return {
          ok: false,
          error: {
            code: UNKNOWN_VERB,
            message:
              'This part of Roomdeck is not available here: the page and the app are different versions. Reload the page.',
          },
        };
      }
      reply.header('cache-control', 'no-store');
      return dispatch(target, request.body);
    },
  );
}
