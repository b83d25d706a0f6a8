import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSelection,
  deleteBackward,
  insertText,
  type Key,
  keyName,
  LAYOUTS,
  pressKey,
  type Shift,
  type TextState,
  tapShift,
} from '../../../renderer/src/lib/technician/common/onscreen-keys.ts';

/** A text with a selection in it (or a caret), possibly reported out of order or past the end. */
const textState = fc
  .record({ value: fc.string({ unit: 'grapheme', maxLength: 30 }), a: fc.nat(40), b: fc.nat(40) })
  .map(({ value, a, b }): TextState => ({ value, start: a, end: b }));

const char = (c: string): Key => ({ kind: 'char', char: c });
const field = (text: TextState, maxLength = -1, multiline = false) => ({ text, maxLength, multiline });

describe('on-screen keyboard: text at the caret', () => {
  it('insert replaces the selection with the text and puts the caret after it', () => {
    fc.assert(
      fc.property(textState, fc.string({ maxLength: 5 }), (state, text) => {
        const s = clampSelection(state);
        const next = insertText(state, text);
        expect(next.value).toBe(s.value.slice(0, s.start) + text + s.value.slice(s.end));
        expect(next.start).toBe(s.start + text.length);
        expect(next.end).toBe(next.start);
      }),
    );
  });

  it('insert never makes the value longer than maxlength, and keeps what was there', () => {
    fc.assert(
      fc.property(textState, fc.string({ maxLength: 5 }), fc.nat(40), (state, text, max) => {
        const s = clampSelection(state);
        const next = insertText(state, text, max);
        const kept = s.value.length - (s.end - s.start);
        expect(next.value.length).toBeLessThanOrEqual(Math.max(max, kept));
        expect(next.value.startsWith(s.value.slice(0, s.start))).toBe(true);
        expect(next.value.endsWith(s.value.slice(s.end))).toBe(true);
      }),
    );
  });

  it('backspace deletes the selection, else one character before the caret, and undoes a typed one', () => {
    fc.assert(
      fc.property(textState, fc.constantFrom('a', 'Z', '@', '7', '😀'), (state, typed) => {
        const s = clampSelection(state);
        const next = deleteBackward(state);
        if (s.start !== s.end) {
          expect(next.value).toBe(s.value.slice(0, s.start) + s.value.slice(s.end));
          expect(next.start).toBe(s.start);
        } else {
          expect(next.value.length).toBeGreaterThanOrEqual(s.value.length - 2);
          expect(next.value.slice(next.start)).toBe(s.value.slice(s.start));
        }
        // Typing then Backspace gives back the text without the selection (a whole emoji goes).
        const typedThenErased = deleteBackward(insertText(state, typed));
        expect(typedThenErased.value).toBe(s.value.slice(0, s.start) + s.value.slice(s.end));
        expect(typedThenErased.start).toBe(s.start);
      }),
    );
  });

  it('backspace at the start changes nothing; in the middle it deletes the character before the caret', () => {
    expect(deleteBackward({ value: 'abc', start: 0, end: 0 })).toEqual({ value: 'abc', start: 0, end: 0 });
    expect(deleteBackward({ value: 'abcd', start: 2, end: 2 })).toEqual({ value: 'acd', start: 1, end: 1 });
    expect(insertText({ value: 'ac', start: 1, end: 1 }, 'b')).toEqual({ value: 'abc', start: 2, end: 2 });
  });
});

describe('on-screen keyboard: keys', () => {
  const shifts = fc.constantFrom<Shift>('off', 'once', 'locked');

  it('Shift cycles off → once → locked → off', () => {
    expect(tapShift('off')).toBe('once');
    expect(tapShift('once')).toBe('locked');
    expect(tapShift('locked')).toBe('off');
  });

  it('a letter types upper case under Shift; a one-tap Shift is used up, a locked one stays', () => {
    fc.assert(
      fc.property(
        textState,
        shifts,
        fc.constantFrom(...'qwertyuiopasdfghjklzxcvbnm'),
        (state, shift, letter) => {
          const s = clampSelection(state);
          const pressed = pressKey(char(letter), field(state), shift, 'letters');
          const typed = shift === 'off' ? letter : letter.toUpperCase();
          expect(pressed.text?.value).toBe(s.value.slice(0, s.start) + typed + s.value.slice(s.end));
          expect(pressed.shift).toBe(shift === 'locked' ? 'locked' : 'off');
          expect(pressed.effect).toBe('none');
        },
      ),
    );
  });

  it('symbols and digits are not changed by Shift', () => {
    for (const c of '@.-_1!') {
      expect(pressKey(char(c), field({ value: '', start: 0, end: 0 }), 'locked', 'letters').text?.value).toBe(
        c,
      );
    }
  });

  it('Enter submits a one-line field and types a new line in a multi-line one; Hide hides', () => {
    const text = { value: 'ab', start: 1, end: 1 };
    expect(pressKey({ kind: 'enter' }, field(text), 'off', 'letters')).toMatchObject({
      text: null,
      effect: 'enter',
    });
    expect(pressKey({ kind: 'enter' }, field(text, -1, true), 'off', 'letters')).toMatchObject({
      text: { value: 'a\nb', start: 2 },
      effect: 'none',
    });
    expect(pressKey({ kind: 'hide' }, field(text), 'locked', 'symbols')).toMatchObject({
      text: null,
      effect: 'hide',
      shift: 'off',
      layer: 'letters',
    });
    expect(pressKey({ kind: 'space' }, field(text), 'off', 'letters').text).toEqual({
      value: 'a b',
      start: 2,
      end: 2,
    });
  });

  it('the layer key switches layers and the layouts hold every printable ASCII character', () => {
    expect(
      pressKey({ kind: 'layer', to: 'symbols' }, field({ value: '', start: 0, end: 0 }), 'once', 'letters'),
    ).toMatchObject({
      layer: 'symbols',
      shift: 'off',
    });
    const typable = new Set<string>();
    for (const layer of Object.values(LAYOUTS)) {
      for (const row of layer) {
        for (const key of row) {
          if (key.kind === 'char') {
            typable.add(key.char);
            typable.add(key.char.toUpperCase());
          }
        }
      }
    }
    typable.add(' ');
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    expect(ascii.filter((c) => !typable.has(c))).toEqual([]);
  });

  it('every key has a name that says what it does; no row is wider than 11 keys (≥ 60 px at 800 px)', () => {
    for (const layer of Object.values(LAYOUTS)) {
      for (const row of layer) {
        expect(row.length).toBeLessThanOrEqual(11);
        for (const key of row) expect(keyName(key, 'off').length).toBeGreaterThan(0);
      }
    }
    expect(keyName({ kind: 'backspace' }, 'off')).toBe('Backspace');
    expect(keyName({ kind: 'shift' }, 'off')).toBe('Shift');
    expect(keyName(char('@'), 'off')).toBe('At sign');
    expect(keyName(char('q'), 'once')).toBe('Q');
  });
});
