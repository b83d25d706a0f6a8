/*
 * The time a page shows for a moment, written by the product's own formatter (locales/translate.ts)
 * in the suite's locale (playwright.config.ts: en-GB) and the machine's time zone, which the browser
 * shares. A test compares the page with this, never with a pattern that holds only for some hours
 * (`\d\d:\d\d` read "8:06" as a failure before ten in the morning).
 */
import { en } from '../../../locales/en.ts';
import { Translator } from '../../../locales/translate.ts';

const SUITE_LOCALE = 'en-GB';

const translator = new Translator({ locale: SUITE_LOCALE, dir: 'ltr', messages: en });

/** "08:06": the panel's clock and its booking times for epoch milliseconds. */
export const shownTime = (epochMs: number): string => translator.time(epochMs);

/** The times a clock read between two moments can show (the minute may turn between them). */
export function shownTimesBetween(fromMs: number, toMs: number): string[] {
  const times = new Set<string>();
  for (let at = fromMs; at < toMs; at += 30_000) times.add(shownTime(at));
  times.add(shownTime(toMs));
  return [...times];
}

/** A pattern matching any of the given texts exactly (for expect(...).toHaveText). */
export const oneOf = (texts: readonly string[]): RegExp =>
  new RegExp(`^(?:${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
