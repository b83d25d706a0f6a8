import type { Funcs } from '#contract';

/**
 * Bounds of a method's last parameter (the level it sets), from its JSON Schema `minimum` and
 * `maximum`; `fallback` when the schema gives none or an empty range.
 */
export function paramRange(funcs: Funcs, method: string, fallback: [number, number]): [number, number] {
  const f = funcs[method];
  const last = f?.order[f.order.length - 1];
  const schema =
    last === undefined ? undefined : (f?.params[last] as { minimum?: unknown; maximum?: unknown });
  const min = typeof schema?.minimum === 'number' ? schema.minimum : fallback[0];
  const max = typeof schema?.maximum === 'number' ? schema.maximum : fallback[1];
  return min < max ? [min, max] : fallback;
}
