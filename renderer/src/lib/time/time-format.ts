/*
 * Times and dates as Roomdeck shows them, in the page's language and under one 12/24-hour rule
 * (the language's, or the installer's `panel.clock`): the panel and the technician tools alike, so
 * a time is never 24-hour in one place and 12-hour in another. Every view formats through here (or
 * `fmt()` from lib/i18n), never `toLocaleTimeString` of its own.
 *
 * The active Translator builds each Intl formatter once and reuses it (a `toLocaleTimeString` with
 * options builds one on every call, tens of milliseconds over a panel's first paint).
 */
import { fmt } from '../i18n/i18n.svelte.ts';

/** "14:05" (or "2:05 PM", "١٤:٠٥", as the language and the clock rule have it). */
export const formatHourMinute = (epochMs: number): string => fmt().time(epochMs);

/** "14:05:33": the tools' exact moments (a poll, a command). */
export const formatTimeOfDay = (epochMs: number): string => fmt().timeWithSeconds(epochMs);

/** "Wednesday 25 November" (in the language's order). */
export const formatDayAndDate = (epochMs: number): string => fmt().dayAndDate(epochMs);

/** "25 Nov 2026, 14:05": a moment on another day (an enrolment, a module's last change). */
export const formatDateAndTime = (epochMs: number): string => fmt().dateAndTime(epochMs);

/** Builds the first screen's formatters now (the first one loads the locale's data), before the first paint. */
export function warmTimeFormats(): void {
  fmt().time(0);
  fmt().dayAndDate(0);
}
