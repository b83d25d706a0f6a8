import { Ajv } from 'ajv';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { authPlugin } from './auth/index.ts';
import { ApiError, badRequest } from './control/api-error.ts';
import { hostCheckHook, ownHostNames } from './host-check.ts';
import { JSON_LIMITS, jsonTooDeep, TOO_DEEP } from './control/json-limits.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { currentGeneration } from './routes/current/index.ts';
import { sendError } from './routes/errors.ts';
import { guard } from './routes/guard.ts';
import { realtimePlugin } from './realtime/plugin.ts';
import { moduleRoutes } from './routes/modules.ts';
import { ErrorBody } from './routes/schemas.ts';
import { systemRoutes } from './routes/systems.ts';
import type { Simulator } from './control/simulator.ts';

const noRoute = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(
    new ApiError(404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`),
    request,
    reply,
  );

/** The control API under /api/control: token check, role check, routes, one JSON error handler. */
const controlApi: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', guard(sim.auth));
  app.setErrorHandler(sendError);
  app.setNotFoundHandler(noRoute);
  await app.register(systemRoutes, { sim });
  await app.register(moduleRoutes, { sim });
  await app.register(catalogRoutes, { sim });
};

export interface SimulatorAppOptions {
  sim: Simulator;
  /** The host the service binds (besides the loopback names, the one Host it answers to). */
  host?: string;
  /** More names it answers to (a name in /etc/hosts, a reverse proxy that keeps Host). */
  hostNames?: readonly string[];
}

/** The whole Control Service as a fastify plugin: tests register it on their own instance or use buildApp. */
export const simulatorApp: FastifyPluginAsync<SimulatorAppOptions> = async (
  app,
  { sim, host, hostNames },
) => {
  app.addHook('onRequest', hostCheckHook(ownHostNames(host, hostNames)));
  app.addSchema(ErrorBody);
  // Clients may send `Content-Type: application/json` with no body on start/stop/ping. Every JSON
  // body, the token endpoint's included, passes the limits of json-limits.ts before it is parsed.
  const parserOptions = { parseAs: 'string' as const, bodyLimit: JSON_LIMITS.bytes };
  app.addContentTypeParser('application/json', parserOptions, (_request, text: string, done) => {
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text)) return done(badRequest(`the request body ${TOO_DEEP}`), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'bad_request', 'the request body is not valid JSON'), undefined);
    }
  });
  await app.register(authPlugin, { prefix: '/auth/oauth', auth: sim.auth });
  await app.register(controlApi, { prefix: '/api/control', sim });
  await app.register(currentGeneration, { sim });
  // The control websocket at both generations' routes (realtime.md).
  await app.register(realtimePlugin, { sim });
  app.setErrorHandler(sendError);
  app.setNotFoundHandler(noRoute);
};

export async function buildApp(
  sim: Simulator,
  options: FastifyServerOptions = {},
  names: { host?: string; hostNames?: readonly string[] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: JSON_LIMITS.bytes, ...options });
  // Query strings and paths are text, so their numbers and booleans are coerced; JSON bodies carry
  // real types, and a string where a number belongs is the client's mistake, reported, not guessed.
  const textParts = new Ajv({ coerceTypes: 'array', allErrors: true, strict: false, useDefaults: true });
  const jsonBodies = new Ajv({ coerceTypes: false, allErrors: true, strict: false, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? jsonBodies : textParts).compile(schema),
  );
  await app.register(simulatorApp, { sim, ...names });
  return app;
}
