import type { FastifyReply } from 'fastify';
import { ApiError } from '../../control/api-error.ts';

/**
 * Exec failures of the current generation (placeos-generations.md §2C, "Current exec errors"):
 * `{"error": "<code name>", "sys_id", "module_name", "index", "message", "backtrace": null}`, the
 * nulls emitted (a named tuple in rest-api). Mapped from the shared layer's codes.
 */
export interface ExecTarget {
  sysId: string | null;
  moduleName: string | null;
  index: number | null;
  method: string;
}

function classify(error: ApiError, method: string): { status: number; name: string; message: string } {
  switch (error.code) {
    case 'module_not_found':
      return { status: 404, name: 'module not found', message: 'could not find module' };
    case 'not_found':
      return { status: 404, name: 'system not found', message: error.message };
    case 'method_not_found':
      return { status: 400, name: 'bad request', message: `could not find function ${method}` };
    // Not settled by the sources (the driver parses the arguments); a simulator must not answer bad
    // input with a 5xx, so arguments that do not fit are a bad request.
    case 'invalid_arguments':
      return { status: 400, name: 'bad request', message: error.message };
    // Core refuses a stopped module ("it is stopped"), which rest-api reports as unexpected failure.
    case 'module_stopped':
      return { status: 500, name: 'unexpected failure', message: error.message };
    case 'driver_error':
    case 'exec_timeout':
      return { status: 500, name: 'request failed', message: `module raised: ${error.message}` };
    default:
      return { status: error.status, name: error.message, message: error.message };
  }
}

/** Sends the exec error body, or rethrows what is not an exec failure (401/403 come earlier). */
export function sendExecError(reply: FastifyReply, error: unknown, target: ExecTarget): FastifyReply {
  if (!(error instanceof ApiError)) throw error;
  const { status, name, message } = classify(error, target.method);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({
        error: name,
        sys_id: target.sysId,
        module_name: target.moduleName,
        index: target.index,
        message,
        backtrace: null,
      }),
    );
}

/** The exec body is the JSON array of positional arguments; nothing sent means none. */
export function execArgs(body: unknown): unknown[] {
  if (body === undefined || body === null) return [];
  if (Array.isArray(body)) {
    if (body.length > 100) throw new ApiError(400, 'bad_request', 'at most 100 arguments');
    return body;
  }
  throw new ApiError(400, 'bad_request', "the request body must be a JSON array of the method's arguments");
}
