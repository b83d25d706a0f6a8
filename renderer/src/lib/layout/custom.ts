import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Types } from '#contract';
import type { ControlSpec, LayoutProblem, SectionSpec } from './model.ts';
import { controlSchemas, type PanelControl, type PanelLayout } from './panel-schema.ts';

/*
 * settings.panel is written by hand, so errors must point at the mistake: a JSON pointer and a
 * reason. Value.Errors (not TypeCompiler, which needs eval and the CSP forbids it) checks the
 * outline first, then each control against the schema its `type` names, because errors against
 * a union of four control shapes say nothing useful.
 */

export type CustomLayoutResult =
  | { ok: true; title?: string | undefined; sections: SectionSpec[] }
  | { ok: false; problems: LayoutProblem[] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const READABLE: Record<string, string> = {
  'Expected required property': 'is required',
  'Unexpected property': 'is not a field of this control (a typo?)',
};

function errorsOf(schema: TSchema, value: unknown, base: string): LayoutProblem[] {
  const seen = new Set<string>();
  const out: LayoutProblem[] = [];
  for (const error of Value.Errors(schema, value)) {
    const path = base + error.path || '/';
    // TypeBox reports a missing key twice ("required", then "expected string"): keep the first.
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, reason: READABLE[error.message] ?? error.message.replace(/^Expected/, 'expected') });
  }
  return out;
}

function checkOutline(raw: unknown): LayoutProblem[] {
  if (!isRecord(raw)) return [{ path: '/', reason: 'must be an object with "sections"' }];
  const problems: LayoutProblem[] = [];
  for (const key of Object.keys(raw)) {
    if (!['$schema', 'title', 'sections'].includes(key)) {
      problems.push({ path: `/${key}`, reason: 'is not a field of a layout (a typo?)' });
    }
  }
  if (raw.title !== undefined && typeof raw.title !== 'string') {
    problems.push({ path: '/title', reason: 'must be text' });
  }
  const sections = raw.sections;
  if (!Array.isArray(sections) || sections.length === 0) {
    problems.push({ path: '/sections', reason: 'must be a list with at least one section' });
    return problems;
  }
  for (const [s, section] of (sections as unknown[]).entries()) {
    const at = `/sections/${s}`;
    if (!isRecord(section)) {
      problems.push({ path: at, reason: 'must be an object' });
      continue;
    }
    if (typeof section.title !== 'string') problems.push({ path: `${at}/title`, reason: 'must be text' });
    for (const key of Object.keys(section)) {
      if (key !== 'title' && key !== 'controls') {
        problems.push({ path: `${at}/${key}`, reason: 'is not a field of a section (a typo?)' });
      }
    }
    if (!Array.isArray(section.controls)) {
      problems.push({ path: `${at}/controls`, reason: 'must be a list of controls' });
      continue;
    }
    for (const [c, control] of (section.controls as unknown[]).entries()) {
      problems.push(...checkControl(control, `${at}/controls/${c}`));
    }
  }
  return problems;
}

function checkControl(control: unknown, at: string): LayoutProblem[] {
  if (!isRecord(control)) return [{ path: at, reason: 'must be an object' }];
  const type = control.type;
  if (typeof type !== 'string' || !Object.hasOwn(controlSchemas, type)) {
    return [{ path: `${at}/type`, reason: 'must be one of "button", "toggle", "select", "level"' }];
  }
  const problems = errorsOf(controlSchemas[type as keyof typeof controlSchemas], control, at);
  if (problems.length > 0 || type !== 'level') return problems;
  const { min, max, step } = control as { min: number; max: number; step?: number };
  if (min >= max) problems.push({ path: `${at}/max`, reason: `must be greater than min (${min})` });
  else if (step !== undefined && step > max - min) {
    problems.push({ path: `${at}/step`, reason: `must be at most max − min (${max - min})` });
  }
  return problems;
}

/** Controls that name a module the room does not have would fail on every press. */
function checkModules(layout: PanelLayout, types: Types): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  layout.sections.forEach((section, s) => {
    section.controls.forEach((control, c) => {
      const count = types[control.module] ?? 0;
      const index = control.index ?? 1;
      const at = `/sections/${s}/controls/${c}`;
      if (count === 0) {
        const known = Object.keys(types).join(', ') || 'none';
        problems.push({
          path: `${at}/module`,
          reason: `this room has no "${control.module}" (it has ${known})`,
        });
      } else if (index > count) {
        problems.push({ path: `${at}/index`, reason: `this room has ${count} "${control.module}"` });
      }
    });
  });
  return problems;
}

function toSpec(control: PanelControl, id: string): ControlSpec {
  const common = {
    id,
    label: control.label,
    module: control.module,
    index: control.index ?? 1,
    status: control.status,
    confirm: control.confirm,
  };
  switch (control.type) {
    case 'button':
      return {
        ...common,
        type: 'button',
        command: { method: control.method, args: control.args ?? [] },
        ...('activeWhen' in control ? { activeWhen: control.activeWhen } : {}),
      };
    case 'toggle':
      return {
        ...common,
        type: 'toggle',
        on: { method: control.on.method, args: control.on.args ?? [] },
        off: { method: control.off.method, args: control.off.args ?? [] },
        onWhen: 'onWhen' in control ? control.onWhen : true,
      };
    case 'select':
      return {
        ...common,
        type: 'select',
        method: control.method,
        options: control.options.map((o) => ({
          label: o.label,
          args: o.args,
          value: 'value' in o ? o.value : o.args[0],
        })),
      };
    case 'level':
      return {
        ...common,
        type: 'level',
        method: control.method,
        args: control.args ?? [],
        min: control.min,
        max: control.max,
        step: control.step ?? 1,
        style: control.style ?? 'slider',
        unit: control.unit,
      };
    default:
      return control satisfies never;
  }
}

/** Reads settings.panel (an object, or JSON text as some admin tools store it). */
export function parseCustomLayout(raw: unknown, types: Types): CustomLayoutResult {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const why = error instanceof Error ? error.message : 'not JSON';
      return { ok: false, problems: [{ path: '/', reason: `is not valid JSON (${why})` }] };
    }
  }
  const outline = checkOutline(value);
  if (outline.length > 0) return { ok: false, problems: outline };
  const layout = value as PanelLayout;
  const missing = checkModules(layout, types);
  if (missing.length > 0) return { ok: false, problems: missing };
  return {
    ok: true,
    title: layout.title,
    sections: layout.sections.map((section, s) => ({
      title: section.title,
      controls: section.controls.map((control, c) => toSpec(control, `custom-${s}-${c}`)),
    })),
  };
}
