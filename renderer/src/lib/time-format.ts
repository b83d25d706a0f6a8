/*
 * Times and dates as Roomdeck shows them, in the device's locale: the panel and the technician
 * tools alike, so a time is never 24-hour in one place and 12-hour in another. Every view formats
 * through here, never `toLocaleTimeString` of its own.
 *
 * An Intl formatter is costly to build (a `toLocaleTimeString` with options builds one on every
 * call, tens of milliseconds over a panel's first paint), so each is built once, on first use, and
 * reused.
 */

const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

// The locale decides the hour cycle: "14:05" in en-GB, "2:05 PM" in en-US.
const hourMinute = once(() => new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' }));
const withSeconds = once(
  () => new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
);
const dayAndDate = once(
  () => new Intl.DateTimeFormat([], { weekday: 'long', day: 'numeric', month: 'long' }),
);
const dateAndTime = once(() => new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'short' }));

/** "14:05" (or "02:05 PM", as the locale has it). */
export const formatHourMinute = (epochMs: number): string => hourMinute().format(epochMs);

/** "14:05:33": the tools' exact moments (a poll, a command). */
export const formatTimeOfDay = (epochMs: number): string => withSeconds().format(epochMs);

/** "Wednesday 25 November" (in the locale's order). */
export const formatDayAndDate = (epochMs: number): string => dayAndDate().format(epochMs);

/** "25 Nov 2026, 14:05": a moment on another day (an enrolment, a module's last change). */
export const formatDateAndTime = (epochMs: number): string => dateAndTime().format(epochMs);

/** Builds the formatters now (the first one loads the locale data), off the path to the first paint. */
export function warmTimeFormats(): void {
  hourMinute();
  dayAndDate();
}
