import * as oauth from 'oauth4webapi';
import { startDeadline } from '../api/deadline.ts';
import { ConfigError, RoomdeckError, SignInError } from '../api/errors.ts';
import type { OAuthContext } from './oauth-context.ts';
import { classify, type TokenSet, tokenRequest } from './token-endpoint.ts';
import { ErrorCode } from '../../contract/error-codes.ts';

/**
 * The device authorization grant (RFC 8628): a code for a person to approve on a phone, and the
 * polls of the token endpoint until they have.
 */

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
    await ctx.prepare(deadline.signal);
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
    const tokens = await tokenRequest(
      ctx,
      'sign-in',
      signal,
      (options) => oauth.deviceCodeGrantRequest(ctx.as, ctx.client, ctx.clientAuth, deviceCode, options),
      oauth.processDeviceCodeResponse,
    );
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
