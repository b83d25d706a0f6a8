import type { Types } from '#contract';
import type { ModuleInfo } from './auto.ts';
import { automaticSections } from './auto.ts';
import { parseCustomLayout } from './custom.ts';
import type { BuiltLayout } from './model.ts';

/** The room's own layout when it has a valid one; otherwise (and below any errors) the automatic one. */
export function buildLayout(panel: unknown, types: Types, modules: ModuleInfo[]): BuiltLayout {
  if (panel === undefined || panel === null) {
    return { source: 'automatic', sections: automaticSections(modules), problems: [] };
  }
  const custom = parseCustomLayout(panel, types);
  if (custom.ok) return { source: 'custom', title: custom.title, sections: custom.sections, problems: [] };
  return { source: 'automatic', sections: automaticSections(modules), problems: custom.problems };
}

/** A custom layout needs no funcs: ask for them only when the automatic layout will be shown. */
export function needsModuleDetails(panel: unknown, types: Types): boolean {
  return panel === undefined || panel === null || !parseCustomLayout(panel, types).ok;
}

/** Every module instance of the room, from `types` (class → count). */
export function instancesOf(types: Types): { module: string; index: number; count: number }[] {
  return Object.entries(types).flatMap(([module, count]) =>
    Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
  );
}
