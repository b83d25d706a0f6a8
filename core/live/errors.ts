import { ErrorCode } from '../../contract/error-codes.ts';
import { LinkError, type RoomdeckError } from '../api/errors.ts';
import { errorFromResponse, type FailedResponse } from '../api/service-errors.ts';
import type { Command } from './frames.ts';

/**
 * A numbered error frame (realtime.md §5, D8) as the typed error the HTTP exec gives for the same
 * failure. The frame is first said as the wire contract's HTTP answer for it (status and `code`),
 * then read by the HTTP path's own errorFromResponse: one mapping, so a refusal reads the same
 * whichever way the command went (same code, same message, the device's own words in `said`).
 */
export function errorFromFrame(command: Command, number: number, msg: string): RoomdeckError {
  return errorFromResponse(asHttpAnswer(command, number, msg), command === 'exec');
}

/**
 * Our own deadline passed with no answer while the link still answered its probes: for an exec, the
 * service took it and did not say what came of it (the exec-timeout words: the device may have done
 * it, its state will tell); the socket probes the link once more.
 */
export function timeoutError(command: Command, afterMs: number): RoomdeckError {
  const cause = { status: 0, body: { error: `no answer over the control socket within ${afterMs} ms` } };
  return command === 'exec'
    ? errorFromResponse({ status: 504, body: { code: 'exec_timeout' } }, true)
    : new LinkError(ErrorCode.ROOMDECK_TIMEOUT, { cause });
}

/** The socket went away with the request unanswered. */
export function lostError(command: Command): RoomdeckError {
  const cause = { status: 0, body: { error: 'the control socket closed before the answer came' } };
  // The frame left: the device may have got it. The exec-timeout words say exactly that.
  return command === 'exec'
    ? errorFromResponse({ status: 504, body: { code: 'exec_timeout' } }, true)
    : new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause });
}

// The simulator (and PlaceOS) prefix a driver's words with these; HTTP gives the words alone.
const RAISED = /^module raised:\s*/i;
const STOPPED = /^module stopped\b/i;
const NOT_FOUND = /\b(not found|could not find|no such|unknown (method|function))\b/i;
const TIMED_OUT = /\b(did not answer in time|timed? ?out)\b/i;

function asHttpAnswer(command: Command, number: number, msg: string): FailedResponse {
  const exec = command === 'exec';
  const said = msg.replace(RAISED, '');
  const answer = (status: number, code?: string, error?: string): FailedResponse => ({
    status,
    body: { ...(code === undefined ? {} : { code }), ...(error === undefined ? {} : { error }) },
  });
  switch (number) {
    case 1:
      // Current servers number an unknown method 1; so do arguments the method refuses (D8).
      if (exec)
        return NOT_FOUND.test(msg) ? answer(404, 'method_not_found') : answer(422, 'invalid_arguments', said);
      return answer(400, undefined, msg);
    case 2:
      return answer(403);
    case 3:
      if (!exec) return answer(500, undefined, msg);
      if (STOPPED.test(msg)) return answer(409, 'module_stopped');
      if (TIMED_OUT.test(said)) return answer(504, 'exec_timeout');
      return answer(502, 'driver_error', said);
    case 5:
      return answer(404);
    case 6:
      return answer(404, 'module_not_found');
    case 7:
      if (exec && TIMED_OUT.test(said)) return answer(504, 'exec_timeout');
      return answer(500);
    default:
      // 0 (parse error) and 4 (unknown command): our own frame was wrong.
      return answer(400, undefined, msg);
  }
}
