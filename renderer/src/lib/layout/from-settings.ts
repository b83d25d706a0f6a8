import type { Types } from '#contract';
import { planFrom } from '../panel/build-plan.ts';
import type { PanelPlan } from '../panel/plan.ts';
import type { ModuleInfo } from './auto.ts';
import { layoutFrom } from './build.ts';
import { type CustomLayoutResult, parseCustomLayout } from './custom.ts';
import type { BuiltLayout } from './model.ts';

/*
 * A room's layout and plan straight from its `settings.panel`, synchronously: for the technician's
 * preview and for tests. The panel itself loads custom.ts only for a room that has a layout of its
 * own (see `readCustomLayout`), which keeps the schema checker out of its first download.
 */

const customOf = (panel: unknown, types: Types): CustomLayoutResult | null =>
  panel === undefined || panel === null ? null : parseCustomLayout(panel, types);

/** The room's own layout when it has a valid one; otherwise (and below any errors) the automatic one. */
export function buildLayout(panel: unknown, types: Types, modules: ModuleInfo[]): BuiltLayout {
  return layoutFrom(customOf(panel, types), modules);
}

/** The room's own layout where it says something, the automatic plan for what it leaves out. */
export function buildPlan(panel: unknown, types: Types, modules: ModuleInfo[]): PanelPlan {
  return planFrom(customOf(panel, types), modules);
}

/** A custom layout needs no funcs: ask for them only when the automatic layout will be shown. */
export function needsModuleDetails(panel: unknown, types: Types): boolean {
  return !customOf(panel, types)?.ok;
}
