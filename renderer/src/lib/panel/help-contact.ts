/*
 * Who the people in a room call when it lets them down, and the room's help text. A system's
 * `settings.help` is either the help as short Markdown, or an object that also names the number:
 * `{ "text": "…Markdown…", "phone": "ext. 4400" }` (`contact` is read as a synonym of `phone`).
 * Without a number of the room's own, the installation's configured support contact is used.
 */

export interface RoomHelp {
  /** The room's own help text (Markdown), or null when the room has none. */
  text: string | null;
  /** The number (or contact) to call, or null when neither the room nor the installation names one. */
  phone: string | null;
}

const clean = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function roomHelpOf(
  settings: Record<string, unknown> | undefined,
  supportContact: string | null,
): RoomHelp {
  const help = settings?.help;
  if (typeof help === 'object' && help !== null && !Array.isArray(help)) {
    const h = help as Record<string, unknown>;
    return { text: clean(h.text), phone: clean(h.phone) ?? clean(h.contact) ?? clean(supportContact) };
  }
  return { text: clean(help), phone: clean(supportContact) };
}

/** The end of every failure sentence: who to call. */
export const callFor = (phone: string | null): string => (phone ? `call ${phone}` : 'call AV support');
