/*
 * A failure's words in the page's language, from its code: the bridge carries `{ code, message }`,
 * where `message` is the main process's English (specific, for the log and a technician's eyes).
 * A person reads the catalogue's sentence for the code (its key is the contract's, beside its
 * English); `errorDetail` keeps the English specifics as evidence where a technician view shows them.
 */
import { defaultMessage, ErrorCode, isErrorCode, wordsKeyOf } from '#contract';
import { t } from './i18n.svelte.ts';

export interface ErrorLike {
  code: string;
  message: string;
}

/** The sentence a person reads for this failure's code; an unknown code reads as an unexpected problem. */
export function errorWords(error: ErrorLike): string {
  return t(wordsKeyOf(isErrorCode(error.code) ? error.code : ErrorCode.ROOMDECK_UNEXPECTED));
}

/**
 * The main process's own words for this failure when they say more than the code's default
 * (a field's reason, a device's name), for technician views that show evidence; null otherwise.
 */
export function errorDetail(error: ErrorLike): string | null {
  if (!isErrorCode(error.code)) return error.message.trim() || null;
  let said = error.message.trim();
  // The code's own sentence with the service's words after it ("… (The service said: …)"): only
  // those words are evidence; the sentence is already what errorWords says.
  const stock = defaultMessage(error.code);
  if (said.startsWith(stock))
    said = said
      .slice(stock.length)
      .trim()
      .replace(/^\((.*)\)$/s, '$1')
      .trim();
  return said === '' || said === errorWords(error) ? null : said;
}
