import type { ModuleState } from '#contract';
import { t } from '../../i18n/i18n.svelte.ts';

/** One change of one status key, seen while the state was open. */
export interface StateChange {
  at: number;
  key: string;
  /** undefined: the key was not there before (or is gone now). */
  from: unknown;
  to: unknown;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The keys whose values differ between two snapshots (added and removed keys included). */
export function changedKeys(before: ModuleState, after: ModuleState): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !same(before[k], after[k])).sort();
}

export function changesBetween(before: ModuleState, after: ModuleState, at: number): StateChange[] {
  return changedKeys(before, after).map((key) => ({ at, key, from: before[key], to: after[key] }));
}

/** A value as one short line: strings quoted, objects as compact JSON, cut at `max` characters. */
export function shortValue(value: unknown, max = 60): string {
  if (value === undefined) return t('tech.field.noneSet');
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
