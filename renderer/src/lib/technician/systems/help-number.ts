import type { RoomdeckApi, SystemDetail } from '#contract';
import { addressesOf } from '../../modules/addressing.ts';
import { helpNumberIn, roomHelpOf } from '../../words/help-contact.ts';

/*
 * A room whose settings name no help number is a configuration problem: the people in it are told
 * someone else's number, or none. The technician sees which, worked out by the same rule the panel
 * uses (words/help-contact.ts): the room's own number, else the building's configured contact,
 * else a number in the room system's own help text.
 */

export type HelpNumberGap =
  /** The panel shows the building's configured contact instead. */
  | { kind: 'building'; number: string }
  /** The panel shows a number it found in the room system's own help text. */
  | { kind: 'system'; number: string }
  /** The panel shows no number at all: people are told only to call AV support. */
  | { kind: 'none' };

/** Null when the room names its own number; otherwise what the panel falls back to. */
export function helpNumberGap(
  settings: Record<string, unknown> | undefined,
  supportContact: string | null,
  systemHelp: unknown,
): HelpNumberGap | null {
  if (roomHelpOf(settings, null).phone !== null) return null;
  const building = supportContact?.trim();
  if (building) return { kind: 'building', number: building };
  const fromSystem = helpNumberIn(systemHelp);
  return fromSystem === null ? { kind: 'none' } : { kind: 'system', number: fromSystem };
}

/**
 * Reads what the check needs beyond the room itself (already read by the view that asks): the
 * installation's contact (the panel's configuration) and, where the room has a room logic, its
 * help text. Failures of the two extra reads count as "none there", so the room is never called
 * fine on a guess.
 */
export async function readHelpNumberGap(
  api: RoomdeckApi,
  detail: SystemDetail,
): Promise<HelpNumberGap | null> {
  const settings = detail.system.settings;
  if (roomHelpOf(settings, null).phone !== null) return null;
  const logic = addressesOf(detail.modules).find((a) => a.module === 'RoomLogic');
  const [contact, systemHelp] = await Promise.all([
    api.enrolment
      .status({})
      .then((view) => view.supportContact)
      .catch(() => null),
    logic
      ? api.systems
          .state({ id: detail.system.id, module: logic.module, index: logic.index, lookup: 'help' })
          // With `lookup` the service answers the bare value; older bridges wrap it in an object.
          .then((help: unknown) =>
            typeof help === 'object' && help !== null && 'help' in help ? help.help : help,
          )
          .catch(() => null)
      : null,
  ]);
  return helpNumberGap(settings, contact, systemHelp);
}
