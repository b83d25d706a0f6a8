import type { MessageKey, MessageValues } from '#locales';
import { t } from '../lib/i18n/i18n.svelte.ts';

/*
 * A message with one placeholder the page draws itself (a phone number in bold, a countdown in
 * <strong>, a room id in its own span): the translation decides where it goes, so the sentence is
 * translated whole and split around that placeholder, never built from pieces.
 */
const MARK = '\u{E000}';

/** `t(key, values)` with `slot` left out: the words before it and after it. */
export function around(key: MessageKey, slot: string, values: MessageValues = {}): [string, string] {
  const text = t(key, { ...values, [slot]: MARK });
  const at = text.indexOf(MARK);
  if (at < 0) return [text, ''];
  // Right to left, the slot arrives isolated (FSI…PDI, locales/bidi.ts): the page's own element
  // for it isolates it instead, so the marks around the slot go with it.
  return [text.slice(0, at).replace(/\u2068$/, ''), text.slice(at + MARK.length).replace(/^\u2069/, '')];
}
