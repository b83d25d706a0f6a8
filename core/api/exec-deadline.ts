import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock } from './clock.ts';
import { LinkError, type RoomdeckError } from './errors.ts';

/**
 * How long a press waits for the service's answer, over the socket or over HTTP, before the person
 * is told it did not come. A working service answers a command in milliseconds (a device that is
 * slow to act still gets its answer from the room logic, which does not wait on it); a service that
 * has not answered in 3 s is frozen or gone, and a person at the wall should know within 5 s of the
 * touch. Waiting longer only leaves a spinner turning and the command queued to run late.
 */
export const EXEC_ANSWER_MS = 3_000;

/** No answer within the deadline: Roomdeck gave the command up and will not send it again. */
export function unansweredError(afterMs: number): RoomdeckError {
  return new LinkError(ErrorCode.ROOMDECK_EXEC_UNANSWERED, {
    cause: `no answer to the command within ${afterMs} ms`,
  });
}

/**
 * Runs `work` with a signal that aborts when `ms` pass, and fails with EXEC_UNANSWERED at that very
 * moment, whatever `work` is waiting on (a token renewal or a generation probe may not watch the
 * signal): the person is told on time, and the aborted signal keeps anything still waiting from
 * sending the command afterwards.
 */
export function withinDeadline<T>(
  clock: Clock,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      const error = unansweredError(ms);
      controller.abort(error);
      reject(error);
    }, ms);
    work(controller.signal).then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}
