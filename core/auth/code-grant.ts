import { timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { SignInError } from '../api/errors.ts';
import type { OAuthContext } from './oauth-context.ts';
import type { Pkce } from './pkce.ts';
import { type TokenSet, tokenRequest } from './token-endpoint.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/**
 * The authorization code flow with PKCE, step by step: the request that goes to the browser, the
 * redirect that comes back (its `state` checked first), the code exchange; and the service's
 * end-session page for after a sign-out.
 */

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
  return tokenRequest(
    ctx,
    'sign-in',
    signal,
    (options) =>
      oauth.authorizationCodeGrantRequest(
        ctx.as,
        ctx.client,
        ctx.clientAuth,
        params,
        redirectUri,
        verifier,
        options,
      ),
    oauth.processAuthorizationCodeResponse,
  );
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
