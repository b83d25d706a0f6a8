import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, Principal, UserRole } from '../auth/index.ts';
import { ApiError } from '../control/api-error.ts';

/**
 * What a route does, for the role check (wire contract, Authentication: roles):
 * read and operate for every user, manage for technicians, provision (create and delete) for admins.
 */
export type Permission = 'read' | 'operate' | 'manage' | 'provision';

const ALLOWED: Record<Permission, readonly UserRole[]> = {
  read: ['admin', 'support', 'user'],
  operate: ['admin', 'support', 'user'],
  manage: ['admin', 'support'],
  provision: ['admin'],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** onRequest hook of the control API: 401 without a valid token, 403 when the role may not. */
export function guard(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const principal = auth.authenticate(request);
    if (!principal) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new ApiError(401, 'unauthorized', 'a valid access token is required: sign in again');
    }
    request.principal = principal;
    const permission = request.routeOptions.config.permission;
    if (permission && !ALLOWED[permission].includes(principal.role)) {
      throw new ApiError(
        403,
        'forbidden',
        `the ${principal.role} role may not do this (needs ${permission})`,
      );
    }
  };
}
