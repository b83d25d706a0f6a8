import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { registerAuthorizeRoutes } from './authorize-routes.ts';
import { registerDeviceRoutes } from './device-routes.ts';
import type { AuthService } from './service.ts';
import { registerTokenRoutes } from './token-routes.ts';

/**
 * The authorization server's routes, relative to the prefix the app registers it with
 * (`{ prefix: '/auth/oauth' }`). Not wrapped in fastify-plugin: the parsers and error handlers it adds
 * stay inside its own scope.
 */
export const authPlugin: FastifyPluginAsync<{ auth: AuthService }> = async (fastify, options) => {
  // Skipped when an ancestor scope registered them already; a second registration would fail.
  if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded')) await fastify.register(formbody);
  if (!fastify.hasDecorator('parseCookie')) await fastify.register(cookie);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerAuthorizeRoutes(app, options.auth);
  registerTokenRoutes(app, options.auth);
  registerDeviceRoutes(app, options.auth);
};
