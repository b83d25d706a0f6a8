/*
 * The languages Roomdeck ships. Adding one is its catalogue file, named by its code (`<code>.ts`, a
 * copy of en.ts, typed `satisfies Catalogue`), its parts in a folder of the same name (a copy of
 * en/, translated, each typed `satisfies Words`), a copy of en.technician.ts and one entry below.
 * Each catalogue is a chunk of its own: a page loads only the language it shows, and the host names
 * that chunk to the page before the page asks (the build lists each code's chunk by the file's
 * name); its technician's words are another, loaded with the technician's views.
 *
 * The pseudo-locale (en-XA) is English made longer, accented and bracketed, for tests: text that
 * escaped the catalogue shows up unaccented, and layouts meet words 40 % longer than English's.
 * It is never offered to a person; only configuration (`panel.locale`) chooses it.
 */
import type { Messages } from './messages.ts';

export type TextDirection = 'ltr' | 'rtl';

export interface Language {
  /** BCP 47 tag: what `lang` says and what Intl formats with. */
  code: string;
  /** The language's name in itself: how a person who reads it finds it in a list. */
  name: string;
  dir: TextDirection;
  /** Its messages: ICU text, or (in the renderer's build) already parsed (scripts/compiled-catalogues.ts). */
  load: () => Promise<Messages>;
  /**
   * Its technician's words (keys under `tech.`), which the renderer's build leaves out of `load`'s
   * chunk and puts in one of their own (`<code>.technician.ts`); elsewhere the whole catalogue.
   */
  loadTechnician: () => Promise<Partial<Messages>>;
}

export const PSEUDO_LOCALE = 'en-XA';
export const SOURCE_LOCALE = 'en';

export const LANGUAGES: readonly Language[] = [
  {
    code: 'en',
    name: 'English',
    dir: 'ltr',
    load: async () => (await import('./en.ts')).en,
    loadTechnician: async () => (await import('./en.technician.ts')).en,
  },
  {
    code: 'de',
    name: 'Deutsch',
    dir: 'ltr',
    load: async () => (await import('./de.ts')).de,
    loadTechnician: async () => (await import('./de.technician.ts')).de,
  },
  {
    code: 'ar',
    name: 'العربية',
    dir: 'rtl',
    load: async () => (await import('./ar.ts')).ar,
    loadTechnician: async () => (await import('./ar.technician.ts')).ar,
  },
];

const PSEUDO: Language = {
  code: PSEUDO_LOCALE,
  name: '[Ƥšéûđö]',
  dir: 'ltr',
  load: async () => (await import('./en-XA.ts')).pseudo,
  loadTechnician: async () => (await import('./en-XA.technician.ts')).pseudo,
};

/** Every language a page can show: the shipped ones and the pseudo-locale. */
export const ALL_LANGUAGES: readonly Language[] = [...LANGUAGES, PSEUDO];

export function languageOf(code: string): Language | undefined {
  return ALL_LANGUAGES.find((language) => language.code === code);
}

export const SHIPPED_CODES: readonly string[] = LANGUAGES.map((language) => language.code);
