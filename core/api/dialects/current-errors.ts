import { ErrorCode } from '../../../contract/error-codes.ts';
import { AuthError, LinkError, type RoomdeckError, ServiceError } from '../errors.ts';
import type { FailedResponse } from '../service-errors.ts';

/**
 * Refusals of the current generation (placeos-generations.md §2C) as the same typed errors the
 * legacy wire contract gives. Most bodies are `{"error": "<message>"}` with no code, so the status
 * decides (service-errors.ts does that already); this reads what only the current generation says:
 * the exec error body, which names the module and the kind of failure, and 408.
 */

interface ExecErrorBody {
  error: string;
  message?: unknown;
  module_name?: unknown;
}

const isExecErrorBody = (body: unknown): body is ExecErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'string' &&
  ('module_name' in body || 'sys_id' in body);

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** `module raised: <the driver's words>`: the words are the device's, the prefix is rest-api's. */
const driverWords = (message: string | undefined): string | undefined =>
  message?.replace(/^module raised:\s*/i, '');

/** Undefined: the wire contract's status reading applies (service-errors.ts). */
export function currentErrorFrom(response: FailedResponse, exec: boolean): RoomdeckError | undefined {
  const { status, body } = response;
  const evidence = { cause: response };
  if (status === 408) return new LinkError(ErrorCode.ROOMDECK_TIMEOUT, evidence);
  if (!exec || !isExecErrorBody(body)) return undefined;
  const message = textOf(body.message);
  switch (body.error) {
    case 'module not found':
      return new ServiceError(ErrorCode.ROOMDECK_MODULE_NOT_FOUND, status, evidence);
    case 'system not found':
      return new ServiceError(ErrorCode.ROOMDECK_NOT_FOUND, status, evidence);
    case 'bad request':
      // rest-api says "could not find function <m>" when the driver has no such method.
      if (message !== undefined && /^could not find function\b/i.test(message))
        return new ServiceError(ErrorCode.ROOMDECK_METHOD_NOT_FOUND, status, evidence);
      return new ServiceError(ErrorCode.ROOMDECK_INVALID_ARGUMENTS, status, {
        ...evidence,
        serviceMessage: message,
      });
    // A privileged function (401 here, not 403): the account may not, the token is fine.
    case 'access denied':
      return new AuthError(ErrorCode.ROOMDECK_FORBIDDEN, evidence);
    case 'request failed':
      return new ServiceError(ErrorCode.ROOMDECK_DRIVER_ERROR, status, {
        ...evidence,
        serviceMessage: driverWords(message),
      });
    // Core refuses a stopped module ("… it is stopped"); anything else unexpected is the service's.
    case 'unexpected failure':
      if (message !== undefined && /\bstopped\b/i.test(message))
        return new ServiceError(ErrorCode.ROOMDECK_MODULE_STOPPED, status, evidence);
      return new ServiceError(ErrorCode.ROOMDECK_SERVER_ERROR, status, evidence);
    default:
      return undefined;
  }
}
