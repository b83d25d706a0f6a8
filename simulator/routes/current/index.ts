import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../control/api-error.ts';
import type { Simulator } from '../../control/simulator.ts';
import { guard } from '../guard.ts';
import { authorityRoutes } from './authority.ts';
import { sendCurrentError } from './errors.ts';
import { currentDriverRoutes } from './drivers.ts';
import { currentModuleRoutes } from './modules.ts';
import { currentSettingsRoutes } from './settings.ts';
import { currentSystemRoutes } from './systems.ts';
import { currentZoneRoutes } from './zones.ts';

/**
 * The current API generation (PlaceOS, /api/engine/v2) over the same Simulator as /api/control:
 * one set of systems, modules, devices, tokens and roles, two dialects on the wire. See README.md
 * here for what the sources leave open and how it was decided.
 */
const engineV2: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  app.decorateRequest('principal', null);
  // Every response carries X-Request-ID; an incoming one is echoed (placeos-generations.md §1C, Lists (C)).
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,200}$/.test(incoming) ? incoming : randomUUID();
    reply.header('X-Request-ID', id);
  });
  app.addHook('onRequest', guard(sim.auth));
  // rest-api reads bodies as JSON only: any other type is a 415 ContentError (placeos-generations.md §2C), not a body to check.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const type = request.headers['content-type'] ?? '';
    if (request.body !== undefined && !/^application\/json\b/i.test(type)) {
      throw new ApiError(415, 'unsupported_media_type', 'send the body as application/json');
    }
  });
  app.setErrorHandler(sendCurrentError);
  app.setNotFoundHandler((request, reply) =>
    sendCurrentError(
      new ApiError(404, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`),
      request,
      reply,
    ),
  );
  await app.register(currentSystemRoutes, { sim });
  await app.register(currentModuleRoutes, { sim });
  await app.register(currentZoneRoutes, { sim });
  await app.register(currentDriverRoutes, { sim });
  await app.register(currentSettingsRoutes, { sim });
};

/** Registered by app.ts beside the legacy API: `/api/engine/v2/…` and `/auth/authority`. */
export const currentGeneration: FastifyPluginAsync<{ sim: Simulator }> = async (app, { sim }) => {
  await app.register(engineV2, { prefix: '/api/engine/v2', sim });
  await app.register(authorityRoutes, { prefix: '/auth' });
};
