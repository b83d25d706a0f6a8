/**
 * The one definition of "word" shared by documents and queries, so both sides split identically.
 *
 * A word starts with a letter or digit; combining marks may follow so that scripts which write vowels
 * as marks (Devanagari, Thai, …) and decomposed accents are not torn apart. Lowercasing runs before
 * NFC because some lowercase mappings (e.g. "İ") produce decomposed sequences.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

export function splitWords(text: string): string[] {
  return text.toLowerCase().normalize('NFC').match(WORD) ?? [];
}

/** Length in code points: fuzziness counts characters, not UTF-16 units. */
export function codePointLength(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < word.length) {
      const d = word.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

export function codePoints(word: string): Int32Array {
  const out = new Int32Array(codePointLength(word));
  let k = 0;
  for (let i = 0; i < word.length; ) {
    const c = word.codePointAt(i)!;
    out[k++] = c;
    i += c > 0xffff ? 2 : 1;
  }
  return out;
}
