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
export {
  type LanguageChoices,
  type LanguageConfig,
  NO_ROOM_LANGUAGE,
  offeredLanguages,
  pageLanguage,
  panelLanguage,
  type RoomLanguage,
  roomLanguage,
  roomLanguageOf,
  roomLocaleOf,
} from './choose.ts';
export { matchLanguage, negotiateLanguage } from './negotiate.ts';
export type { Messages } from './messages.ts';
export { type ClockRule, type MessageValues, Translator } from './translate.ts';

import { languageOf, SOURCE_LOCALE } from './languages.ts';
import { matchLanguage } from './negotiate.ts';
import { type ClockRule, Translator } from './translate.ts';

/**
 * A Translator for `tag`: the catalogue of the language Roomdeck ships for it (English when none),
 * and dates, times and numbers in the tag itself when it names that language ("en-GB" writes
 * 14:05 and "de-CH" 1’234.5, though both read en.ts / de.ts).
 */
export async function loadTranslator(tag: string, clock: ClockRule = 'locale'): Promise<Translator> {
  const language = languageOf(matchLanguage(tag) ?? SOURCE_LOCALE) ?? languageOf(SOURCE_LOCALE)!;
  const messages = await language.load();
  return new Translator({
    locale: formattingLocale(tag, language.code),
    language: language.code,
    dir: language.dir,
    messages,
    clock,
  });
}

/** `tag` itself when it is a well-formed tag of `language` ("en-GB" for en), else the language. */
function formattingLocale(tag: string, language: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'));
    return canonical !== undefined && matchLanguage(canonical) === language ? canonical : language;
  } catch {
    return language;
  }
}
