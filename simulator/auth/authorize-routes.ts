import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxApp } from './app-types.ts';
import {
  checkAuthorizeRequest,
  pickAuthorizeParams,
  redirectWith,
  type ValidAuthorizeRequest,
} from './authorize-request.ts';
import { sendHtml } from './html.ts';
import { renderErrorPage, renderLoginPage } from './login-page.ts';
import { AuthorizeForm, AuthorizeQuery } from './schemas.ts';
import type { AuthService } from './service.ts';
import { SESSION_TTL_MS } from './session-store.ts';
import type { UserAccount } from './types.ts';

/** The authorization endpoint (RFC 6749 §3.1): sign-in form, session, and the redirect back. */

export const SESSION_COOKIE = 'roomdeck_sim_session';

/** Malformed parameters mean the redirect URI cannot be trusted either: an error page, never a redirect. */
function htmlErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const clientFault = error.statusCode !== undefined && error.statusCode < 500;
  if (!clientFault) request.log.error(error);
  const message = clientFault
    ? `The sign-in request is malformed: ${error.message}`
    : 'Something went wrong.';
  return sendHtml(reply, clientFault ? 400 : 500, renderErrorPage(message), null);
}

/** Completes the authorization for a signed-in user: a code (§4.1.2) or a token in the fragment (§4.2.2). */
function approve(
  auth: AuthService,
  request: ValidAuthorizeRequest,
  user: UserAccount,
  reply: FastifyReply,
): FastifyReply {
  let location: string;
  if (request.responseType === 'code') {
    const code = auth.issueCode(
      request.client,
      user,
      request.redirectUri,
      request.codeChallenge,
      request.scope,
    );
    location = redirectWith(request.redirectUri, false, { code, state: request.state });
  } else {
    const issued = auth.issueImplicit(request.client, user, request.scope);
    location = redirectWith(request.redirectUri, true, {
      access_token: issued.accessToken,
      token_type: 'bearer',
      expires_in: String(issued.expiresIn),
      scope: issued.scope,
      state: request.state,
    });
  }
  // The Location carries a code or token: keep it out of caches and Referer headers.
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);
}

function loginPage(
  reply: FastifyReply,
  status: number,
  request: ValidAuthorizeRequest,
  username?: string,
  error?: string,
): FastifyReply {
  const html = renderLoginPage({
    appName: request.client.name,
    hidden: { ...request.params },
    username,
    error,
  });
  return sendHtml(reply, status, html, request.redirectUri);
}

export function registerAuthorizeRoutes(app: TypeBoxApp, auth: AuthService): void {
  app.get(
    '/authorize',
    { schema: { querystring: AuthorizeQuery }, errorHandler: htmlErrorHandler },
    async (request, reply) => {
      const check = checkAuthorizeRequest(auth.accounts, pickAuthorizeParams(request.query));
      if (check.kind === 'fatal') return sendHtml(reply, 400, renderErrorPage(check.message), null);
      if (check.kind === 'error') return reply.redirect(check.location, 302);
      // prompt=login (after a sign-out in the app): the login session does not stand in for a password.
      const user = check.request.promptLogin ? null : auth.sessionUser(request.cookies[SESSION_COOKIE]);
      return user === null ? loginPage(reply, 200, check.request) : approve(auth, check.request, user, reply);
    },
  );

  app.post(
    '/authorize',
    { schema: { body: AuthorizeForm }, errorHandler: htmlErrorHandler },
    async (request, reply) => {
      const check = checkAuthorizeRequest(auth.accounts, pickAuthorizeParams(request.body));
      if (check.kind === 'fatal') return sendHtml(reply, 400, renderErrorPage(check.message), null);
      if (check.kind === 'error') return reply.redirect(check.location, 302);
      const { username, password } = request.body;
      if (username === undefined || username === '' || password === undefined || password === '') {
        return loginPage(reply, 400, check.request, username, 'Enter your username and password.');
      }
      const user = await auth.accounts.verifyUser(username, password);
      if (user === null) return loginPage(reply, 401, check.request, username, 'Wrong username or password.');
      const sessionId = auth.startSession(user);
      reply.setCookie(SESSION_COOKIE, sessionId, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/auth',
        secure: 'auto',
        maxAge: SESSION_TTL_MS / 1000,
      });
      return approve(auth, check.request, user, reply);
    },
  );
}
