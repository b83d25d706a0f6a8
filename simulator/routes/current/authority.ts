import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../control/api-error.ts';

/**
 * `GET /auth/authority`: the document a current-generation client reads first (PlaceOS/auth; ts-client
 * `setup()`). Public, as in PlaceOS. It names the sign-in page (`login_url`, with PlaceOS's
 * `{{url}}` placeholder for where to continue) and, in `config`, the simulator's own OAuth endpoints.
 * `version` matches `[2-9].N.N`, which ts-client reads as "talk to /api/engine/v2".
 */
export const AUTHORITY_VERSION = '3.0.0';
const AUTHORIZE = '/auth/oauth/authorize';

const LoginQuery = Type.Object({ continue: Type.String({ minLength: 1, maxLength: 4000 }) });

export const authorityRoutes: FastifyPluginAsync = async (app) => {
  app.get('/authority', async (request) => ({
    id: 'authority-demo',
    name: 'Roomdeck simulator',
    description: 'The simulated Control Service (current generation, /api/engine/v2)',
    domain: request.hostname,
    login_url: `/auth/login?continue={{url}}`,
    logout_url: '/auth/oauth/logout',
    session: false,
    production: false,
    version: AUTHORITY_VERSION,
    config: {
      authorize_uri: AUTHORIZE,
      token_uri: '/auth/oauth/token',
      revoke_uri: '/auth/oauth/revoke',
      device_authorization_uri: '/auth/oauth/device_authorization',
    },
  }));

  // The login page of PlaceOS continues to the authorize URL; the simulator's authorize endpoint signs
  // the person in itself, so this only forwards there. Only to our own authorize endpoint: never an
  // open redirect.
  app.get<{ Querystring: Static<typeof LoginQuery> }>(
    '/login',
    { schema: { querystring: LoginQuery } },
    async (request, reply) => {
      let target: URL;
      try {
        target = new URL(request.query.continue, `http://${request.host}`);
      } catch {
        throw new ApiError(400, 'bad_request', 'continue is not a URL', { parameter: 'continue' });
      }
      if (target.host !== request.host || target.pathname !== AUTHORIZE) {
        throw new ApiError(400, 'bad_request', `continue must be this service's ${AUTHORIZE}`, {
          parameter: 'continue',
        });
      }
      return reply.redirect(`${target.pathname}${target.search}`, 302);
    },
  );
};
