/*
 * Roomdeck's languages, for every process that shows words: the renderer, the main process (the
 * kiosk's error screen), the browser host's pages. Catalogues are not imported here: each is
 * loaded by `languageOf(code).load()`, so a page carries only the language it shows.
 */
export type { Catalogue, MessageKey } from './en.ts';
export {
  ALL_LANGUAGES,
  type Language,
  LANGUAGES,
  languageOf,
  PSEUDO_LOCALE,
  SHIPPED_CODES,
  SOURCE_LOCALE,
  type TextDirection,
} from './languages.ts';
export { matchLanguage, negotiateLanguage } from './negotiate.ts';
export { type ClockRule, type MessageValues, Translator } from './translate.ts';

import { languageOf, SOURCE_LOCALE } from './languages.ts';
import { type ClockRule, Translator } from './translate.ts';

/** A Translator for `code` (English when Roomdeck does not ship it), its catalogue loaded. */
export async function loadTranslator(code: string, clock: ClockRule = 'locale'): Promise<Translator> {
  const language = languageOf(code) ?? languageOf(SOURCE_LOCALE)!;
  const messages = await language.load();
  return new Translator({ locale: language.code, dir: language.dir, messages, clock });
}
