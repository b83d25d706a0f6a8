import { ErrorCode } from '#contract';
import type { DeviceProblem, PartialDevice } from '../words/device-problem.ts';

/*
 * Room logic may answer a command it could only partly carry out with `{ ok: false, warnings }`
 * (HTTP 200). The panel treats that as the failure it is and names the devices that let the room
 * down, in the room's words: "Display 1 did not respond", never an address.
 *
 * The devices travel structured in `details.devices` (name as the room logic gave it, and what went
 * wrong), so the sentence is composed in the page's language (failure-words.ts); the message is an
 * English summary for logs, never shown as such.
 */

export class PartialFailure extends Error {
  override readonly name = 'PartialFailure';
  /** Read by the bridge's error mapping: a device's failure. */
  readonly code = ErrorCode.ROOMDECK_ROOM_PARTIAL;
  readonly details: { devices: PartialDevice[] };
  constructor(devices: PartialDevice[], logMessage: string) {
    super(logMessage);
    this.details = { devices };
  }
}

const WARNING = /^(.+?)\s+([a-z_]+):\s*(.*)$/i;

/** A warning from the room logic (the service's words, English by its spec) read as device and problem. */
export function deviceOf(warning: string): PartialDevice | null {
  const m = WARNING.exec(warning);
  if (!m) return null;
  const [, name = '', , why = ''] = m;
  if (/not responding|offline|no answer|timed? ?out|unreachable/i.test(why))
    return { name, problem: 'noAnswer' };
  if (/warming|cooling/i.test(why)) return { name, problem: 'warming' };
  if (/stopped/i.test(why)) return { name, problem: 'stopped' };
  return { name, problem: 'problem' };
}

/** English, for the log line only (the message); people read failure-words.ts's catalogue sentence. */
const LOG_WORDS_EN: Record<DeviceProblem, string> = {
  noAnswer: 'did not respond', // i18n-ignore: the log line's English; people read failure-words.ts
  warming: 'is still warming up or cooling down', // i18n-ignore: the log line's English
  stopped: 'is switched off in the system', // i18n-ignore: the log line's English
  problem: 'reported a problem', // i18n-ignore: the log line's English
};

/** Throws a PartialFailure when a result says the command did not fully work. */
export function checkOutcome(result: unknown): void {
  if (typeof result !== 'object' || result === null || (result as { ok?: unknown }).ok !== false) return;
  const raw = (result as { warnings?: unknown }).warnings;
  const warnings = Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string') : [];
  // One entry per device and problem: the room logic may warn twice about the same device.
  const byKey = new Map<string, PartialDevice>();
  for (const d of warnings.map(deviceOf)) if (d !== null) byKey.set(`${d.name}|${d.problem}`, d);
  const devices = [...byKey.values()];
  const said = devices.map((d) => `${d.name} ${LOG_WORDS_EN[d.problem]}`).join('; ');
  throw new PartialFailure(
    devices,
    `Not everything worked: ${said || 'a device did not do what was asked'}.`,
  );
}
