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
  type MessageKey,
  type MessageValues,
  SOURCE_LOCALE,
  type Translator,
} from '#locales';
import { wordBridgeFailures } from '../bridge/bridge.ts';

let active = $state.raw<Translator | null>(null);
// The language asked for last: an older load that finishes late must not win.
let wanted: string | null = null;
// What the active Translator was loaded for (tag and clock rule).
let loadedFor: string | null = null;

function current(): Translator {
  if (active === null) throw new Error('i18n: no language loaded yet (await useLanguage() before mounting)');
  return active;
}

/**
 * Loads the language for `tag` (English when Roomdeck does not ship it) and makes it the page's:
 * its catalogue, and dates, times and numbers as `tag` writes them ("en-GB": 14:05).
 */
export async function useLanguage(tag: string, clock: ClockRule = active?.clock ?? 'locale'): Promise<void> {
  const mine = `${tag}|${clock}`;
  wanted = mine;
  if (active !== null && loadedFor === mine) return;
  const translator = await loadTranslator(tag, clock);
  if (wanted !== mine) return;
  active = translator;
  loadedFor = mine;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = translator.locale;
    document.documentElement.dir = translator.dir;
  }
}

// The bridge's own failures (no answer, host unreachable) in the page's language too.
wordBridgeFailures(t);

/** The active language's code as Roomdeck ships it ("de"), or English before any has loaded. */
export function activeLocale(): string {
  return active?.language ?? SOURCE_LOCALE;
}

/** The message for `key` in the page's language, placeholders filled. */
export function t(key: MessageKey, values?: MessageValues): string {
  return current().t(key, values);
}

/** The active Translator itself: dates, times, numbers, lists in the page's language. */
export function fmt(): Translator {
  return current();
}
