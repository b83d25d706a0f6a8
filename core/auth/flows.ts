import * as oauth from 'oauth4webapi';
import { startDeadline } from '../api/deadline.ts';
import type { OAuthContext } from './oauth-context.ts';
import { classify, type TokenSet, tokenRequest } from './token-endpoint.ts';

/**
 * The OAuth 2.0 protocol steps Roomdeck uses, each a function over oauth4webapi: the grants that
 * keep a session going (password, refresh) and revocation, here; the authorization code flow
 * (code-grant.ts), the device grant (device-grant.ts) and the token endpoint's one answer path
 * (token-endpoint.ts) in their own modules, re-exported so callers have one place to import from.
 * Every failure comes out as a RoomdeckError with the oauth4webapi error (or the raw response)
 * kept in `cause`.
 */

export {
  authorizationUrl,
  checkCallbackState,
  endSessionRequestUrl,
  exchangeCode,
  isStrayCallback,
  validateCallback,
} from './code-grant.ts';
export {
  type DeviceAuthorization,
  type DevicePoll,
  deviceAuthorization,
  deviceGrantUnavailable,
  pollDeviceCode,
} from './device-grant.ts';
export { createOAuthContext, type OAuthContext, type OAuthSettings } from './oauth-context.ts';
export { classify, endsSession, isTransient, type TokenSet } from './token-endpoint.ts';

export interface ServiceAccount {
  username: string;
  password: string;
  authority?: string | undefined;
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
  const parameters: Record<string, string> = { username: account.username, password: account.password };
  if (account.authority !== undefined && account.authority !== '') parameters.authority = account.authority;
  if (ctx.scope !== '') parameters.scope = ctx.scope;
  return tokenRequest(
    ctx,
    'sign-in',
    signal,
    (options) =>
      oauth.genericTokenEndpointRequest(ctx.as, ctx.client, ctx.clientAuth, 'password', parameters, options),
    oauth.processGenericTokenEndpointResponse,
  );
}

/** Refreshing an access token (RFC 6749 §6). With rotation the answer carries a new refresh token. */
export function refreshGrant(
  ctx: OAuthContext,
  refreshToken: string,
  signal?: AbortSignal,
): Promise<TokenSet> {
  return tokenRequest(
    ctx,
    'refresh',
    signal,
    (options) => oauth.refreshTokenGrantRequest(ctx.as, ctx.client, ctx.clientAuth, refreshToken, options),
    oauth.processRefreshTokenResponse,
  );
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
    await ctx.prepare(deadline.signal);
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

/**
 * Both tokens of a set, best effort (offline they still leave this machine). The refresh token
 * first: revoking it may take the access token with it (RFC 7009 §2.1).
 */
export async function revokeTokens(ctx: OAuthContext, tokens: TokenSet): Promise<void> {
  if (tokens.refreshToken !== null)
    await revokeToken(ctx, tokens.refreshToken, 'refresh_token').catch(() => undefined);
  await revokeToken(ctx, tokens.accessToken, 'access_token').catch(() => undefined);
}
