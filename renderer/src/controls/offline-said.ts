import { getContext, setContext } from 'svelte';

/*
 * A page group that already says, once, that its device does not answer: its controls then do not
 * repeat it each (one clear message per device, not a column of narrow warnings).
 */
const KEY = Symbol('offline-said');

export function provideOfflineSaid(said: () => boolean): void {
  setContext(KEY, said);
}

export function offlineSaid(): boolean {
  return getContext<(() => boolean) | undefined>(KEY)?.() ?? false;
}
