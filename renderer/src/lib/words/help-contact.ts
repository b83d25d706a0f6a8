import { t } from '../i18n/i18n.svelte.ts';

/*
 * Who the people in a room call when it lets them down, and the room's help text. A system's
 * `settings.help` is either the help as short Markdown, or an object that also names the number:
 * `{ "text": "…Markdown…", "phone": "ext. 4400" }` (`contact` is read as a synonym of `phone`).
 * The number: the room's own (named, else the first one its help text gives), else the
 * installation's configured support contact, else one the room system's own help gives.
 */

/** "ext. 4400", "extension 4357", "x4400", or a phone number of at least seven digits. */
const NUMBER = /\b(?:ext(?:ension)?\.?|x)\s?\d{2,6}\b|\+?\d[\d ()-]{5,}\d/i;

/** The first dialable number in a help text (Markdown emphasis ignored), or null. */
export function helpNumberIn(help: unknown): string | null {
  if (typeof help !== 'string') return null;
  const plain = help.replace(/[*_`]/g, '');
  return NUMBER.exec(plain)?.[0].trim() ?? null;
}

/** "Call AV support on ext. 4400." — or without a number, still what to do. */
export function callWords(number: string | null): string {
  return number ? t('room.call.supportOn', { number }) : t('room.call.support');
}

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
  /** The room system's own help (RoomLogic's `help` state), the last place to find a number. */
  systemHelp?: unknown,
): RoomHelp {
  const help = settings?.help;
  const fallback = (): string | null => clean(supportContact) ?? helpNumberIn(systemHelp);
  if (typeof help === 'object' && help !== null && !Array.isArray(help)) {
    const h = help as Record<string, unknown>;
    return {
      text: clean(h.text),
      phone: clean(h.phone) ?? clean(h.contact) ?? helpNumberIn(h.text) ?? fallback(),
    };
  }
  return { text: clean(help), phone: helpNumberIn(help) ?? fallback() };
}

/** The end of every failure sentence, as a clause the sentence places (`{call}`): who to call. */
export const callFor = (phone: string | null): string =>
  phone ? t('room.call.clause', { number: phone }) : t('room.call.clauseSupport');
