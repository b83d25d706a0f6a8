import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../control/api-error.ts';
import { toApiError } from '../errors.ts';

/**
 * Error bodies of the current generation (placeos-generations.md §2C). The shared control/ layer
 * throws ApiError with the legacy wire contract's codes; this reshapes them, so both generations
 * refuse the same things and each speaks its own dialect:
 * - CommonError `{"error": msg}` (401, 403, 404, anything else),
 * - ValidationError `{"error": "validation failed", "failures": [...]}` (422),
 * - ParameterError `{"error", "parameter", "restriction"}` (400 and a missing `?version=`),
 * - ContentError `{"error", "accepts": ["application/json"]}` (415),
 * - the stale version's fixed text (409).
 */

/** The Crystal type rest-api declares for each query parameter, named in a ParameterError. */
const RESTRICTIONS: Record<string, string> = {
  limit: 'UInt32',
  offset: 'UInt32',
  version: 'Int32',
  capacity: 'Int32',
  as_of: 'Int64',
  complete: 'Bool',
  bookable: 'Bool',
  running: 'Bool',
  no_logic: 'Bool',
  single_occurrence: 'Bool',
};

export function currentErrorBody(error: ApiError): Record<string, unknown> {
  if (error.status === 422 && Array.isArray(error.extra.failures)) {
    return { error: 'validation failed', failures: error.extra.failures };
  }
  if (error.code === 'version_conflict') return { error: 'Attempting to edit an old System version' };
  if (error.status === 415) return { error: error.message, accepts: ['application/json'] };
  const parameter = error.extra.parameter;
  if (typeof parameter === 'string') {
    return { error: error.message, parameter, restriction: RESTRICTIONS[parameter] ?? 'String' };
  }
  return { error: error.message };
}

/** A failure field renamed to the current generation's name (the shared checks say dependency_id). */
export function renameFailures(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ApiError) || !Array.isArray(error.extra.failures)) return error;
  const failures = (error.extra.failures as { field: string; reason: string }[]).map((f) => ({
    field: names[f.field] ?? f.field,
    reason: f.reason,
  }));
  return new ApiError(error.status, error.code, error.message, { ...error.extra, failures });
}

export function sendCurrentError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error }, 'unexpected error');
  return reply
    .code(apiError.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(currentErrorBody(apiError)));
}

/** `?version=` missing on an update: rest-api's ParameterError, 422 (§2C). */
export const missingParameter = (parameter: string) =>
  new ApiError(422, 'missing_parameter', `missing required parameter: ${parameter}`, { parameter });
