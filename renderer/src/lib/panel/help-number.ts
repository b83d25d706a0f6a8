/*
 * Who to call, as one short phrase a person can dial: taken from the room's own help text (its
 * settings, written by the people who run the room) when it names a number, else the panel's
 * configured support contact.
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
  return number ? `Call AV support on ${number}.` : 'Call AV support.';
}
