/**
 * Tolerant readers for module settings and persisted state. Settings are free JSON edited by people,
 * so a wrong type falls back to the default instead of breaking the device.
 */

type Rec = Record<string, unknown>;

export function readBool(rec: Rec, key: string, fallback: boolean): boolean {
  const v = rec[key];
  return typeof v === 'boolean' ? v : fallback;
}

export function readNumber(rec: Rec, key: string, fallback: number, min = -Infinity, max = Infinity): number {
  const v = rec[key];
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : fallback;
}

export function readInt(rec: Rec, key: string, fallback: number, min = -Infinity, max = Infinity): number {
  const v = readNumber(rec, key, fallback, min, max);
  return Number.isInteger(v) ? v : fallback;
}

export function readString(rec: Rec, key: string, fallback: string): string {
  const v = rec[key];
  return typeof v === 'string' && v.trim() !== '' ? v : fallback;
}

export function readNullableString(rec: Rec, key: string): string | null {
  const v = rec[key];
  return typeof v === 'string' ? v : null;
}

/** A non-empty list of non-empty strings, else the fallback (a copy, so callers may keep it in state). */
export function readStringList(rec: Rec, key: string, fallback: readonly string[]): string[] {
  const v = rec[key];
  if (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '')) {
    return [...(v as string[])];
  }
  return [...fallback];
}

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Keys like `output_1`…`output_N`: a UI binds one status key per control. */
export function numberedKeys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}_${i + 1}`);
}

/** Removes `prefix_N` keys beyond `count`, left over after a setting shrank. */
export function dropNumberedKeysBeyond(state: Rec, prefix: string, count: number): void {
  const re = new RegExp(`^${prefix}_(\\d+)$`);
  for (const key of Object.keys(state)) {
    const m = re.exec(key);
    if (m && Number(m[1]) > count) delete state[key];
  }
}
