import { fmt } from '../../lib/i18n/i18n.svelte.ts';

/**
 * "9:05": minutes and seconds left until `untilS`, as a clock counts down, in the language's own
 * digits ("٩:٠٥" in Arabic). Never below 0:00.
 */
export function countdownWords(untilS: number, nowS: number): string {
  const left = Math.max(0, Math.ceil(untilS - nowS));
  const f = fmt();
  // Two-digit seconds in any numbering system; the colon is the clock's, in every shipped language.
  return `${f.number(Math.floor(left / 60))}:${f.number(left % 60, { minimumIntegerDigits: 2 })}`;
}
