import type { MessageKey, MessageValues } from '#locales';
import { t } from './i18n.svelte.ts';

/** A run of a message's text, or the place where a view puts one of its own elements. */
export type WordPart<Slot extends string> = { text: string } | { slot: Slot };

// Private-use characters: never in a translation or in data, so they mark a slot unambiguously.
const OPEN = '\uE000';
const CLOSE = '\uE001';
// Right to left, a slot arrives isolated (FSI…PDI, locales/bidi.ts): the view's own element for
// it isolates it instead, so the marks around the slot go with it.
const MARK = /\u2068?\uE000(\d+)\uE001\u2069?/;

/**
 * A message split around the placeholders a view renders itself (a room name in `<strong>`, a
 * code in `<span>`), so the sentence stays one message that a translator can reorder, and the
 * view still marks up the parts: `{#each slots(…) as part}{#if 'slot' in part}<strong>…`.
 */
export function slots<Slot extends string>(
  key: MessageKey,
  slotNames: readonly Slot[],
  values: MessageValues = {},
): WordPart<Slot>[] {
  const marked: MessageValues = { ...values };
  slotNames.forEach((name, i) => {
    marked[name] = `${OPEN}${i}${CLOSE}`;
  });
  const parts: WordPart<Slot>[] = [];
  let rest = t(key, marked);
  for (let m = rest.match(MARK); m !== null; m = rest.match(MARK)) {
    const at = m.index ?? 0;
    if (at > 0) parts.push({ text: rest.slice(0, at) });
    const name = slotNames[Number(m[1])];
    if (name !== undefined) parts.push({ slot: name });
    rest = rest.slice(at + m[0].length);
  }
  if (rest !== '') parts.push({ text: rest });
  return parts;
}
