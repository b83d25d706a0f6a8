import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { LinkError, ServiceError, toBridgeError } from '../../../core/api/errors.ts';
import { EXEC_ANSWER_MS, LINK_PROBE_MS, withinDeadline } from '../../../core/api/exec-deadline.ts';
import { FakeClock } from '../../support/fake-clock.ts';

/**
 * A press doubted at 3 s is failed only when the link does not answer a probe either: a room logic
 * still honestly waiting on a slow device is never called failed (the person would see it happen
 * after being told it did not), and a frozen service is told within 4.5 s of the touch.
 */

const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    (value) => `answered ${String(value)}`,
    (error: unknown) => toBridgeError(error).code,
  );
const pending = async (outcome: Promise<string>) =>
  Promise.race([outcome, new Promise((r) => setTimeout(() => r('waiting'), 0))]);

/** Work that answers when told to, and whose signal says whether it was given up. */
function slowWork() {
  let answer: (value: string) => void = () => undefined;
  let signal: AbortSignal | undefined;
  const work = (s: AbortSignal) => {
    signal = s;
    return new Promise<string>((resolve) => (answer = resolve));
  };
  return { work, answer: (value: string) => answer(value), aborted: () => signal?.aborted === true };
}

describe('withinDeadline: doubt, probe, and only then failure', () => {
  it('a slow command on a live service keeps waiting past 4.5 s and gets its own answer', async () => {
    const clock = new FakeClock();
    const slow = slowWork();
    let probes = 0;
    const outcome = outcomeOf(
      withinDeadline(clock, EXEC_ANSWER_MS, slow.work, async () => {
        probes++;
      }),
    );
    await clock.advance(EXEC_ANSWER_MS + LINK_PROBE_MS + 5_000);
    expect(await pending(outcome)).toBe('waiting');
    expect(probes).toBe(1);
    slow.answer('done');
    expect(await outcome).toBe('answered done');
    expect(slow.aborted()).toBe(false);
  });

  it('a probe refused with an answer (a 404) still says the service is alive', async () => {
    const clock = new FakeClock();
    const slow = slowWork();
    const outcome = outcomeOf(
      withinDeadline(clock, EXEC_ANSWER_MS, slow.work, () =>
        Promise.reject(new ServiceError(ErrorCode.ROOMDECK_NOT_FOUND, 404)),
      ),
    );
    await clock.advance(EXEC_ANSWER_MS + LINK_PROBE_MS * 2);
    expect(await pending(outcome)).toBe('waiting');
    slow.answer('late but true');
    expect(await outcome).toBe('answered late but true');
  });

  it('a probe that gets no answer fails the press at 4.5 s and aborts the command', async () => {
    const clock = new FakeClock();
    const slow = slowWork();
    const outcome = outcomeOf(
      withinDeadline(clock, EXEC_ANSWER_MS, slow.work, () => new Promise(() => undefined)),
    );
    await clock.advance(EXEC_ANSWER_MS + LINK_PROBE_MS - 1);
    expect(await pending(outcome)).toBe('waiting');
    await clock.advance(1);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
    expect(slow.aborted()).toBe(true);
  });

  it.each([
    ['offline', new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: 'refused' })],
    ['a 503', new ServiceError(ErrorCode.ROOMDECK_SERVER_ERROR, 503)],
  ])('a probe that fails on the link (%s) fails the press at once', async (_what, failure) => {
    const clock = new FakeClock();
    const slow = slowWork();
    const outcome = outcomeOf(
      withinDeadline(clock, EXEC_ANSWER_MS, slow.work, () => Promise.reject(failure)),
    );
    await clock.advance(EXEC_ANSWER_MS);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
    expect(slow.aborted()).toBe(true);
  });

  it('without a probe, the press fails at the doubt itself', async () => {
    const clock = new FakeClock();
    const slow = slowWork();
    const outcome = outcomeOf(withinDeadline(clock, EXEC_ANSWER_MS, slow.work));
    await clock.advance(EXEC_ANSWER_MS);
    expect(await outcome).toBe(ErrorCode.ROOMDECK_EXEC_UNANSWERED);
  });

  it('an answer before the doubt leaves no timer behind', async () => {
    const clock = new FakeClock();
    let probes = 0;
    const outcome = outcomeOf(
      withinDeadline(
        clock,
        EXEC_ANSWER_MS,
        async () => 'quick',
        async () => {
          probes++;
        },
      ),
    );
    expect(await outcome).toBe('answered quick');
    expect(clock.pending()).toEqual([]);
    expect(probes).toBe(0);
  });
});
