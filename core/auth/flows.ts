import { ErrorCode } from '../../contract/error-codes.ts';
import { withoutUnrequestedIdToken } from './id-token.ts';
import { timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { type Clock, systemClock } from '../api/clock.ts';
import { startDeadline } from '../api/deadline.ts';
import { AuthError, ConfigError, RoomdeckError, ServiceError, SignInError } from '../api/errors.ts';
import { isLoopbackIssuer } from './insecure.ts';
import type { Pkce } from './pkce.ts';

/**
 * The OAuth 2.0 protocol steps Roomdeck uses, each a function over oauth4webapi: build the
 * authorization request, validate the redirect, exchange the code, the password grant, refresh,
 * revoke. The service publishes no metadata document, so the authorization server is described by
 * hand from the spec's fixed paths (§5). Every failure comes out as a RoomdeckError with the
 * oauth4webapi error (or the raw response) kept in `cause`.
 */

export interface OAuthSettings {
  serverUrl: string;
  clientId: string;
  /** Confidential clients only (password grant on managed installs). */
  clientSecret?: string | undefined;
  scope: string;
  /** Per token/revocation request. */
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

export interface OAuthContext {
  readonly as: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  readonly scope: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  /** Request options for oauth4webapi: our fetch, and http allowed for loopback issuers only. */
  readonly http: () => oauth.HttpRequestOptions<'POST', URLSearchParams>;
}

/** What a successful grant leaves us with. Times in milliseconds on the injected clock. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  scope: string | null;
  issuedAt: number;
  /** null when the service gave no `expires_in`: then only a 401 tells us the token is done. */
  expiresAt: number | null;
}

export interface ServiceAccount {
  username: string;
  password: string;
  authority?: string | undefined;
}

/** Manual authorization server metadata (RFC 8414 §2) for the service's fixed endpoints (spec §5). */
export function createOAuthContext(settings: OAuthSettings): OAuthContext {
  let base: URL;
  try {
    base = new URL(settings.serverUrl);
  } catch (cause) {
    throw new ConfigError({ cause });
  }
  if (base.protocol !== 'https:' && !isLoopbackIssuer(base)) {
    throw new ConfigError({ cause: 'plain http is allowed only for a service on this machine' });
  }
  const root = base.href.replace(/\/+$/, '');
  const as: oauth.AuthorizationServer = {
    issuer: root,
    authorization_endpoint: `${root}/auth/oauth/authorize`,
    token_endpoint: `${root}/auth/oauth/token`,
    revocation_endpoint: `${root}/auth/oauth/revoke`,
    // RFC 8628, where the service offers it (wire contract "Device authorization").
    device_authorization_endpoint: `${root}/auth/oauth/device_authorization`,
    code_challenge_methods_supported: ['S256'],
  };
  const client: oauth.Client = { client_id: settings.clientId };
  const clientAuth =
    settings.clientSecret === undefined || settings.clientSecret === ''
      ? oauth.None()
      : oauth.ClientSecretPost(settings.clientSecret);
  const fetchImpl = settings.fetch ?? globalThis.fetch.bind(globalThis);
  const insecure = isLoopbackIssuer(base);
  return {
    as,
    client,
    clientAuth,
    scope: settings.scope,
    timeoutMs: settings.timeoutMs,
    clock: settings.clock ?? systemClock,
    http: () => ({
      [oauth.customFetch]: (url, init) => fetchImpl(url, init),
      [oauth.allowInsecureRequests]: insecure,
    }),
  };
}

/** The authorization request (RFC 6749 §4.1.1) with a PKCE S256 challenge (RFC 7636 §4.3). */
export function authorizationUrl(
  ctx: OAuthContext,
  request: { redirectUri: string; state: string; pkce: Pkce; promptLogin?: boolean },
): URL {
  const url = new URL(ctx.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', ctx.client.client_id);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.pkce.challenge);
  url.searchParams.set('code_challenge_method', request.pkce.method);
  if (ctx.scope !== '') url.searchParams.set('scope', ctx.scope);
  // After an explicit sign-out the service must ask for credentials again, even if its own login
  // session in the browser is still alive (OpenID Connect Core §3.1.2.1 `prompt=login`).
  if (request.promptLogin === true) url.searchParams.set('prompt', 'login');
  return url;
}

/**
 * The service's end-session page for this client (OpenID Connect RP-Initiated Logout 1.0 §2:
 * `client_id` identifies the client when there is no ID token to hint with).
 */
export function endSessionRequestUrl(endSessionUrl: string, clientId: string): string {
  const url = new URL(endSessionUrl);
  url.searchParams.set('client_id', clientId);
  return url.href;
}

/**
 * Validates the redirect back to us (RFC 6749 §4.1.2): `state` first and strictly (§10.12), so an
 * answer we did not ask for is refused before anything else is read from it — missing and
 * mismatched are told apart because they point at different problems. Then error responses
 * (§4.1.2.1): `access_denied` means the person said no.
 */
export function validateCallback(
  ctx: OAuthContext,
  callbackUrl: URL,
  expectedState: string,
): URLSearchParams {
  checkCallbackState(callbackUrl, expectedState);
  const params = callbackUrl.searchParams;
  try {
    return oauth.validateAuthResponse(ctx.as, ctx.client, params, expectedState);
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) {
      const code =
        err.error === 'access_denied' ? ErrorCode.ROOMDECK_SIGN_IN_DENIED : ErrorCode.ROOMDECK_SIGN_IN_FAILED;
      throw new SignInError(code, { cause: err, serviceMessage: err.error_description });
    }
    throw new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: err });
  }
}

/**
 * Whether a request to the redirect URI answers the sign-in we started (its `state`, §10.12).
 * Receivers call this before they take the callback: a stray or forged request (`?state=wrong`) is
 * refused and the real answer is still awaited, instead of the stray one using up the sign-in.
 */
export function checkCallbackState(callbackUrl: URL, expectedState: string): void {
  const params = callbackUrl.searchParams;
  const state = params.get('state');
  if (state === null || state === '')
    throw new SignInError(ErrorCode.ROOMDECK_STATE_MISSING, { cause: params });
  if (!sameSecret(state, expectedState))
    throw new SignInError(ErrorCode.ROOMDECK_STATE_MISMATCH, { cause: params });
}

/** Whether an error is `checkCallbackState`'s: the request was not the answer we wait for. */
export const isStrayCallback = (err: unknown): boolean =>
  err instanceof SignInError &&
  (err.code === ErrorCode.ROOMDECK_STATE_MISSING || err.code === ErrorCode.ROOMDECK_STATE_MISMATCH);

/** The code exchange (RFC 6749 §4.1.3) proving possession of the PKCE verifier (RFC 7636 §4.5). */
export function exchangeCode(
  ctx: OAuthContext,
  params: URLSearchParams,
  redirectUri: string,
  verifier: string,
  signal?: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(ctx, 'sign-in', signal, async (options) => {
    const response = await oauth.authorizationCodeGrantRequest(
      ctx.as,
      ctx.client,
      ctx.clientAuth,
      params,
      redirectUri,
      verifier,
      options,
    );
    return oauth.processAuthorizationCodeResponse(
      ctx.as,
      ctx.client,
      await withoutUnrequestedIdToken(response, ctx.scope),
    );
  });
}

/**
 * The resource owner password credentials grant (RFC 6749 §4.3.2), with the service's `authority`
 * (spec §5.3). Only for managed installs with a confidential client and a service account.
 */
export function passwordGrant(
  ctx: OAuthContext,
  account: ServiceAccount,
  signal?: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(ctx, 'sign-in', signal, async (options) => {
    const parameters: Record<string, string> = { username: account.username, password: account.password };
    if (account.authority !== undefined && account.authority !== '') parameters.authority = account.authority;
    if (ctx.scope !== '') parameters.scope = ctx.scope;
    const response = await oauth.genericTokenEndpointRequest(
      ctx.as,
      ctx.client,
      ctx.clientAuth,
      'password',
      parameters,
      options,
    );
    return oauth.processGenericTokenEndpointResponse(
      ctx.as,
      ctx.client,
      await withoutUnrequestedIdToken(response, ctx.scope),
    );
  });
}

/** What a device authorization request (RFC 8628 §3.2) left us with. Times on the injected clock. */
export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  /** With the code in it, for a QR code (RFC 8628 §3.3.1); null when the service sends none. */
  verificationUriComplete: string | null;
  expiresAt: number;
  intervalMs: number;
}

/** RFC 8628 §3.1: asks the service for a device code and a user code. */
export async function deviceAuthorization(
  ctx: OAuthContext,
  signal?: AbortSignal,
): Promise<DeviceAuthorization> {
  const deadline = startDeadline(ctx.clock, ctx.timeoutMs, signal);
  try {
    const parameters: Record<string, string> = ctx.scope === '' ? {} : { scope: ctx.scope };
    const response = await oauth.deviceAuthorizationRequest(ctx.as, ctx.client, ctx.clientAuth, parameters, {
      ...ctx.http(),
      signal: deadline.signal,
    });
    const answer = await oauth.processDeviceAuthorizationResponse(ctx.as, ctx.client, response);
    const now = ctx.clock.now();
    return {
      deviceCode: answer.device_code,
      userCode: answer.user_code,
      verificationUri: answer.verification_uri,
      verificationUriComplete: answer.verification_uri_complete ?? null,
      expiresAt: now + answer.expires_in * 1000,
      // RFC 8628 §3.2: 5 s when the service names none.
      intervalMs: (answer.interval ?? 5) * 1000,
    };
  } catch (err) {
    throw classify(deadline.classify(err), 'sign-in');
  } finally {
    deadline.done();
  }
}

/**
 * The service offers no device sign-in to this client: it has no such endpoint (404/405), or the
 * client is not registered for it. Not a fault to show: the other way of signing in is offered.
 */
export function deviceGrantUnavailable(err: unknown): boolean {
  if (err instanceof ConfigError) {
    const cause = err.cause;
    return cause instanceof oauth.ResponseBodyError && cause.error === 'unauthorized_client';
  }
  if (!(err instanceof RoomdeckError)) return false;
  const cause = err.cause;
  const missing = (status: number) => status === 404 || status === 405;
  if (cause instanceof oauth.ResponseBodyError) return missing(cause.status);
  const response = cause instanceof oauth.OperationProcessingError ? cause.cause : cause;
  return response instanceof Response && missing(response.status);
}

/** One poll's answer while the person has not finished on their phone (RFC 8628 §3.5). */
export type DevicePoll = { kind: 'tokens'; tokens: TokenSet } | { kind: 'pending' } | { kind: 'slow-down' };

/**
 * RFC 8628 §3.4: one poll of the token endpoint. Pending and slow_down are answers, not failures;
 * `access_denied` and `expired_token` end the sign-in (SignInError), as does anything refused.
 */
export async function pollDeviceCode(
  ctx: OAuthContext,
  deviceCode: string,
  signal?: AbortSignal,
): Promise<DevicePoll> {
  try {
    const tokens = await tokenRequest(ctx, 'sign-in', signal, async (options) => {
      const response = await oauth.deviceCodeGrantRequest(
        ctx.as,
        ctx.client,
        ctx.clientAuth,
        deviceCode,
        options,
      );
      return oauth.processDeviceCodeResponse(
        ctx.as,
        ctx.client,
        await withoutUnrequestedIdToken(response, ctx.scope),
      );
    });
    return { kind: 'tokens', tokens };
  } catch (err) {
    const body = err instanceof RoomdeckError ? err.cause : err;
    if (body instanceof oauth.ResponseBodyError) {
      if (body.error === 'authorization_pending') return { kind: 'pending' };
      if (body.error === 'slow_down') return { kind: 'slow-down' };
      if (body.error === 'expired_token')
        throw new SignInError(ErrorCode.ROOMDECK_SIGN_IN_CODE_EXPIRED, {
          cause: body,
          serviceMessage: body.error_description,
        });
    }
    throw err;
  }
}

/** Refreshing an access token (RFC 6749 §6). With rotation the answer carries a new refresh token. */
export function refreshGrant(
  ctx: OAuthContext,
  refreshToken: string,
  signal?: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(ctx, 'refresh', signal, async (options) => {
    const response = await oauth.refreshTokenGrantRequest(
      ctx.as,
      ctx.client,
      ctx.clientAuth,
      refreshToken,
      options,
    );
    return oauth.processRefreshTokenResponse(
      ctx.as,
      ctx.client,
      await withoutUnrequestedIdToken(response, ctx.scope),
    );
  });
}

/** Token revocation (RFC 7009 §2.1), with the type hint (§2.1) so the service looks in the right place. */
export async function revokeToken(
  ctx: OAuthContext,
  token: string,
  hint: 'access_token' | 'refresh_token',
  signal?: AbortSignal,
): Promise<void> {
  const deadline = startDeadline(ctx.clock, ctx.timeoutMs, signal);
  try {
    const response = await oauth.revocationRequest(ctx.as, ctx.client, ctx.clientAuth, token, {
      ...ctx.http(),
      signal: deadline.signal,
      additionalParameters: { token_type_hint: hint },
    });
    await oauth.processRevocationResponse(response);
  } catch (err) {
    throw classify(deadline.classify(err), 'revoke');
  } finally {
    deadline.done();
  }
}

type Purpose = 'sign-in' | 'refresh' | 'revoke';

async function tokenRequest(
  ctx: OAuthContext,
  purpose: Purpose,
  signal: AbortSignal | undefined,
  run: (options: oauth.TokenEndpointRequestOptions) => Promise<oauth.TokenEndpointResponse>,
): Promise<TokenSet> {
  const deadline = startDeadline(ctx.clock, ctx.timeoutMs, signal);
  try {
    const result = await run({ ...ctx.http(), signal: deadline.signal });
    const issuedAt = ctx.clock.now();
    const lifetime = result.expires_in;
    return {
      accessToken: result.access_token,
      refreshToken: result.refresh_token ?? null,
      scope: result.scope ?? null,
      issuedAt,
      expiresAt: lifetime !== undefined && lifetime > 0 ? issuedAt + lifetime * 1000 : null,
    };
  } catch (err) {
    throw classify(deadline.classify(err), purpose);
  } finally {
    deadline.done();
  }
}

/**
 * Token endpoint failures, by what the caller should do. Only `invalid_grant` on a refresh ends the
 * session (RFC 6749 §5.2: the grant is expired, revoked or was issued to another client); client
 * problems are configuration; network and 5xx are transient and keep everything as it is.
 */
export function classify(err: unknown, purpose: Purpose): RoomdeckError {
  if (err instanceof RoomdeckError) return err;
  if (err instanceof oauth.ResponseBodyError) {
    const serviceMessage = err.error_description;
    if (err.error === 'invalid_grant') {
      return purpose === 'refresh'
        ? new AuthError(ErrorCode.ROOMDECK_SESSION_ENDED, { cause: err, serviceMessage })
        : new SignInError(ErrorCode.ROOMDECK_SIGN_IN_FAILED, { cause: err, serviceMessage });
    }
    if (err.error === 'invalid_client' || err.error === 'unauthorized_client') {
      return new ConfigError({ cause: err, serviceMessage });
    }
    if (purpose === 'sign-in') {
      const code =
        err.error === 'access_denied' ? ErrorCode.ROOMDECK_SIGN_IN_DENIED : ErrorCode.ROOMDECK_SIGN_IN_FAILED;
      return new SignInError(code, { cause: err, serviceMessage });
    }
    return new ServiceError(ErrorCode.ROOMDECK_BAD_REQUEST, err.status, { cause: err, serviceMessage });
  }
  // 401 with a WWW-Authenticate challenge from the token endpoint: the client credentials are wrong.
  if (err instanceof oauth.WWWAuthenticateChallengeError) return new ConfigError({ cause: err });
  if (err instanceof oauth.OperationProcessingError) {
    if (err.code === oauth.HTTP_REQUEST_FORBIDDEN || err.code === oauth.REQUEST_PROTOCOL_FORBIDDEN) {
      return new ConfigError({ cause: err });
    }
    if (err.cause instanceof Response) {
      const { status } = err.cause;
      if (status >= 500) return new ServiceError(ErrorCode.ROOMDECK_SERVER_ERROR, status, { cause: err });
      if (status === 401) return new ConfigError({ cause: err });
    }
    return new ServiceError(ErrorCode.ROOMDECK_BAD_RESPONSE, 0, { cause: err });
  }
  return new ServiceError(ErrorCode.ROOMDECK_BAD_RESPONSE, 0, { cause: err });
}

/**
 * The authorization server itself ended the session: the grant is gone (`invalid_grant`) or this
 * client is no longer accepted (`invalid_client`, RFC 6749 §5.2, also as a 401 challenge). A 401
 * without such an answer (a gateway's page) is not the authorization server speaking.
 */
export function endsSession(err: unknown): boolean {
  if (err instanceof AuthError) return err.code === ErrorCode.ROOMDECK_SESSION_ENDED;
  if (!(err instanceof ConfigError)) return false;
  const cause = err.cause;
  if (cause instanceof oauth.ResponseBodyError)
    return cause.error === 'invalid_client' || cause.error === 'unauthorized_client';
  // RFC 6749 §5.2: failed client authentication is a 401 naming the client's scheme (Basic).
  if (cause instanceof oauth.WWWAuthenticateChallengeError)
    return cause.cause.some((c) => c.scheme === 'basic' || c.parameters.error === 'invalid_client');
  return false;
}

/** Transient: worth retrying later with the same refresh token. */
export function isTransient(err: RoomdeckError): boolean {
  return (
    err.code === ErrorCode.ROOMDECK_OFFLINE ||
    err.code === ErrorCode.ROOMDECK_TIMEOUT ||
    err.code === ErrorCode.ROOMDECK_SERVER_ERROR ||
    err.code === ErrorCode.ROOMDECK_BAD_RESPONSE
  );
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
