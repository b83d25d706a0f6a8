import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RoomdeckApi } from './contract.ts';
import type { BridgeErrorBody, BridgeResponse } from './errors.ts';
import { dispatch, INTERNAL, INVALID_ARGS, resolveVerb, UNKNOWN_VERB } from './validate.ts';

/**
 * The HTTP transport for the browser host: `POST /bridge/:domain/:verb`, JSON body = the verb's
 * argument, 200 with a `BridgeResponse`. The same core as IPC; instead of a sender check, three
 * gates: the peer is on this machine, the page is ours (Origin and Sec-Fetch-Site, against CSRF),
 * and the browser holds a cookie the host minted in exchange for the printed launch token.
 */

export const SESSION_COOKIE = 'roomdeck_session';
export const UNAUTHORIZED = 'ROOMDECK_BRIDGE_UNAUTHORIZED';
export const FORBIDDEN = 'ROOMDECK_BRIDGE_FORBIDDEN';

/**
 * Cookies the host handed out. Random ids, unrelated to any token; forgotten on restart. Minted
 * only for the launch token, so only the person who has the printed address can add to the pool.
 */
export class HostSessions {
  readonly #ids = new Set<string>();
  constructor(private readonly limit = 64) {}

  mint(): string {
    const id = randomBytes(32).toString('base64url');
    this.#ids.add(id);
    // The launch address mints only without a valid cookie; the cap bounds its holder's browsers.
    if (this.#ids.size > this.limit) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
    return id;
  }

  has(id: string | undefined): boolean {
    return id !== undefined && this.#ids.has(id);
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
}

const ErrorBody = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
const Reply = Type.Object({
  ok: Type.Boolean(),
  value: Type.Optional(Type.Unknown()),
  error: Type.Optional(ErrorBody),
});
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
    // Fetch metadata backs up the Origin check: a browser that says "another site" is refused.
    const site = request.headers['sec-fetch-site'];
    if (request.headers.origin !== origin() || (site !== undefined && site !== 'same-origin')) {
      return refuse(reply, 403, { code: FORBIDDEN, message: 'The bridge answers only Roomdeck’s own page.' });
    }
    if (!sessions.has(request.cookies[SESSION_COOKIE])) {
      return refuse(reply, 401, {
        code: UNAUTHORIZED,
        message:
          'This page’s connection to Roomdeck has expired (Roomdeck may have been restarted). Open the address Roomdeck printed again.',
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

  app.post<{ Params: { domain: string; verb: string } }>(
    '/bridge/:domain/:verb',
    {
      schema: {
        params: Params,
        response: { 200: Reply, 400: Reply, 401: Reply, 403: Reply, 404: Reply, 415: Reply, 500: Reply },
      },
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
