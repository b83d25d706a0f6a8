import * as oauth from 'oauth4webapi';
import { startDeadline } from '../api/deadline.ts';
import { AuthError, ConfigError, RoomdeckError, ServiceError, SignInError } from '../api/errors.ts';
import { withoutUnrequestedIdToken } from './id-token.ts';
import type { OAuthContext } from './oauth-context.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/**
 * The token endpoint, whatever the grant: one request under a deadline, one path for its answer
 * (an unrequested ID token dropped, oauth4webapi's checks, a TokenSet on our clock), and one
 * classification of its failures into what the caller should do.
 */

/** What a successful grant leaves us with. Times in milliseconds on the injected clock. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  scope: string | null;
  issuedAt: number;
  /** null when the service gave no `expires_in`: then only a 401 tells us the token is done. */
  expiresAt: number | null;
}

/** What the request was for: the same refusal means a different thing to each (see `classify`). */
export type Purpose = 'sign-in' | 'refresh' | 'revoke';

/** oauth4webapi's check of one grant's answer (`processRefreshTokenResponse` and its siblings). */
export type ProcessTokenResponse = (
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
) => Promise<oauth.TokenEndpointResponse>;

/** One grant: `send` makes the request with the options given, `process` checks the answer. */
export async function tokenRequest(
  ctx: OAuthContext,
  purpose: Purpose,
  signal: AbortSignal | undefined,
  send: (options: oauth.TokenEndpointRequestOptions) => Promise<Response>,
  process: ProcessTokenResponse,
): Promise<TokenSet> {
  const deadline = startDeadline(ctx.clock, ctx.timeoutMs, signal);
  try {
    await ctx.prepare(deadline.signal);
    const response = await send({ ...ctx.http(), signal: deadline.signal });
    const result = await process(ctx.as, ctx.client, await withoutUnrequestedIdToken(response, ctx.scope));
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
