import type { Types } from '#contract';
import { type CustomLayoutResult, parseCustomLayout } from '../../layout/custom.ts';
import type { LayoutProblem } from '../../layout/model.ts';
import { parseJsonObject } from '../common/json-text.ts';
import { t } from '../../i18n/i18n.svelte.ts';

/*
 * A room's settings as the technician types them: JSON first, then `settings.panel` against the
 * panel layout's JSON Schema (layout/panel-schema.ts, read by layout/custom.ts exactly as the
 * panel will read it), so a mistake shows under the field before anyone saves it to a wall.
 */

export type SettingsCheck =
  | { state: 'invalid-json'; reason: string }
  | { state: 'no-panel' }
  | { state: 'panel-ok'; layout: Extract<CustomLayoutResult, { ok: true }> }
  | { state: 'panel-problems'; problems: LayoutProblem[] };

export function checkSettings(text: string, types: Types): SettingsCheck {
  const parsed = parseJsonObject(text);
  if (!parsed.ok)
    return { state: 'invalid-json', reason: t('tech.system.settingsInvalid', { reason: parsed.reason }) };
  if (!('panel' in parsed.value)) return { state: 'no-panel' };
  const layout = parseCustomLayout(parsed.value.panel, types);
  return layout.ok ? { state: 'panel-ok', layout } : { state: 'panel-problems', problems: layout.problems };
}

/** "/pages/0/sections/1" reads as "panel › pages 1 › sections 2": counted as people count. */
export function whereIs(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const words: string[] = ['panel'];
  for (const part of parts) {
    if (/^\d+$/.test(part) && words.length > 0) words[words.length - 1] += ` ${Number(part) + 1}`;
    else words.push(part);
  }
  return words.join(' › ');
}

/** The count of each class among the room's modules (what `types` answers), from class names. */
export function typesOf(classNames: readonly string[]): Types {
  const types: Types = {};
  for (const name of classNames) types[name] = (types[name] ?? 0) + 1;
  return types;
}
