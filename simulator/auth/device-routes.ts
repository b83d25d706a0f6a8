import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxApp } from './app-types.ts';
import { csrfToken, foreignOrigin, SESSION_COOKIE, setSessionCookie } from './authorize-routes.ts';
import { authenticateClient } from './client-auth.ts';
import { PRELOGIN_COOKIE } from './csrf.ts';
import {
  renderDeviceCodePage,
  renderDeviceConfirmPage,
  renderDeviceDonePage,
  renderDeviceLoginPage,
} from './device-page.ts';
import { type DeviceRecord, displayUserCode } from './device-store.ts';
import { FORMS_TO_SELF, sendHtml } from './html.ts';
import { renderErrorPage } from './login-page.ts';
import { OAuthError } from './oauth-error.ts';
import { pageWordsFor } from './page-words.ts';
import {
  DeviceAuthorizationBody,
  DeviceAuthorizationResponse,
  DeviceForm,
  DeviceQuery,
  OAuthErrorBody,
} from './schemas.ts';
import { resolveScope } from './scope.ts';
import type { AuthService } from './service.ts';
import { noStore, oauthErrorHandler } from './token-routes.ts';
import type { UserAccount } from './types.ts';

/**
 * RFC 8628: the device authorization endpoint a panel calls, and the verification page a person
 * opens on a phone (from the QR code) to sign in and approve or deny the code the panel shows.
 * The page has the authorize page's hardening: CSRF token bound to a pre-login cookie, Origin check,
 * no framing, a throttle on wrong passwords, and one on wrong codes.
 */

type Http = { request: FastifyRequest; reply: FastifyReply };

/** Where the person goes: this service's own page, as the panel reached it. */
function verificationUri(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host}/auth/oauth/device`;
}

function page(http: Http, status: number, html: string): FastifyReply {
  return sendHtml(http.reply, status, html, FORMS_TO_SELF);
}

function appName(auth: AuthService, record: DeviceRecord): string {
  return auth.accounts.client(record.clientId)?.name ?? record.clientId;
}

function loginPage(
  auth: AuthService,
  http: Http,
  status: number,
  userCode: string,
  extra: { username?: string; error?: string } = {},
): FastifyReply {
  const csrf = csrfToken(auth, http.request, http.reply);
  return page(
    http,
    status,
    renderDeviceLoginPage({ words: pageWordsFor(http.request.headers), csrf, userCode, ...extra }),
  );
}

function codePage(
  auth: AuthService,
  http: Http,
  status: number,
  user: UserAccount,
  userCode: string,
  error?: string,
): FastifyReply {
  const csrf = csrfToken(auth, http.request, http.reply);
  const words = pageWordsFor(http.request.headers);
  return page(http, status, renderDeviceCodePage({ words, csrf, userCode, userName: user.name, error }));
}

function confirmPage(auth: AuthService, http: Http, user: UserAccount, record: DeviceRecord): FastifyReply {
  const csrf = csrfToken(auth, http.request, http.reply);
  const html = renderDeviceConfirmPage({
    words: pageWordsFor(http.request.headers),
    csrf,
    userCode: displayUserCode(record.userCode),
    displayCode: displayUserCode(record.userCode),
    appName: appName(auth, record),
    userName: user.name,
  });
  return page(http, 200, html);
}

/**
 * The request behind a typed code, or a page saying why not. Wrong codes count against the address
 * (RFC 8628 §5.1: a user code has little entropy, so guessing must be slowed down).
 */
function lookUp(
  auth: AuthService,
  http: Http,
  user: UserAccount,
  userCode: string,
): { record: DeviceRecord } | { reply: FastifyReply } {
  const address = http.request.ip;
  // Counted before the code is looked up, as passwords are: a burst of guesses gets no more.
  const admission = auth.codeGuesses.begin(address, address);
  if (admission.refusal !== undefined) {
    http.reply.header('retry-after', String(admission.refusal.retryAfterSeconds));
    const { reason, retryAfterSeconds } = admission.refusal;
    const wait = pageWordsFor(http.request.headers).tooMany('codes', reason, retryAfterSeconds);
    return { reply: codePage(auth, http, 429, user, userCode, wait) };
  }
  const record = auth.pendingDevice(userCode);
  admission.attempt.settle(record === null ? 'failed' : 'succeeded');
  if (record === null) {
    const badCode = pageWordsFor(http.request.headers).badCode;
    return { reply: codePage(auth, http, 400, user, userCode, badCode) };
  }
  return { record };
}

export function registerDeviceRoutes(app: TypeBoxApp, auth: AuthService): void {
  app.post(
    '/device_authorization',
    {
      schema: {
        body: DeviceAuthorizationBody,
        response: { 200: DeviceAuthorizationResponse, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody },
      },
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const client = await authenticateClient(auth.accounts, {
        authorization: request.headers.authorization,
        clientId: request.body.client_id,
        clientSecret: request.body.client_secret,
      });
      // Only clients registered for it: a device code is a sign-in with no redirect URI to check.
      if (!client.grants.includes('device_code'))
        throw new OAuthError('unauthorized_client', 'this client may not use the device authorization grant');
      const scope = resolveScope(request.body.scope, client.scopes);
      if (scope === null)
        throw new OAuthError('invalid_scope', 'the requested scope is not allowed for this client');
      const issued = auth.beginDeviceAuthorization(client, scope);
      const uri = verificationUri(request);
      const shown = displayUserCode(issued.userCode);
      return noStore(reply)
        .code(200)
        .send({
          device_code: issued.deviceCode,
          user_code: shown,
          verification_uri: uri,
          verification_uri_complete: `${uri}?user_code=${encodeURIComponent(shown)}`,
          expires_in: issued.expiresIn,
          interval: issued.interval,
        });
    },
  );

  app.get('/device', { schema: { querystring: DeviceQuery } }, async (request, reply) => {
    const http = { request, reply };
    const userCode = request.query.user_code ?? '';
    const user = auth.sessionUser(request.cookies[SESSION_COOKIE]);
    if (user === null) return loginPage(auth, http, 200, userCode);
    if (userCode === '') return codePage(auth, http, 200, user, '');
    const found = lookUp(auth, http, user, userCode);
    return 'reply' in found ? found.reply : confirmPage(auth, http, user, found.record);
  });

  app.post('/device', { schema: { body: DeviceForm } }, async (request, reply) => {
    const http = { request, reply };
    const words = pageWordsFor(request.headers);
    if (foreignOrigin(request))
      return sendHtml(reply, 403, renderErrorPage(words, words.foreignDeviceForm), null);
    const { user_code: userCode = '', username, password, answer } = request.body;
    if (!auth.csrf.matches(request.cookies[PRELOGIN_COOKIE], request.body.csrf_token)) {
      // A forged post gains nothing: it answers no request and signs nobody in.
      return loginPage(auth, http, 403, userCode, {
        error: words.expiredDevicePage,
      });
    }

    let user: UserAccount | null;
    if (username !== undefined || password !== undefined) {
      if (username === undefined || username === '' || password === undefined || password === '')
        return loginPage(auth, http, 400, userCode, { username, error: words.enterCredentials });
      const checked = await auth.throttle.attempt(username, request.ip, () =>
        auth.accounts.verifyUser(username, password),
      );
      if (checked.refusal !== null) {
        reply.header('retry-after', String(checked.refusal.retryAfterSeconds));
        const { reason, retryAfterSeconds } = checked.refusal;
        return loginPage(auth, http, 429, userCode, {
          username,
          error: words.tooMany('passwords', reason, retryAfterSeconds),
        });
      }
      user = checked.result;
      if (user === null)
        return loginPage(auth, http, 401, userCode, { username, error: words.wrongCredentials });
      setSessionCookie(reply, auth.startSession(user));
    } else {
      user = auth.sessionUser(request.cookies[SESSION_COOKIE]);
      if (user === null) return loginPage(auth, http, 401, userCode, { error: words.sessionExpired });
    }

    if (userCode === '') return codePage(auth, http, 200, user, '');
    const found = lookUp(auth, http, user, userCode);
    if ('reply' in found) return found.reply;
    if (answer === undefined) return confirmPage(auth, http, user, found.record);
    if (answer !== 'approve' && answer !== 'deny') return confirmPage(auth, http, user, found.record);
    auth.answerDevice(found.record, user, answer === 'approve');
    return page(http, 200, renderDeviceDonePage(words, answer === 'approve', appName(auth, found.record)));
  });
}
