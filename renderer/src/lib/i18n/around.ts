import type { MessageKey, MessageValues } from '#locales';
import { slots } from './word-slots.ts';

/*
 * A message with one placeholder the page draws itself (a phone number in bold, a countdown in
 * <strong>, a room id in its own span): the translation decides where it goes, so the sentence is
 * translated whole and split around that placeholder, never built from pieces (word-slots.ts).
 */

/** `t(key, values)` with `slot` left out: the words before it and after it. */
export function around(key: MessageKey, slot: string, values: MessageValues = {}): [string, string] {
  const parts = slots(key, [slot], values);
  const at = parts.findIndex((part) => 'slot' in part);
  const words = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => ('text' in part ? part.text : ''))
      .join('');
  return at < 0 ? [words(0), ''] : [words(0, at), words(at + 1)];
}
