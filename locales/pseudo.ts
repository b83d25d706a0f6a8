/*
 * The pseudo-locale: every English message with its words accented, padded about 40 % longer and
 * bracketed, its ICU structure (placeholders, plurals, selects) untouched. Built from en.ts when a
 * test asks for it, so it never drifts from the source.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue, MessageKey } from './en.ts';

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'đ',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Đ',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** About 40 % longer: one filler per 2.5 letters, at least one. */
const PADDING_RATIO = 0.4;

const accent = (text: string): string => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);

function pseudoElements(elements: MessageFormatElement[]): { elements: MessageFormatElement[]; letters: number } {
  let letters = 0;
  const out = elements.map((element): MessageFormatElement => {
    if (element.type === TYPE.literal) {
      letters += (element.value.match(/[A-Za-z]/g) ?? []).length;
      return { ...element, value: accent(element.value) };
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options: typeof element.options = {};
      for (const [key, option] of Object.entries(element.options)) {
        const inner = pseudoElements(option.value);
        letters = Math.max(letters, inner.letters);
        options[key] = { ...option, value: inner.elements };
      }
      return { ...element, options };
    }
    if (element.type === TYPE.tag) {
      const inner = pseudoElements(element.children);
      letters += inner.letters;
      return { ...element, children: inner.elements };
    }
    return element;
  });
  return { elements: out, letters };
}

/** One message in the pseudo-locale: "[Šţàŕţ ţĥé ŕööɱ ·····]". */
export function pseudoMessage(message: string): string {
  const { elements, letters } = pseudoElements(parse(message));
  const padding = '·'.repeat(Math.max(1, Math.round(letters * PADDING_RATIO)));
  return `[${printAST(elements)} ${padding}]`;
}

export function pseudoCatalogue(source: Catalogue): Catalogue {
  const out = {} as Record<MessageKey, string>;
  for (const key of Object.keys(source) as MessageKey[]) out[key] = pseudoMessage(source[key]);
  return out;
}
