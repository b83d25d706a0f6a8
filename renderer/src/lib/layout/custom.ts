import { type TSchema, Type } from '@sinclair/typebox';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { MessageKey, MessageValues } from '#locales';
import type { Types } from '#contract';
import { t } from '../i18n/i18n.svelte.ts';
import type { ControlSpec, LayoutProblem, SectionSpec } from './model.ts';
import {
  controlSchemas,
  type PanelControl,
  PanelLayout,
  PanelPage,
  PanelPower,
  type PanelSource,
  PanelVolume,
} from './panel-schema.ts';

/*
 * settings.panel is written by hand, so errors must point at the mistake: a JSON pointer and a
 * reason. Value.Errors (not TypeCompiler, which needs eval and the CSP forbids it) checks the
 * outline first, then each control against the schema its `type` names, because errors against
 * a union of four control shapes say nothing useful.
 */

export interface CustomPage {
  title: string;
  kind?: PanelPage['kind'];
  sections: SectionSpec[];
}

export type CustomLayoutResult =
  | {
      ok: true;
      title?: string | undefined;
      /** Every section of every page, in order (version 1 layouts have only these). */
      sections: SectionSpec[];
      /** Version 2 pages; a version 1 layout gives one page per section. */
      pages: CustomPage[];
      home?: PanelSource[] | undefined;
      power?: PanelPower | undefined;
      volume?: PanelVolume | undefined;
      /** The engineer's controls on an "Advanced" page of the panel. */
      advanced: boolean;
    }
  | { ok: false; problems: LayoutProblem[] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/*
 * A problem keeps its message key and values and makes its words when read, not when found: a room's
 * layout is checked once and kept (the plan is rebuilt from the kept result when the language
 * changes), and a getter read in a template or `$derived` follows the page's language.
 */
function problem(path: string, key: MessageKey, values?: MessageValues): LayoutProblem {
  return {
    path,
    get reason() {
      return t(key, values);
    },
  };
}

/** The schema errors a layout can hit, in the catalogue; TypeBox's own English for the rest. */
function schemaProblem(path: string, error: ValueError): LayoutProblem {
  const schema = error.schema as Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return problem(path, 'layout.required');
    case ValueErrorType.ObjectAdditionalProperties:
      return problem(path, 'layout.unknownControlField');
    case ValueErrorType.String:
      return problem(path, 'layout.expectedString');
    case ValueErrorType.Number:
      return problem(path, 'layout.expectedNumber');
    case ValueErrorType.Integer:
      return problem(path, 'layout.expectedInteger');
    case ValueErrorType.Boolean:
      return problem(path, 'layout.expectedBoolean');
    case ValueErrorType.Array:
      return problem(path, 'layout.expectedArray');
    case ValueErrorType.Object:
      return problem(path, 'layout.expectedObject');
    case ValueErrorType.Union:
      return problem(path, 'layout.expectedUnion');
    case ValueErrorType.Literal: {
      // The JSON value itself, written as TypeBox writes it ('button', 2): data, not words.
      const value = typeof schema.const === 'string' ? `'${schema.const}'` : String(schema.const);
      return problem(path, 'layout.expectedLiteral', { value });
    }
    case ValueErrorType.ArrayMinItems:
      return problem(path, 'layout.minItems', { min: Number(schema.minItems) });
    case ValueErrorType.StringMinLength:
      return problem(path, 'layout.minLength', { min: Number(schema.minLength) });
    case ValueErrorType.NumberExclusiveMinimum:
      return problem(path, 'layout.greaterThan', { min: Number(schema.exclusiveMinimum) });
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return problem(path, 'layout.atLeast', { min: Number(schema.minimum) });
    default:
      return problem(path, 'layout.schemaOther', { message: error.message.replace(/^Expected/, 'expected') });
  }
}

function errorsOf(schema: TSchema, value: unknown, base: string): LayoutProblem[] {
  const seen = new Set<string>();
  const out: LayoutProblem[] = [];
  for (const error of Value.Errors(schema, value)) {
    const path = base + error.path || '/';
    // TypeBox reports a missing key twice ("required", then "expected string"): keep the first.
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(schemaProblem(path, error));
  }
  return out;
}

const TOP_KEYS = [
  '$schema',
  'version',
  'title',
  'home',
  'power',
  'volume',
  'pages',
  'sections',
  'advanced',
  'locale',
  'languages',
];

const isLanguageTag = (v: unknown): boolean =>
  typeof v === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(v);

function checkLanguage(raw: Record<string, unknown>): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  if (raw.locale !== undefined && !isLanguageTag(raw.locale))
    problems.push(problem('/locale', 'layout.languageTag'));
  if (raw.languages !== undefined && (!Array.isArray(raw.languages) || !raw.languages.every(isLanguageTag)))
    problems.push(problem('/languages', 'layout.languageList'));
  return problems;
}

function checkSections(sections: unknown, base: string): LayoutProblem[] {
  if (!Array.isArray(sections) || sections.length === 0) {
    return [problem(base, 'layout.sectionsEmpty')];
  }
  const problems: LayoutProblem[] = [];
  for (const [s, section] of (sections as unknown[]).entries()) {
    const at = `${base}/${s}`;
    if (!isRecord(section)) {
      problems.push(problem(at, 'layout.notObject'));
      continue;
    }
    if (typeof section.title !== 'string') problems.push(problem(`${at}/title`, 'layout.notText'));
    for (const key of Object.keys(section)) {
      if (key !== 'title' && key !== 'controls') {
        problems.push(problem(`${at}/${key}`, 'layout.unknownSectionField'));
      }
    }
    if (!Array.isArray(section.controls)) {
      problems.push(problem(`${at}/controls`, 'layout.controlsList'));
      continue;
    }
    for (const [c, control] of (section.controls as unknown[]).entries()) {
      problems.push(...checkControl(control, `${at}/controls/${c}`));
    }
  }
  return problems;
}

function checkPages(pages: unknown): LayoutProblem[] {
  if (!Array.isArray(pages) || pages.length === 0) {
    return [problem('/pages', 'layout.pagesEmpty')];
  }
  const problems: LayoutProblem[] = [];
  for (const [p, page] of (pages as unknown[]).entries()) {
    const at = `/pages/${p}`;
    if (!isRecord(page)) {
      problems.push(problem(at, 'layout.pageNotObject'));
      continue;
    }
    const { sections, ...rest } = page;
    problems.push(...errorsOf(Type.Omit(PanelPage, ['sections']), rest, at));
    problems.push(...checkSections(sections, `${at}/sections`));
  }
  return problems;
}

function checkOutline(raw: unknown): LayoutProblem[] {
  if (!isRecord(raw)) return [problem('/', 'layout.layoutNotObject')];
  const problems: LayoutProblem[] = [];
  for (const key of Object.keys(raw)) {
    if (!TOP_KEYS.includes(key)) {
      problems.push(problem(`/${key}`, 'layout.unknownLayoutField'));
    }
  }
  if (raw.title !== undefined && typeof raw.title !== 'string') {
    problems.push(problem('/title', 'layout.notText'));
  }
  if (raw.version !== undefined && raw.version !== 1 && raw.version !== 2) {
    problems.push(problem('/version', 'layout.version'));
  }
  if (raw.advanced !== undefined && typeof raw.advanced !== 'boolean') {
    problems.push(problem('/advanced', 'layout.trueOrFalse'));
  }
  problems.push(...checkLanguage(raw));
  if (raw.home !== undefined) problems.push(...errorsOf(PanelLayout.properties.home, raw.home, '/home'));
  if (raw.power !== undefined) problems.push(...errorsOf(PanelPower, raw.power, '/power'));
  if (raw.volume !== undefined) problems.push(...checkVolume(raw.volume));
  if (raw.pages !== undefined && raw.sections !== undefined) {
    problems.push(problem('/sections', 'layout.pagesAndSections'));
  } else if (raw.pages !== undefined) problems.push(...checkPages(raw.pages));
  else if (raw.sections !== undefined) problems.push(...checkSections(raw.sections, '/sections'));
  else if (raw.home === undefined && raw.advanced === undefined)
    problems.push(problem('/pages', 'layout.pagesRequired'));
  return problems;
}

function checkVolume(volume: unknown): LayoutProblem[] {
  const problems = errorsOf(PanelVolume, volume, '/volume');
  if (problems.length > 0) return problems;
  const { min, max, limits } = volume as PanelVolume;
  if (min >= max) return [problem('/volume/max', 'layout.greaterThanMin', { min })];
  const low = limits?.min ?? min;
  const high = limits?.max ?? max;
  if (low < min || low >= high) problems.push(problem('/volume/limits/min', 'layout.limitMin', { min }));
  if (high > max) problems.push(problem('/volume/limits/max', 'layout.atMost', { max }));
  const start = limits?.default;
  if (start !== undefined && (start < low || start > high)) {
    problems.push(problem('/volume/limits/default', 'layout.withinLimits', { low, high }));
  }
  return problems;
}

function checkControl(control: unknown, at: string): LayoutProblem[] {
  if (!isRecord(control)) return [problem(at, 'layout.notObject')];
  const type = control.type;
  if (typeof type !== 'string' || !Object.hasOwn(controlSchemas, type)) {
    return [problem(`${at}/type`, 'layout.controlType')];
  }
  const problems = errorsOf(controlSchemas[type as keyof typeof controlSchemas], control, at);
  if (problems.length > 0 || type !== 'level') return problems;
  const { min, max, step } = control as { min: number; max: number; step?: number };
  if (min >= max) problems.push(problem(`${at}/max`, 'layout.greaterThanMin', { min }));
  else if (step !== undefined && step > max - min) {
    problems.push(problem(`${at}/step`, 'layout.stepTooBig', { range: max - min }));
  }
  return problems;
}

/** Controls that name a module the room does not have would fail on every press. */
function checkModules(layout: PanelLayout, types: Types): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const check = (target: { module: string; index?: number | undefined }, at: string) => {
    const count = types[target.module] ?? 0;
    const index = target.index ?? 1;
    if (count === 0) {
      // Class names are identifiers a technician types: listed as code lists them, not as prose.
      const known = Object.keys(types).join(', ');
      problems.push(
        known === ''
          ? problem(`${at}/module`, 'layout.noModules', { module: target.module })
          : problem(`${at}/module`, 'layout.noModule', { module: target.module, known }),
      );
    } else if (index > count) {
      problems.push(problem(`${at}/index`, 'layout.tooFewModules', { count, module: target.module }));
    }
  };
  const sectionsAt = (sections: PanelLayout['sections'], base: string): void => {
    for (const [s, section] of (sections ?? []).entries()) {
      for (const [c, control] of section.controls.entries()) check(control, `${base}/${s}/controls/${c}`);
    }
  };
  sectionsAt(layout.sections, '/sections');
  for (const [p, page] of (layout.pages ?? []).entries()) sectionsAt(page.sections, `/pages/${p}/sections`);
  for (const [i, source] of (layout.home?.sources ?? []).entries()) check(source, `/home/sources/${i}`);
  if (layout.power) check(layout.power, '/power');
  if (layout.volume) check(layout.volume, '/volume');
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
      // JSON.parse's own message (position and token) is the engine's, shown as it comes.
      const why = error instanceof Error ? error.message : String(error);
      return { ok: false, problems: [problem('/', 'layout.notJson', { why })] };
    }
  }
  const outline = checkOutline(value);
  if (outline.length > 0) return { ok: false, problems: outline };
  const layout = value as PanelLayout;
  const missing = checkModules(layout, types);
  if (missing.length > 0) return { ok: false, problems: missing };
  const toSections = (sections: NonNullable<PanelLayout['sections']>, base: string): SectionSpec[] =>
    sections.map((section, s) => ({
      title: section.title,
      controls: section.controls.map((control, c) => toSpec(control, `${base}-${s}-${c}`)),
    }));
  const pages: CustomPage[] = layout.pages
    ? layout.pages.map((page, p) => ({
        title: page.title,
        kind: page.kind,
        sections: toSections(page.sections, `custom-${p}`),
      }))
    : toSections(layout.sections ?? [], 'custom').map((section) => ({
        title: section.title,
        sections: [section],
      }));
  return {
    ok: true,
    title: layout.title,
    sections: pages.flatMap((p) => p.sections),
    pages,
    home: layout.home?.sources,
    power: layout.power,
    volume: layout.volume,
    advanced: layout.advanced === true,
  };
}
