import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/index.ts';
import { ApiError } from '../control/api-error.ts';
import type { Simulator } from '../control/simulator.ts';
import { sendError } from '../routes/errors.ts';
import { inKind, outKind, realtimeCounters } from './counters.ts';
import { handshakeCredential } from './credentials.ts';
import { DEFAULT_HUB_OPTIONS, Hub } from './hub.ts';
import { MAX_FRAME_BYTES } from './session.ts';
import { simulatorSource } from './source.ts';

/** D1: both generations' routes, one behaviour. */
export const CONTROL_SOCKET_ROUTES = ['/control/websocket', '/api/engine/v2/systems/control'] as const;

interface Handshake {
  principal: Principal;
  token: string;
  grantId: string;
  expiresAt: number;
}

/**
 * A client that does not read its frames makes them wait in the server's memory; past this much
 * waiting, the socket is dropped (a close frame would only queue behind them).
 */
export const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

const handshakes = new WeakMap<FastifyRequest, Handshake>();

function unauthorized(reply: FastifyReply, message: string): ApiError {
  reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
  return new ApiError(401, 'unauthorized', message);
}

/**
 * The control websocket (docs/realtime.md, its §8 decisions). The credential is checked
 * before the upgrade (D2): a missing, unknown, expired or revoked token is answered 401 with the
 * wire contract's JSON error body and no socket is opened; one token or one address past its cap
 * of open sockets is answered 429.
 */
export const realtimePlugin: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  if (sim.options.realtime?.refuseSockets) return refuseSockets(app);
  const source = simulatorSource(sim);
  const hub = new Hub(source, { ...DEFAULT_HUB_OPTIONS, ...withoutUndefined(sim.options.realtime ?? {}) });
  const counters = realtimeCounters(sim);
  await app.register(websocket, {
    // D13: ws closes a socket whose frame exceeds this with 1009.
    options: { maxPayload: MAX_FRAME_BYTES },
    // D13: shutdown closes every socket with 1001 ("going away").
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'the server is shutting down');
      this.websocketServer.close(() => done());
    },
  });
  app.addHook('onClose', async () => hub.close());
  app.setErrorHandler(sendError);

  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const credential = handshakeCredential(request);
    if (credential === null)
      throw unauthorized(reply, 'a valid access token is required: bearer_token in the query or a cookie');
    const { token, carrier } = credential;
    // A cookie is sent by the browser on its own: only a page of this origin may ride on it.
    if (carrier === 'cookie' && !sameOrigin(request)) {
      throw new ApiError(403, 'forbidden', 'a cookie credential is accepted only from a page of this origin');
    }
    const principal = sim.auth.authenticate({ headers: { authorization: `Bearer ${token}` }, query: {} });
    const grant = sim.auth.accessGrant(token);
    if (principal === null || grant === null)
      throw unauthorized(reply, 'the access token is invalid, expired or revoked: sign in again');
    const refusal = hub.refusal({ token, address: request.ip });
    if (refusal !== null) throw new ApiError(429, 'too_many_requests', `${refusal}; close one first`);
    handshakes.set(request, { principal, token, ...grant });
  };

  for (const url of CONTROL_SOCKET_ROUTES) {
    app.get(url, { websocket: true, preValidation: authenticate }, (socket: WebSocket, request) => {
      const handshake = handshakes.get(request);
      if (!handshake) return socket.close(1011, 'no credential');
      counters.opened();
      // Every frame the hub or the session sends goes through here: counted by kind (counters.ts).
      const sink = {
        send(text: string) {
          counters.sent(outKind(text));
          socket.send(text);
          if (socket.bufferedAmount > MAX_UNSENT_BYTES) socket.terminate();
        },
        close: (code: number, reason: string) => socket.close(code, reason),
      };
      const session = hub.open(
        sink,
        {
          role: handshake.principal.role,
          token: handshake.token,
          grantId: handshake.grantId,
          expiresAt: handshake.expiresAt,
          openedAt: source.now(),
        },
        request.ip,
      );
      socket.on('message', (data, isBinary) => {
        // D13: the protocol is text frames only.
        if (isBinary) {
          counters.received('binary');
          return session.close(1003, 'binary frames are not part of this protocol');
        }
        const text = data.toString();
        counters.received(inKind(text));
        session.receive(text);
      });
      // The protocol's own keep-alive frames: ws answers a ping with a pong by itself (autoPong).
      socket.on('ping', () => {
        counters.received('ws-ping');
        counters.sent('ws-pong');
      });
      socket.on('pong', () => counters.received('ws-pong'));
      socket.on('close', () => hub.closed(session));
      socket.on('error', () => hub.closed(session));
    });
  }
};

/**
 * No websocket at all (`--no-control-websocket`): without an upgrade listener Node hands an upgrade
 * request to the routes as a plain GET, answered 503 with the wire contract's JSON error body, so a
 * client learns at once that it must poll (and a ts-client retries with its back-off).
 */
function refuseSockets(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  for (const url of CONTROL_SOCKET_ROUTES) {
    app.get(url, async (_request, reply) => {
      reply.header('Retry-After', '60');
      throw new ApiError(
        503,
        'unavailable',
        'the control websocket is not served here (the simulator runs with --no-control-websocket): poll the REST API',
      );
    });
  }
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
