import { type DriverContext, DriverError } from '../driver.ts';
import { readNumber } from '../values.ts';
import { label, type Step, systemOf } from './siblings.ts';

/** Below the exec endpoint's 15 s wait, so the room can still report which device hung. */
export const DEFAULT_DEVICE_WAIT_MS = 8000;

/** Room result: `ok` is false when any device failed; the room still did what it could. */
export interface RoomResult {
  ok: boolean;
  warnings: string[];
  /** `Class/index` of the devices whose command failed (kept out of the answer sent back). */
  failed?: string[];
}

/** A device that did not answer the room's last command to it. */
export interface Unanswered {
  module: string;
  index: number;
  name: string;
}

const NO_ANSWER = /not responding|offline|no answer|timed? ?out|no reply|did not answer/i;

/** A device's failure in a room user's words: what did not happen, never an address. */
function failureOf(device: string, why: string): string {
  if (/not responding|offline|no answer|timed? ?out|no reply/i.test(why)) return `${device} did not respond`;
  if (/warming|cooling/i.test(why)) return `${device} is still warming up or cooling down`;
  if (/stopped/i.test(why)) return `${device} is switched off in the system`;
  return `${device} reported a problem (${why.replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, 'its address')})`;
}

/** A room command that did not do everything it says fails, naming what let the room down. */
export function failIfPartial(ctx: DriverContext, what: string, result: RoomResult): RoomResult {
  if (result.ok) {
    ctx.state.last_error = null;
    return { ok: true, warnings: result.warnings };
  }
  const message = `${what}, but ${result.warnings.join('; ')}. Check it is switched on, or call AV support.`;
  ctx.state.last_error = message;
  throw new DriverError(message);
}

/**
 * A device that never answers would otherwise hold the room call until the exec endpoint's own
 * timeout, which fires first and loses every other result; so the room stops waiting sooner.
 */
export function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ms} ms; the command may still complete`)),
      ms,
    );
  });
  return Promise.race([work, giveUp]).finally(() => clearTimeout(timer));
}

/** Runs the steps on the room's devices and records in state who is not answering. */
export async function run(ctx: DriverContext, steps: Step[], warnings: string[]): Promise<RoomResult> {
  const system = systemOf(ctx);
  const waitMs = readNumber(ctx.module.settings, 'device_wait_ms', DEFAULT_DEVICE_WAIT_MS, 0);
  // In parallel, as a room controller does: one slow projector must not hold up the lights.
  const outcomes = await Promise.allSettled(
    steps.map((s) => waitAtMost(system.exec(s.target.className, s.target.index, s.method, s.args), waitMs)),
  );
  const silent = new Map<string, Unanswered>();
  const answered = new Set<string>();
  outcomes.forEach((o, i) => {
    const step = steps[i];
    if (!step) return;
    const key = `${step.target.className}/${step.target.index}`;
    if (o.status === 'rejected') {
      const why = o.reason instanceof Error ? o.reason.message : String(o.reason);
      const failure = failureOf(label(step.target), why);
      if (!warnings.includes(failure)) warnings.push(failure);
      if (NO_ANSWER.test(why))
        silent.set(key, {
          module: step.target.className,
          index: step.target.index,
          name: label(step.target),
        });
      else answered.add(key);
    } else answered.add(key);
  });
  // Who is not answering, as of each device's last command from the room: a later answer clears it.
  const before = Array.isArray(ctx.state.not_answering) ? (ctx.state.not_answering as Unanswered[]) : [];
  const kept = before.filter((d) => {
    const key = `${d.module}/${d.index}`;
    return !answered.has(key) && !silent.has(key);
  });
  ctx.state.not_answering = [...kept, ...silent.values()];
  const failed = steps.flatMap((step, i) =>
    outcomes[i]?.status === 'rejected' ? [`${step.target.className}/${step.target.index}`] : [],
  );
  return { ok: warnings.length === 0, warnings, failed };
}
