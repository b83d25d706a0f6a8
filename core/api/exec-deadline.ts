import { ErrorCode } from '../../contract/error-codes.ts';
import { LINK_CODES } from '../../contract/errors.ts';
import type { Clock, TimerHandle } from './clock.ts';
import { LinkError, type RoomdeckError, toBridgeError } from './errors.ts';

/**
 * When a press still unanswered is doubted, over the socket or over HTTP. A working service answers
 * a command in milliseconds; one that has not answered in 3 s may be frozen or gone, or may be a
 * room logic honestly waiting on a slow device. Which of the two is asked of the link at once (a
 * probe: a pong, or a cheap read), and only a link that does not answer that either fails the
 * press: the person hears of a frozen service within EXEC_ANSWER_MS + LINK_PROBE_MS (4.5 s) of the
 * touch, and a slow room is never called failed while it is still doing what was asked (told "did
 * not start", then seeing it start, is the lie this avoids).
 */
export const EXEC_ANSWER_MS = 3_000;

/** How long the probe of a doubted press's link may take before the link counts as frozen. */
export const LINK_PROBE_MS = 1_500;

/** No answer, and the link did not answer its probe: Roomdeck gave the command up and will not send it again. */
export function unansweredError(afterMs: number): RoomdeckError {
  return new LinkError(ErrorCode.ROOMDECK_EXEC_UNANSWERED, {
    cause: `no answer to the command within ${afterMs} ms, nor to a probe of the link`,
  });
}

/**
 * A probe's failure that says the service is not there to finish the command: no answer, no
 * connection, a 5xx or an unreadable answer. A refusal of the probe itself (not found, credentials
 * refused) is an answer from a working service.
 */
const linkSilent = (error: unknown): boolean => {
  const { code } = toBridgeError(error);
  return code !== ErrorCode.ROOMDECK_CREDENTIALS_REFUSED && (LINK_CODES as readonly string[]).includes(code);
};

/**
 * Runs `work` with a signal that aborts when the press is given up. At `ms` the press is doubted:
 * without a `probe` it fails then with EXEC_UNANSWERED; with one, the probe runs (its own signal
 * aborts after `probeMs`) and only a probe that fails with a link error or does not answer in time
 * fails the press; a service that answers the probe is left to finish the command (the work's own
 * timeout still bounds it). Failing rejects at that very moment, whatever `work` is waiting on (a
 * token renewal or a generation probe may not watch the signal): the person is told on time, and
 * the aborted signal keeps anything still waiting from sending the command afterwards.
 */
export function withinDeadline<T>(
  clock: Clock,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
  probe?: (signal: AbortSignal) => Promise<unknown>,
  probeMs = LINK_PROBE_MS,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timers: TimerHandle[] = [];
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clock.clearTimeout(timer);
      finish();
    };
    const giveUp = (afterMs: number) => {
      if (settled) return;
      const error = unansweredError(afterMs);
      controller.abort(error);
      settle(() => reject(error));
    };
    timers.push(
      clock.setTimeout(() => {
        if (probe === undefined) return giveUp(ms);
        const check = new AbortController();
        const unanswered = clock.setTimeout(() => {
          check.abort();
          giveUp(ms + probeMs);
        }, probeMs);
        timers.push(unanswered);
        probe(check.signal).then(
          // The service answered: it is alive and working on the command; the work's own timeout bounds it.
          () => clock.clearTimeout(unanswered),
          (error: unknown) => {
            if (check.signal.aborted) return;
            clock.clearTimeout(unanswered);
            if (linkSilent(error)) giveUp(ms + probeMs);
          },
        );
      }, ms),
    );
    work(controller.signal).then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
