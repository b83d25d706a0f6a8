import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxApp } from './app-types.ts';
import { authenticateClient, presentsClient } from './client-auth.ts';
import { OAuthError } from './oauth-error.ts';
import { OAuthErrorBody, RevokeBody, TokenBody, TokenResponse } from './schemas.ts';
import type { AuthService } from './service.ts';
import { grantTokens } from './token-grants.ts';

/** The token (RFC 6749 §3.2) and revocation (RFC 7009) endpoints. */

/** RFC 6749 §5.1: token responses, and errors alike, must not be cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  noStore(reply).code(error.status);
  // RFC 6749 §5.2: a 401 must name the authentication scheme the client should use.
  if (error.status === 401)
    reply.header('www-authenticate', 'Basic realm="roomdeck-simulator", charset="UTF-8"');
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.send(error.toBody());
}

/**
 * Schema failures, unparsable bodies and unsupported media types are all malformed requests to a
 * client: RFC 6749 §5.2 `invalid_request` rather than fastify's own error shape.
 */
export function oauthErrorHandler(
  error: FastifyError | OAuthError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof OAuthError) return sendOAuthError(reply, error);
  if (error.statusCode !== undefined && error.statusCode < 500) {
    return sendOAuthError(reply, new OAuthError('invalid_request', error.message));
  }
  request.log.error(error);
  return noStore(reply).code(500).send({ error: 'server_error', error_description: 'internal error' });
}

export function registerTokenRoutes(app: TypeBoxApp, auth: AuthService): void {
  app.post(
    '/token',
    {
      schema: {
        body: TokenBody,
        response: { 200: TokenResponse, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody },
      },
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const tokens = await grantTokens(auth, request.body, request.headers.authorization, request.ip);
      return noStore(reply).code(200).send(tokens);
    },
  );

  app.post(
    '/revoke',
    {
      schema: { body: RevokeBody, response: { '4xx': OAuthErrorBody, '5xx': OAuthErrorBody } },
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const { token, client_id, client_secret } = request.body;
      if (token === undefined || token === '') throw new OAuthError('invalid_request', 'token is required');
      const credentials = {
        authorization: request.headers.authorization,
        clientId: client_id,
        clientSecret: client_secret,
      };
      // The spec's revoke takes only `token`, so identifying the client is optional; when a client
      // does, it is authenticated and may revoke only its own tokens (RFC 7009 §2.1).
      const client = presentsClient(credentials)
        ? await authenticateClient(auth.accounts, credentials)
        : null;
      auth.revoke(token, client?.id ?? null);
      // RFC 7009 §2.2: 200 even for unknown tokens, so revocation leaks nothing.
      return noStore(reply).code(200).send();
    },
  );
}
