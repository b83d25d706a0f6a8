/**
 * How far a key moves a fader, in the device's steps (1 dB, 2 %), or undefined for a key it leaves
 * alone. The arrows follow what the eye sees: a horizontal fader in a right-to-left page has its
 * minimum on the right (as Chromium draws the range input), so there ArrowLeft raises the level
 * and ArrowRight lowers it, as the ARIA slider pattern asks for right-to-left languages. Up is
 * always more.
 */
export function faderKeySteps(key: string, mirrored: boolean): number | undefined {
  const toward = mirrored ? -1 : 1;
  const steps: Record<string, number> = {
    ArrowRight: toward,
    ArrowLeft: -toward,
    ArrowUp: 1,
    ArrowDown: -1,
    PageUp: 5,
    PageDown: -5,
  };
  return Object.hasOwn(steps, key) ? steps[key] : undefined;
}

/** Whether a horizontal range input runs right to left here: it takes its direction from the page. */
export function runsRightToLeft(input: Element, vertical: boolean): boolean {
  return !vertical && getComputedStyle(input).direction === 'rtl';
}
