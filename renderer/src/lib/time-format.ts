/*
 * Times and dates as the panel shows them, in the device's locale. An Intl formatter is costly to
 * build (a `toLocaleTimeString` with options builds one on every call, tens of milliseconds over a
 * panel's first paint), so each is built once, on first use, and reused.
 */

const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const hourMinute = once(
  () => new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);
const dayAndDate = once(
  () => new Intl.DateTimeFormat([], { weekday: 'long', day: 'numeric', month: 'long' }),
);

/** 24-hour "14:05". */
export const formatHourMinute = (epochMs: number): string => hourMinute().format(epochMs);

/** "Wednesday 25 November" (in the locale's order). */
export const formatDayAndDate = (epochMs: number): string => dayAndDate().format(epochMs);

/** Builds the formatters now (the first one loads the locale data), off the path to the first paint. */
export function warmTimeFormats(): void {
  hourMinute();
  dayAndDate();
}
