import type { ModuleState } from '#contract';

/**
 * Whether two whole states of a module say the same: the same keys, each with the same JSON value.
 * Key order does not count (a pushed state is a read with notifies laid over it, so its keys may
 * come in another order than a poll's); values are compared as JSON, so 1 never equals "1".
 */
export function sameState(a: ModuleState, b: ModuleState): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}
