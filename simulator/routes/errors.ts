import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../control/api-error.ts';
import { JSON_LIMITS, JSON_SIZE_LIMIT_TEXT } from '../control/json-limits.ts';

/** Field name of a failed check, from ajv's evidence: `/capacity` → capacity, a missing property → its name. */
function fieldOf(issue: { instancePath: string; params?: Record<string, unknown> }): string {
  const missing = issue.params?.missingProperty;
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || '(body)';
}

/**
 * The control API's one error handler (wire contract, Errors): every non-2xx answer is JSON with
 * `error` and `code`; body checks fail with 422, parameter checks with 400; nothing a client sends
 * yields a 5xx or a stack trace.
 */
export function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const issues = fastifyError.validation;
    if (fastifyError.validationContext === 'body') {
      const failures = issues.map((issue) => ({
        field: fieldOf(issue),
        reason: issue.message ?? 'is invalid',
      }));
      return new ApiError(
        422,
        'validation_failed',
        `validation failed: ${failures.map((f) => `${f.field} ${f.reason}`).join('; ')}`,
        { failures },
      );
    }
    const first = issues[0];
    const parameter = first ? fieldOf(first) : (fastifyError.validationContext ?? 'parameter');
    return new ApiError(400, 'bad_request', `${parameter} ${first?.message ?? 'is invalid'}`, { parameter });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'bad_request', 'the request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        413,
        'payload_too_large',
        `the request body is larger than ${JSON_SIZE_LIMIT_TEXT} (the limit is ${JSON_LIMITS.bytes} bytes)`,
      );
    default:
      break;
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return new ApiError(status, 'bad_request', error.message || 'bad request');
  }
  return new ApiError(500, 'internal_error', 'the simulator failed unexpectedly; see its log');
}

export function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const apiError = toApiError(error);
  if (apiError.status >= 500) request.log.error({ err: error }, 'unexpected error');
  return reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
}
