import { afterEach, describe, expect, it } from 'vitest';
import { faderKeySteps, runsRightToLeft } from '../../../renderer/src/lib/panel/fader-keys.ts';

describe('a fader’s keys follow what the eye sees', () => {
  it('left to right: ArrowRight and ArrowUp raise, ArrowLeft and ArrowDown lower, pages by five', () => {
    expect(
      ['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown'].map((k) =>
        faderKeySteps(k, false),
      ),
    ).toEqual([1, 1, -1, -1, 5, -5]);
  });

  it('right to left: ArrowLeft raises (toward the maximum, on the left), ArrowRight lowers; up is still more', () => {
    expect(
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].map((k) =>
        faderKeySteps(k, true),
      ),
    ).toEqual([1, -1, 1, -1, 5, -5]);
  });

  it('leaves other keys to the page', () => {
    expect([
      faderKeySteps('Enter', false),
      faderKeySteps('Home', true),
      faderKeySteps('toString', false),
    ]).toEqual([undefined, undefined, undefined]);
  });
});

describe('which way a range input runs', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('dir');
    document.body.innerHTML = '';
  });

  it('right to left in a right-to-left page, unless it stands upright', () => {
    document.body.innerHTML = '<input type="range">';
    const input = document.querySelector('input') as HTMLInputElement;
    expect(runsRightToLeft(input, false)).toBe(false);
    input.style.direction = 'rtl';
    expect(runsRightToLeft(input, false)).toBe(true);
    expect(runsRightToLeft(input, true)).toBe(false);
  });
});
