import { ErrorCode } from '../../contract/error-codes.ts';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  AuthError,
  LinkError,
  type RoomdeckError,
  ServiceError,
  type ValidationFailure,
  ValidationFailedError,
  VersionConflictError,
} from './errors.ts';

/**
 * The control API's error body (wire contract: Errors). Legacy deployments send empty bodies or
 * other shapes, so every field is optional and the status alone must be enough to decide.
 */
const ErrorBody = Type.Object({
  error: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  parameter: Type.Optional(Type.String()),
  current_version: Type.Optional(Type.Integer()),
  failures: Type.Optional(Type.Array(Type.Object({ field: Type.String(), reason: Type.String() }))),
});
type ErrorBody = Static<typeof ErrorBody>;

export interface FailedResponse {
  status: number;
  /** Parsed JSON, the raw text when it was not JSON, or undefined for an empty body. */
  body: unknown;
  /** Retry-After of a 503 / 429, in milliseconds, when the service sent one. */
  retryAfterMs?: number | undefined;
}

function readBody(body: unknown): ErrorBody {
  return Value.Check(ErrorBody, body) ? body : {};
}

/**
 * Maps a non-2xx control API response to its typed error: by the body's `code` when there is one
 * (current generation), else by status (legacy). `exec` marks a system exec call.
 */
export function errorFromResponse(response: FailedResponse, exec = false): RoomdeckError {
  const { status } = response;
  const body = readBody(response.body);
  const evidence = { cause: response };
  const said = body.error;

  switch (body.code) {
    case 'module_not_found':
      return new ServiceError(ErrorCode.ROOMDECK_MODULE_NOT_FOUND, status, evidence);
    case 'method_not_found':
      return new ServiceError(ErrorCode.ROOMDECK_METHOD_NOT_FOUND, status, evidence);
    case 'version_conflict':
      return new VersionConflictError(body.current_version ?? null, evidence);
    case 'module_stopped':
      return new ServiceError(ErrorCode.ROOMDECK_MODULE_STOPPED, status, evidence);
    case 'validation_failed':
      return new ValidationFailedError(status, failuresOf(body), evidence);
    case 'invalid_arguments':
      return new ServiceError(ErrorCode.ROOMDECK_INVALID_ARGUMENTS, status, {
        ...evidence,
        serviceMessage: said,
      });
    case 'driver_error':
      // The driver's own words are the most useful thing the person can read here.
      return driverError(status, evidence, said);
    case 'exec_timeout':
      return new ServiceError(ErrorCode.ROOMDECK_EXEC_TIMEOUT, status, evidence);
    default:
      break;
  }

  if (status === 400) {
    return new ServiceError(ErrorCode.ROOMDECK_BAD_REQUEST, status, {
      ...evidence,
      serviceMessage: said,
      ...(body.parameter === undefined ? {} : { details: { parameter: body.parameter } }),
    });
  }
  if (status === 401) return new AuthError(ErrorCode.ROOMDECK_AUTH_REQUIRED, evidence);
  if (status === 403) return new AuthError(ErrorCode.ROOMDECK_FORBIDDEN, evidence);
  if (status === 404) return new ServiceError(ErrorCode.ROOMDECK_NOT_FOUND, status, evidence);
  // Legacy generation: 406 for validation, usually with no body at all.
  if (status === 406 || status === 422) return new ValidationFailedError(status, failuresOf(body), evidence);
  if (status === 409) return new VersionConflictError(body.current_version ?? null, evidence);
  // Without a code, 502/504 may come from a gateway in front of the service; only exec means the device.
  if (status === 502 && exec) return driverError(status, evidence, said);
  if (status === 504) {
    return exec
      ? new ServiceError(ErrorCode.ROOMDECK_EXEC_TIMEOUT, status, evidence)
      : new LinkError(ErrorCode.ROOMDECK_TIMEOUT, evidence);
  }
  if (status >= 500) {
    return new ServiceError(ErrorCode.ROOMDECK_SERVER_ERROR, status, {
      ...evidence,
      ...(response.retryAfterMs === undefined ? {} : { details: { retryAfterMs: response.retryAfterMs } }),
    });
  }
  return new ServiceError(ErrorCode.ROOMDECK_BAD_REQUEST, status, { ...evidence, serviceMessage: said });
}

/**
 * A device's or service module's refusal. Its own sentence crosses the bridge apart from the
 * message (`details.said`, see toBridgeError), so a caller that knows the module can say it as it
 * is: a calendar's "The room is booked from 14:00 (Design sync); book 25 minutes or less." is a
 * booking answer, not a device fault.
 */
function driverError(status: number, evidence: { cause: FailedResponse }, said: string | undefined) {
  return new ServiceError(ErrorCode.ROOMDECK_DRIVER_ERROR, status, { ...evidence, serviceMessage: said });
}

function failuresOf(body: ErrorBody): ValidationFailure[] {
  return body.failures?.map(({ field, reason }) => ({ field, reason })) ?? [];
}
