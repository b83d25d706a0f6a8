import Negotiator from 'negotiator';
import { loadTranslator, negotiateLanguage, type Translator } from '../locales/index.ts';

/**
 * The language of the host's own pages ("open the printed address", the sign-in
 * callback's pages): the browser's Accept-Language, in its order of preference (negotiator reads
 * the q-values), the first Roomdeck ships; English when none is.
 */
export function pageLanguage(headers: { 'accept-language'?: string | string[] | undefined }): string {
  return negotiateLanguage(browserLanguages(headers));
}

/** The browser's languages, best first (what the page reads as `navigator.languages`). */
export function browserLanguages(headers: { 'accept-language'?: string | string[] | undefined }): string[] {
  const header = headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : header;
  return new Negotiator({ headers: value === undefined ? {} : { 'accept-language': value } }).languages();
}

/** One Translator per language for the host's lifetime: the catalogue is loaded once. */
const loaded = new Map<string, Promise<Translator>>();

export function pageWords(headers: {
  'accept-language'?: string | string[] | undefined;
}): Promise<Translator> {
  const code = pageLanguage(headers);
  let words = loaded.get(code);
  if (words === undefined) {
    words = loadTranslator(code);
    loaded.set(code, words);
    // A failed load is not remembered: the next page asks again.
    words.catch(() => loaded.delete(code));
  }
  return words;
}
