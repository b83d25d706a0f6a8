import type { ModuleState } from '#contract';

/** Status values are JSON: compare them as JSON, so [1,2] equals [1,2] and 1 never equals "1". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether two whole states of a module say the same: the same keys, each with the same value
 * (sameValue). Key order does not count (a pushed state is a read with notifies laid over it, so
 * its keys may come in another order than a poll's).
 */
export function sameState(a: ModuleState, b: ModuleState): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}
