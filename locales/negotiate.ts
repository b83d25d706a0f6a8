/*
 * Which of Roomdeck's languages suits a list of preferred language tags (the operating system's,
 * a browser's Accept-Language, a configuration value): the first preference Roomdeck speaks wins,
 * by exact tag, then by language alone ("de-CH" → "de", "en-GB" → "en").
 */
import { ALL_LANGUAGES, SOURCE_LOCALE } from './languages.ts';

const baseOf = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The shipped (or pseudo) language for one tag, or null when Roomdeck does not speak it. */
export function matchLanguage(tag: string | null | undefined): string | null {
  if (typeof tag !== 'string' || tag.trim() === '') return null;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = ALL_LANGUAGES.find((language) => language.code.toLowerCase() === wanted);
  if (exact) return exact.code;
  // The pseudo-locale is chosen only by its exact tag: "en-XB" is not a request for it.
  const base = ALL_LANGUAGES.find((language) => !language.code.includes('-') && language.code === baseOf(wanted));
  return base?.code ?? null;
}

/** The first of `preferences` Roomdeck speaks, else English. */
export function negotiateLanguage(preferences: readonly (string | null | undefined)[]): string {
  for (const tag of preferences) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}
