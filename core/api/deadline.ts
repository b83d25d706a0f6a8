import { ErrorCode } from '../../contract/error-codes.ts';
import type { Clock } from './clock.ts';
import { LinkError } from './errors.ts';

/** Why a request's signal fired: our own deadline, or the caller's AbortSignal. */
const TIMED_OUT = Symbol('timed out');

export interface Deadline {
  /** Aborts when the deadline passes or the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** Call when the request is over (success or not) so the timer does not linger. */
  done(): void;
  /** Turns a fetch/body failure into TIMEOUT, CANCELLED or OFFLINE; anything else passes through. */
  classify(err: unknown): unknown;
}

/**
 * One request's time budget, on the injected clock. The caller's signal and our timer share one
 * AbortController so the fetch and the body read are both bounded.
 */
export function startDeadline(clock: Clock, timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = clock.setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);

  return {
    signal: controller.signal,
    done() {
      clock.clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
    classify(err) {
      if (controller.signal.aborted) {
        return controller.signal.reason === TIMED_OUT
          ? new LinkError(ErrorCode.ROOMDECK_TIMEOUT, { cause: err })
          : new LinkError(ErrorCode.ROOMDECK_CANCELLED, { cause: err });
      }
      // undici reports refused connections, DNS failures and resets as TypeError('fetch failed').
      if (err instanceof TypeError) return new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: err });
      return err;
    },
  };
}
