import { getContext, setContext } from 'svelte';

/*
 * Whether this panel is a wall panel with no keyboard of its own (a kiosk): the panel's few text
 * fields (the call page's directory search) then get the keyboard on the glass, loaded only when
 * such a field is shown, never as part of the panel's first paint.
 */
const KEY = Symbol('glass-keyboard');

export function provideGlassKeyboard(wanted: () => boolean): void {
  setContext(KEY, wanted);
}

/** Read while a component starts; the answer follows the app's configuration. */
export function glassKeyboard(): () => boolean {
  return getContext<(() => boolean) | undefined>(KEY) ?? (() => false);
}
