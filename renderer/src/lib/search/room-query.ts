import type { Zone } from '#contract';

/*
 * As-you-type room search. People type the start of a word ("board", "harb"): every plain word
 * becomes a prefix term of the service's query language (`board*`); quotes, fuzziness (~N),
 * operators and explicit prefixes are left as typed. Zone names (building, floor) are not among
 * the fields the service searches, so the picker matches them itself.
 */

const WORD = /(^|[\s(|+-])([\p{L}\p{N}]+)(?=$|[\s)|+])/gu;

export function prefixQuery(text: string): string {
  // Split on quotes: odd parts are phrases, left exactly as typed.
  return text
    .split('"')
    .map((part, i) =>
      i % 2 === 1 ? part : part.replace(WORD, (_m, lead: string, word: string) => `${lead}${word}*`),
    )
    .join('"');
}

/** The plain words typed (not negated, not in quotes): what zone names are matched against. */
export function plainWords(text: string): string[] {
  const outside = text
    .split('"')
    .filter((_p, i) => i % 2 === 0)
    .join(' ');
  return [...outside.matchAll(/(^|[\s(|+])([\p{L}\p{N}]+)(?![~\p{L}\p{N}])/gu)].map((m) =>
    m[2]!.toLowerCase(),
  );
}

const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Zones one of whose name's words starts with a typed word ("harb" → Harbour Building). */
export function zonesMatching(text: string, zones: readonly Zone[]): Zone[] {
  const typed = plainWords(text);
  if (typed.length === 0) return [];
  return zones.filter((z) => wordsOf(z.name).some((w) => typed.some((t) => w.startsWith(t))));
}
