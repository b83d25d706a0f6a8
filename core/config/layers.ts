import type { ConfigProblem } from './problems.ts';

/**
 * Each source of settings (defaults, the machine file, the user's file, environment, flags) is read
 * into a layer: its settings by dotted key (`poll.fastMs`, `host.port`), each value with where it
 * came from. Merging them is where precedence lives, and nothing else.
 */

export interface Entry {
  value: unknown;
  source: string;
}
export type Layer = Map<string, Entry>;

/** One source read: its settings, and what was wrong with it. */
export interface Reading {
  layer: Layer;
  problems: ConfigProblem[];
}

/** Settings that are objects of their own, merged key by key across layers. */
const GROUPS = new Set(['poll', 'host', 'panel', 'updates', 'service']);

/**
 * A settings object as a layer: a group's keys one by one (so a file setting `poll.idleMs` keeps
 * the other poll defaults), anything else whole. `sourceOf` gets the JSON pointer of each value.
 */
export function layerOfRecord(record: object, sourceOf: (pointer: string) => string): Layer {
  const layer: Layer = new Map();
  for (const [key, value] of Object.entries(record)) {
    if (GROUPS.has(key) && typeof value === 'object' && value !== null) {
      for (const [inner, v] of Object.entries(value))
        layer.set(`${key}.${inner}`, { value: v, source: sourceOf(`/${key}/${inner}`) });
    } else layer.set(key, { value, source: sourceOf(`/${key}`) });
  }
  return layer;
}

/** `/poll/fastMs` → `poll.fastMs`: a JSON pointer (a schema error's path) as the setting's key. */
export const dotted = (pointer: string): string => pointer.split('/').slice(1).join('.');

/** Builds the nested object from dotted keys, later layers winning key by key. */
export function merge(layers: readonly Layer[]): {
  value: Record<string, unknown>;
  sources: Map<string, string>;
} {
  const flat: Layer = new Map();
  for (const layer of layers) for (const [key, entry] of layer) flat.set(key, entry);
  const value: Record<string, unknown> = {};
  const sources = new Map<string, string>();
  for (const [key, entry] of flat) {
    sources.set(key, entry.source);
    const [outer, inner] = key.split('.');
    if (outer === undefined) continue;
    if (inner === undefined) value[outer] = entry.value;
    else {
      const nested = (value[outer] ?? {}) as Record<string, unknown>;
      nested[inner] = entry.value;
      value[outer] = nested;
    }
  }
  return { value, sources };
}
