/*
 * The page's language: one reactive Translator that every component and every word-making module
 * reads through `t()` and the format helpers. Reading it inside a template or `$derived` ties the
 * text to the language, so switching language re-renders every word without a reload.
 *
 * Only the active language's catalogue is loaded (each is a chunk of its own). `<html lang dir>`
 * follows the active language, so the browser's own text handling (hyphenation, bidi, fonts,
 * screen readers) agrees with the words.
 */
import {
  type ClockRule,
  loadTranslator,
  matchLanguage,
  type MessageKey,
  type MessageValues,
  SOURCE_LOCALE,
  type Translator,
} from '#locales';

let active = $state.raw<Translator | null>(null);
// The language asked for last: an older load that finishes late must not win.
let wanted: string | null = null;

function current(): Translator {
  if (active === null) throw new Error('i18n: no language loaded yet (await useLanguage() before mounting)');
  return active;
}

/** Loads `code` (English when Roomdeck does not ship it) and makes it the page's language. */
export async function useLanguage(code: string, clock: ClockRule = active?.clock ?? 'locale'): Promise<void> {
  const locale = matchLanguage(code) ?? SOURCE_LOCALE;
  const mine = `${locale}|${clock}`;
  wanted = mine;
  if (active !== null && active.locale === locale && active.clock === clock) return;
  const translator = await loadTranslator(locale, clock);
  if (wanted !== mine) return;
  active = translator;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = translator.locale;
    document.documentElement.dir = translator.dir;
  }
}

/** The active language's tag ("de"), or English before any has loaded. */
export function activeLocale(): string {
  return active?.locale ?? SOURCE_LOCALE;
}

export function activeDirection(): 'ltr' | 'rtl' {
  return active?.dir ?? 'ltr';
}

/** The message for `key` in the page's language, placeholders filled. */
export function t(key: MessageKey, values?: MessageValues): string {
  return current().t(key, values);
}

/** The active Translator itself: dates, times, numbers, lists in the page's language. */
export function fmt(): Translator {
  return current();
}
