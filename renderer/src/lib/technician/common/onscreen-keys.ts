/**
 * The on-screen keyboard's pure half: its layouts, what each key does to a field's text and caret,
 * and the Shift key's states. The component (OnScreenKeyboard.svelte) only reads the field, calls
 * these and writes the result back, so everything a key can do to text is tested here.
 *
 * Languages: a letter key's caption is what it types (a Latin QWERTY layout, in every language:
 * the service's accounts, addresses and passwords are ASCII); the function keys' captions and every
 * key's spoken name are the page's language.
 */
import type { MessageKey } from '#locales';
import { t } from '../../i18n/i18n.svelte.ts';

export type Layer = 'letters' | 'symbols';
/** Shift: off, for the next letter only (one tap), or locked (caps, a second tap); a third tap ends it. */
export type Shift = 'off' | 'once' | 'locked';

export type Key =
  | { kind: 'char'; char: string }
  | { kind: 'shift' }
  | { kind: 'backspace' }
  | { kind: 'space' }
  | { kind: 'enter' }
  | { kind: 'layer'; to: Layer }
  | { kind: 'hide' };

/** A field's text and selection (start = end: a caret), as `selectionStart`/`selectionEnd` give them. */
export interface TextState {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

const chars = (row: string): Key[] => [...row].map((char) => ({ kind: 'char', char }));
const DIGITS: Key[] = [...chars('1234567890'), { kind: 'backspace' }];
const BOTTOM = (to: Layer): Key[] => [
  { kind: 'layer', to },
  { kind: 'space' },
  { kind: 'enter' },
  { kind: 'hide' },
];

/**
 * Digits on every layer (passwords and room numbers have them); on the letters layer the symbols an
 * e-mail address needs (@ . - _); every other printable ASCII symbol on the symbols layer, so any
 * password a service accepts can be typed.
 */
export const LAYOUTS: Record<Layer, readonly (readonly Key[])[]> = {
  letters: [
    DIGITS,
    chars('qwertyuiop'),
    chars('asdfghjkl@'),
    [{ kind: 'shift' }, ...chars('zxcvbnm.-_')],
    BOTTOM('symbols'),
  ],
  symbols: [DIGITS, chars('!@#$%^&*()'), chars('-_=+[]{}\\|~'), chars('`;:\'",.?/<>'), BOTTOM('letters')],
};

/** Keeps a selection inside the text and in order (a field may report one past a shorter value). */
export function clampSelection(state: TextState): TextState {
  const clamp = (n: number) =>
    Math.min(Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0)), state.value.length);
  const a = clamp(state.start);
  const b = clamp(state.end);
  return { value: state.value, start: Math.min(a, b), end: Math.max(a, b) };
}

/**
 * Replaces the selection with `text` and puts the caret after it, as typing does. `maxLength` (the
 * field's `maxlength`, -1 for none) cuts what is inserted, as the browser does for typed text.
 */
export function insertText(state: TextState, text: string, maxLength = -1): TextState {
  const { value, start, end } = clampSelection(state);
  const kept = value.length - (end - start);
  const room = maxLength < 0 ? text.length : Math.max(0, maxLength - kept);
  const inserted = text.slice(0, room);
  return {
    value: value.slice(0, start) + inserted + value.slice(end),
    start: start + inserted.length,
    end: start + inserted.length,
  };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Backspace: deletes the selection, or the one character before the caret (a whole emoji, not half). */
export function deleteBackward(state: TextState): TextState {
  const { value, start, end } = clampSelection(state);
  if (start !== end) return { value: value.slice(0, start) + value.slice(end), start, end: start };
  if (start === 0) return { value, start, end };
  const pair =
    start >= 2 && isLowSurrogate(value.charCodeAt(start - 1)) && isHighSurrogate(value.charCodeAt(start - 2));
  const from = start - (pair ? 2 : 1);
  return { value: value.slice(0, from) + value.slice(start), start: from, end: from };
}

/** The Shift key tapped: off → once → locked → off. */
export function tapShift(shift: Shift): Shift {
  return shift === 'off' ? 'once' : shift === 'once' ? 'locked' : 'off';
}

/** After a character is typed: a one-letter Shift is used up; a locked one stays. */
export function afterChar(shift: Shift): Shift {
  return shift === 'once' ? 'off' : shift;
}

/** What a character key types under this Shift (only letters change case). */
export function typedChar(char: string, shift: Shift): string {
  return shift === 'off' ? char : char.toUpperCase();
}

/** A key's name for assistive technology and tests: the glyph shown is not always a word. */
export function keyName(key: Key, shift: Shift): string {
  switch (key.kind) {
    case 'char': {
      const name = CHAR_NAMES[key.char];
      return name === undefined ? typedChar(key.char, shift) : t(name);
    }
    case 'shift':
      return t('tech.keyboard.name.shift');
    case 'backspace':
      return t('tech.keyboard.name.backspace');
    case 'space':
      return t('tech.keyboard.name.space');
    case 'enter':
      return t('tech.keyboard.name.enter');
    case 'layer':
      return t(key.to === 'symbols' ? 'tech.keyboard.name.symbols' : 'tech.keyboard.name.letters');
    case 'hide':
      return t('tech.keyboard.name.hide');
  }
}

/** What a key shows. */
export function keyGlyph(key: Key, shift: Shift): string {
  switch (key.kind) {
    case 'char':
      return typedChar(key.char, shift);
    case 'shift':
      return t(shift === 'locked' ? 'tech.keyboard.glyph.caps' : 'tech.keyboard.glyph.shift');
    case 'backspace':
      return '⌫';
    case 'space':
      return t('tech.keyboard.glyph.space');
    case 'enter':
      return t('tech.keyboard.glyph.enter');
    case 'layer':
      // Symbols and digits read the same in every language; the letters' caption is the catalogue's.
      return key.to === 'symbols' ? '#+= 123' : t('tech.keyboard.glyph.letters');
    case 'hide':
      return t('tech.keyboard.glyph.hide');
  }
}

// Screen readers skip or mangle many punctuation marks; these keys say what they type.
const CHAR_NAMES: Readonly<Record<string, MessageKey>> = {
  '@': 'tech.keyboard.char.at',
  '.': 'tech.keyboard.char.fullStop',
  '-': 'tech.keyboard.char.hyphen',
  _: 'tech.keyboard.char.underscore',
  '!': 'tech.keyboard.char.exclamation',
  '#': 'tech.keyboard.char.hash',
  $: 'tech.keyboard.char.dollar',
  '%': 'tech.keyboard.char.percent',
  '^': 'tech.keyboard.char.caret',
  '&': 'tech.keyboard.char.ampersand',
  '*': 'tech.keyboard.char.asterisk',
  '(': 'tech.keyboard.char.leftParen',
  ')': 'tech.keyboard.char.rightParen',
  '=': 'tech.keyboard.char.equals',
  '+': 'tech.keyboard.char.plus',
  '[': 'tech.keyboard.char.leftBracket',
  ']': 'tech.keyboard.char.rightBracket',
  '{': 'tech.keyboard.char.leftBrace',
  '}': 'tech.keyboard.char.rightBrace',
  '\\': 'tech.keyboard.char.backslash',
  '|': 'tech.keyboard.char.verticalBar',
  '~': 'tech.keyboard.char.tilde',
  '`': 'tech.keyboard.char.backtick',
  ';': 'tech.keyboard.char.semicolon',
  ':': 'tech.keyboard.char.colon',
  "'": 'tech.keyboard.char.apostrophe',
  '"': 'tech.keyboard.char.quotation',
  ',': 'tech.keyboard.char.comma',
  '?': 'tech.keyboard.char.question',
  '/': 'tech.keyboard.char.slash',
  '<': 'tech.keyboard.char.lessThan',
  '>': 'tech.keyboard.char.greaterThan',
};

export interface Pressed {
  /** The field's text after the key, or null when the key does not change it. */
  text: TextState | null;
  shift: Shift;
  layer: Layer;
  /** What else the key asks of the component. */
  effect: 'none' | 'enter' | 'hide';
}

/**
 * One key on one field: the new text (and caret), Shift and layer. Enter in a multi-line field
 * types a new line; in a single-line one it is the field's Enter (submit), left to the component.
 */
export function pressKey(
  key: Key,
  field: { text: TextState; multiline: boolean; maxLength: number },
  shift: Shift,
  layer: Layer,
): Pressed {
  const same = { text: null, shift, layer, effect: 'none' } as const;
  switch (key.kind) {
    case 'char':
      return {
        ...same,
        text: insertText(field.text, typedChar(key.char, shift), field.maxLength),
        shift: afterChar(shift),
      };
    case 'space':
      return { ...same, text: insertText(field.text, ' ', field.maxLength) };
    case 'backspace':
      return { ...same, text: deleteBackward(field.text) };
    case 'shift':
      return { ...same, shift: tapShift(shift) };
    case 'layer':
      return { ...same, layer: key.to, shift: 'off' };
    case 'enter':
      return field.multiline
        ? { ...same, text: insertText(field.text, '\n', field.maxLength) }
        : { ...same, effect: 'enter' };
    case 'hide':
      return { ...same, shift: 'off', layer: 'letters', effect: 'hide' };
  }
}
