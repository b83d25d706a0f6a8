import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxApp } from './app-types.ts';
import {
  checkAuthorizeRequest,
  pickAuthorizeParams,
  redirectWith,
  type ValidAuthorizeRequest,
} from './authorize-request.ts';
import { CSRF_FIELD, PRELOGIN_COOKIE } from './csrf.ts';
import { sendHtml } from './html.ts';
import { renderConsentPage, renderErrorPage, renderLoginPage, renderSignedOutPage } from './login-page.ts';
import { pageWordsFor } from './page-words.ts';
import { AuthorizeForm, AuthorizeQuery } from './schemas.ts';
import type { AuthService } from './service.ts';
import { isLoopbackRedirect } from './redirect-uri.ts';
import { SESSION_TTL_MS } from './session-store.ts';
import type { UserAccount } from './types.ts';

/** The authorization endpoint (RFC 6749 §3.1): sign-in form, session, and the redirect back. */

export const SESSION_COOKIE = 'roomdeck_sim_session';

/** Malformed parameters mean the redirect URI cannot be trusted either: an error page, never a redirect. */
function htmlErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const clientFault = error.statusCode !== undefined && error.statusCode < 500;
  if (!clientFault) request.log.error(error);
  const words = pageWordsFor(request.headers);
  // The validator's own detail names the parameter; it stays as the validator says it.
  const message = clientFault ? words.malformed(error.message) : words.somethingWrong;
  return sendHtml(reply, clientFault ? 400 : 500, renderErrorPage(words, message), null);
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

/** The pre-login cookie and its CSRF token for the page about to be shown. */
export function csrfToken(auth: AuthService, request: FastifyRequest, reply: FastifyReply): string {
  const cookie = auth.csrf.cookieFor(request.cookies[PRELOGIN_COOKIE]);
  if (cookie.isNew) {
    reply.setCookie(PRELOGIN_COOKIE, cookie.value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/auth',
      secure: 'auto',
    });
  }
  return auth.csrf.tokenFor(cookie.value);
}

function loginPage(
  auth: AuthService,
  http: { request: FastifyRequest; reply: FastifyReply },
  status: number,
  request: ValidAuthorizeRequest,
  username?: string,
  error?: string,
): FastifyReply {
  const html = renderLoginPage({
    words: pageWordsFor(http.request.headers),
    appName: request.client.name,
    hidden: { ...request.params, [CSRF_FIELD]: csrfToken(auth, http.request, http.reply) },
    username,
    error,
  });
  return sendHtml(http.reply, status, html, request.redirectUri);
}

function consentPage(
  auth: AuthService,
  http: { request: FastifyRequest; reply: FastifyReply },
  request: ValidAuthorizeRequest,
  user: UserAccount,
): FastifyReply {
  const target = new URL(request.redirectUri);
  const html = renderConsentPage({
    words: pageWordsFor(http.request.headers),
    appName: request.client.name,
    userName: user.name,
    username: user.username,
    redirectTarget: `${target.origin}${target.pathname}`,
    hidden: { ...request.params, [CSRF_FIELD]: csrfToken(auth, http.request, http.reply) },
  });
  return sendHtml(http.reply, 200, html, request.redirectUri);
}

/**
 * A browser sends `Origin` with a form post; when it does, it must be this service's own (the host the
 * request came to), so a page elsewhere cannot post the form, with or without a token.
 */
export function foreignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  return new URL(origin).host !== request.headers.host;
}

export function setSessionCookie(reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/auth',
    secure: 'auto',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/**
 * A login session alone approves nothing a page elsewhere could have started and collected: not for a
 * public client (it cannot prove who is asking), and not for any client answered on a loopback port
 * (any local program can listen there, and a confidential client's secret may be known, as
 * `roomdeck-ci`'s is). RFC 8252 §8.6; the wire contract's "confidential or not".
 */
const needsConsent = (request: ValidAuthorizeRequest): boolean =>
  request.client.secretHash === null || isLoopbackRedirect(request.redirectUri);

export function registerAuthorizeRoutes(app: TypeBoxApp, auth: AuthService): void {
  app.get(
    '/authorize',
    { schema: { querystring: AuthorizeQuery }, errorHandler: htmlErrorHandler },
    async (request, reply) => {
      const words = pageWordsFor(request.headers);
      const check = checkAuthorizeRequest(auth.accounts, pickAuthorizeParams(request.query));
      if (check.kind === 'fatal')
        return sendHtml(reply, 400, renderErrorPage(words, words.fatal[check.reason]), null);
      if (check.kind === 'error') return reply.redirect(check.location, 302);
      // prompt=login (after a sign-out in the app): the login session does not stand in for a password.
      const user = check.request.promptLogin ? null : auth.sessionUser(request.cookies[SESSION_COOKIE]);
      const http = { request, reply };
      if (user === null) return loginPage(auth, http, 200, check.request);
      if (needsConsent(check.request)) return consentPage(auth, http, check.request, user);
      return approve(auth, check.request, user, reply);
    },
  );

  app.post(
    '/authorize',
    { schema: { body: AuthorizeForm }, errorHandler: htmlErrorHandler },
    async (request, reply) => {
      const words = pageWordsFor(request.headers);
      if (foreignOrigin(request))
        return sendHtml(reply, 403, renderErrorPage(words, words.foreignForm), null);
      const check = checkAuthorizeRequest(auth.accounts, pickAuthorizeParams(request.body));
      if (check.kind === 'fatal')
        return sendHtml(reply, 400, renderErrorPage(words, words.fatal[check.reason]), null);
      if (check.kind === 'error') return reply.redirect(check.location, 302);
      const http = { request, reply };
      const { username, password, approve: answer } = request.body;
      if (!auth.csrf.matches(request.cookies[PRELOGIN_COOKIE], request.body[CSRF_FIELD])) {
        // A fresh form: a forged post gains nothing, a stale tab just asks again.
        return loginPage(auth, http, 403, check.request, username, words.expiredForm);
      }

      if (answer !== undefined) {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (answer !== 'yes') {
          auth.endSession(sessionId);
          reply.clearCookie(SESSION_COOKIE, { path: '/auth' });
          return loginPage(auth, http, 200, check.request);
        }
        const user = check.request.promptLogin ? null : auth.sessionUser(sessionId);
        if (user === null) {
          return loginPage(auth, http, 401, check.request, undefined, words.sessionExpired);
        }
        return approve(auth, check.request, user, reply);
      }

      if (username === undefined || username === '' || password === undefined || password === '') {
        return loginPage(auth, http, 400, check.request, username, words.enterCredentials);
      }
      const checked = await auth.throttle.attempt(username, request.ip, () =>
        auth.accounts.verifyUser(username, password),
      );
      if (checked.refusal !== null) {
        reply.header('retry-after', String(checked.refusal.retryAfterSeconds));
        const { reason, retryAfterSeconds } = checked.refusal;
        return loginPage(
          auth,
          http,
          429,
          check.request,
          username,
          words.tooMany('passwords', reason, retryAfterSeconds),
        );
      }
      const user = checked.result;
      if (user === null) {
        return loginPage(auth, http, 401, check.request, username, words.wrongCredentials);
      }
      setSessionCookie(reply, auth.startSession(user));
      return approve(auth, check.request, user, reply);
    },
  );

  // Signs this browser out of the service (the login session), so the next sign-in asks for a
  // password. GET too, so a person can type it; nothing but the session is touched.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    auth.endSession(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/auth' });
    return sendHtml(reply, 200, renderSignedOutPage(pageWordsFor(request.headers)), null);
  };
  app.get('/logout', logout);
  app.post('/logout', logout);
}
