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
  languageOf,
  loadTranslator,
  type MessageKey,
  type MessageValues,
  type Messages,
  SOURCE_LOCALE,
  type Translator,
} from '#locales';
import { untrack } from 'svelte';
import { wordBridgeFailures } from '../bridge/bridge.ts';

let active = $state.raw<Translator | null>(null);
// The language asked for last: an older load that finishes late must not win.
let wanted: string | null = null;
// What the active Translator was loaded for (tag and clock rule).
let loadedFor: string | null = null;
// Whether the technician's words were asked for (useTechnicianWords), and the Translators that have them.
let technicianWanted = false;
const withTechnician = new WeakSet<Translator>();

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
  let translator = await loadTranslator(tag, clock);
  // Once the technician's words were asked for, every language the page switches to brings them:
  // the drawer or the tools may be open as the room's language changes.
  // Their failure does not hold the language back: the next useTechnicianWords asks again.
  if (technicianWanted) {
    const words = await loadTechnicianWords(translator.language).catch(() => null);
    if (words !== null) {
      translator = translator.including(words);
      withTechnician.add(translator);
    }
  }
  if (wanted !== mine) return;
  active = translator;
  loadedFor = mine;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = translator.locale;
    document.documentElement.dir = translator.dir;
  }
}

/**
 * The technician's words in the page's language (they are not loaded with the page: only the
 * technician tools, the kiosk's drawer and the on-screen keyboard say them). Resolves once `t()`
 * has them; the views that say them load through this (`withTechnicianWords`).
 */
export async function useTechnicianWords(): Promise<void> {
  technicianWanted = true;
  // Untracked: a view's `{#await}` calls this, and must not load (and mount) again at each change
  // of language, which would close and reopen the tools as the language they chose arrived.
  const loaded = untrack(() => active);
  if (loaded === null || withTechnician.has(loaded)) return;
  const words = await loadTechnicianWords(loaded.language);
  // A language switched to meanwhile brought them itself (useLanguage, above).
  if (untrack(() => active) !== loaded) return;
  const translator = loaded.including(words);
  withTechnician.add(translator);
  active = translator;
}

/** `load` (a view's dynamic import) once the technician's words are there too. */
export async function withTechnicianWords<T>(load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), useTechnicianWords()]);
  return loaded;
}

/** The technician's words of a language the page speaks (by its shipped code); none for another. */
async function loadTechnicianWords(code: string): Promise<Partial<Messages>> {
  return (await languageOf(code)?.loadTechnician()) ?? {};
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
