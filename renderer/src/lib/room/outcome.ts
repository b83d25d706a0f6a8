import { ErrorCode } from '#contract';

/*
 * Room logic may answer a command it could only partly carry out with `{ ok: false, warnings }`
 * (HTTP 200). The panel treats that as the failure it is and names the devices that let the room
 * down, in the room's words: "Display 1 did not respond", never an address.
 */

export class PartialFailure extends Error {
  override readonly name = 'PartialFailure';
  /** Read by the bridge's error mapping: a device's failure, said in the message as it is. */
  readonly code = ErrorCode.ROOMDECK_ROOM_PARTIAL;
}

const WARNING = /^(.+?)\s+([a-z_]+):\s*(.*)$/i;

function sentenceOf(warning: string): string {
  const m = WARNING.exec(warning);
  if (!m) return 'a device reported a problem';
  const [, device, , why = ''] = m;
  if (/not responding|offline|no answer|timed? ?out|unreachable/i.test(why))
    return `${device} did not respond`;
  if (/warming|cooling/i.test(why)) return `${device} is still warming up or cooling down`;
  return `${device} reported a problem`;
}

/** Throws a PartialFailure when a result says the command did not fully work. */
export function checkOutcome(result: unknown): void {
  if (typeof result !== 'object' || result === null || (result as { ok?: unknown }).ok !== false) return;
  const raw = (result as { warnings?: unknown }).warnings;
  const warnings = Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string') : [];
  const what = [...new Set(warnings.map(sentenceOf))];
  const list = what.length === 0 ? 'a device did not do what was asked' : what.join('; ');
  throw new PartialFailure(`Not everything worked: ${list}. Check it is switched on, or call AV support.`);
}
