import type { Types } from '#contract';
import type { ModuleInfo } from './auto.ts';
import { automaticSections } from './auto.ts';
import type { CustomLayoutResult } from './custom.ts';
import type { BuiltLayout } from './model.ts';

/*
 * The layout from the room's own layout as already read (custom.ts, loaded only for rooms that
 * have one: its schema checker is a third of the panel's code). `null`: the room has none.
 * `buildLayout` in from-settings.ts reads settings.panel and calls this.
 */

/** The room's own layout when it has a valid one; otherwise (and below any errors) the automatic one. */
export function layoutFrom(custom: CustomLayoutResult | null, modules: ModuleInfo[]): BuiltLayout {
  if (custom === null) return { source: 'automatic', sections: automaticSections(modules), problems: [] };
  if (custom.ok && custom.sections.length > 0)
    return { source: 'custom', title: custom.title, sections: custom.sections, problems: [] };
  if (custom.ok) return { source: 'automatic', sections: automaticSections(modules), problems: [] };
  return { source: 'automatic', sections: automaticSections(modules), problems: custom.problems };
}

/** Every module instance of the room, from `types` (class → count). */
export function instancesOf(types: Types): { module: string; index: number; count: number }[] {
  return Object.entries(types).flatMap(([module, count]) =>
    Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
  );
}
