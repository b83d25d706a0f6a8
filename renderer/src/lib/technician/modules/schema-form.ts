import type { FuncDescription } from '#contract';
import { t } from '../../i18n/i18n.svelte.ts';

/*
 * A method's parameters arrive as JSON Schema (wire contract: Funcs). Each becomes one form field;
 * what the person typed is kept as text (or a boolean for toggles) and turned into the argument
 * only when the method runs, so a half-typed number never throws and every problem has a field.
 */

type Json = unknown;

interface FieldBase {
  name: string;
  description: string | undefined;
  /** Parameters with a `default` are optional (and, by the contract, come last). */
  required: boolean;
  default: Json;
  hasDefault: boolean;
}
export interface ToggleField extends FieldBase {
  kind: 'toggle';
}
export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  min: number | undefined;
  max: number | undefined;
  exclusiveMin: number | undefined;
  exclusiveMax: number | undefined;
}
export interface SelectField extends FieldBase {
  kind: 'select';
  options: Json[];
}
export interface TextField extends FieldBase {
  kind: 'text';
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: string | undefined;
}
export interface JsonField extends FieldBase {
  kind: 'json';
}
export type ParamField = ToggleField | NumberField | SelectField | TextField | JsonField;

/** What a form holds per field: a toggle's boolean, or the text typed / the option index chosen. */
export type FieldInput = boolean | string;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const isScalar = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** `enum`, `const`, or a union of `const`s (how TypeBox writes literal unions): a fixed choice. */
function choicesOf(schema: Record<string, unknown>): Json[] | null {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isScalar)) return schema.enum;
  if ('const' in schema && isScalar(schema.const)) return [schema.const];
  const union = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (union && union.length > 0 && union.every((s) => isRecord(s) && 'const' in s && isScalar(s.const))) {
    return union.map((s) => (s as { const: Json }).const);
  }
  return null;
}

/** The one field a parameter's schema maps to; anything unusual is edited as JSON text. */
export function fieldFor(name: string, schema: unknown): ParamField {
  const s = isRecord(schema) ? schema : {};
  const hasDefault = 'default' in s;
  const base: FieldBase = {
    name,
    description: typeof s.description === 'string' ? s.description : undefined,
    required: !hasDefault,
    default: s.default,
    hasDefault,
  };
  const choices = choicesOf(s);
  if (choices) return { ...base, kind: 'select', options: choices };
  switch (s.type) {
    case 'boolean':
      return { ...base, kind: 'toggle' };
    case 'integer':
    case 'number':
      return {
        ...base,
        kind: 'number',
        integer: s.type === 'integer',
        min: num(s.minimum),
        max: num(s.maximum),
        exclusiveMin: num(s.exclusiveMinimum),
        exclusiveMax: num(s.exclusiveMaximum),
      };
    case 'string':
      return {
        ...base,
        kind: 'text',
        minLength: num(s.minLength),
        maxLength: num(s.maxLength),
        pattern: typeof s.pattern === 'string' ? s.pattern : undefined,
      };
    default:
      return { ...base, kind: 'json' };
  }
}

/** The fields of one method, in call order. */
export function fieldsFor(func: FuncDescription): ParamField[] {
  const order = func.order.length > 0 ? func.order : Object.keys(func.params);
  return order.map((name) => fieldFor(name, func.params[name]));
}

/** What a field shows before anyone touches it: its default when it has one. */
export function initialInput(field: ParamField): FieldInput {
  switch (field.kind) {
    case 'toggle':
      return field.default === true;
    case 'select': {
      const at = field.hasDefault ? field.options.indexOf(field.default) : -1;
      return at >= 0 ? String(at) : field.required ? '0' : '';
    }
    case 'number':
      return typeof field.default === 'number' ? String(field.default) : '';
    case 'text':
      return typeof field.default === 'string' ? field.default : '';
    case 'json':
      return field.hasDefault ? JSON.stringify(field.default) : '';
    default:
      return assertNever(field);
  }
}

/** A coerced argument; `omitted` means left empty on an optional parameter. */
export type Coerced = { ok: true; value: Json; omitted: boolean } | { ok: false; reason: string };

const value = (v: Json): Coerced => ({ ok: true, value: v, omitted: false });
const fail = (reason: string): Coerced => ({ ok: false, reason });

/** Turns one field's input into its argument, with a reason a person can act on when it cannot. */
export function coerce(field: ParamField, input: FieldInput): Coerced {
  if (field.kind === 'toggle') return value(input === true || input === 'true');
  const text = typeof input === 'string' ? input : String(input);
  if (text.trim() === '' && field.kind !== 'text') {
    return field.required
      ? fail(t('tech.field.isRequired'))
      : { ok: true, value: field.default, omitted: true };
  }
  switch (field.kind) {
    case 'number': {
      const n = Number(text.trim());
      if (!Number.isFinite(n)) return fail(t('tech.field.mustBeNumber'));
      if (field.integer && !Number.isInteger(n)) return fail(t('tech.field.mustBeWhole'));
      if (field.min !== undefined && n < field.min)
        return fail(t('tech.field.atLeast', { limit: String(field.min) }));
      if (field.max !== undefined && n > field.max)
        return fail(t('tech.field.atMost', { limit: String(field.max) }));
      if (field.exclusiveMin !== undefined && n <= field.exclusiveMin)
        return fail(t('tech.field.moreThan', { limit: String(field.exclusiveMin) }));
      if (field.exclusiveMax !== undefined && n >= field.exclusiveMax)
        return fail(t('tech.field.lessThan', { limit: String(field.exclusiveMax) }));
      return value(n);
    }
    case 'select': {
      const at = Number(text);
      if (!Number.isInteger(at) || at < 0 || at >= field.options.length)
        return fail(t('tech.field.pickOption'));
      return value(field.options[at]);
    }
    case 'text': {
      if (text === '' && !field.required) return { ok: true, value: field.default, omitted: true };
      if (field.minLength !== undefined && text.length < field.minLength)
        return fail(
          field.minLength === 1
            ? t('tech.field.notEmpty')
            : t('tech.field.atLeastChars', { limit: field.minLength }),
        );
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return fail(t('tech.field.atMostChars', { limit: field.maxLength }));
      if (field.pattern !== undefined && !matches(field.pattern, text))
        return fail(t('tech.field.mustMatch', { pattern: field.pattern }));
      return value(text);
    }
    case 'json':
      try {
        return value(JSON.parse(text));
      } catch (error) {
        return fail(
          t('tech.field.notJson', { detail: error instanceof Error ? error.message : String(error) }),
        );
      }
    default:
      return assertNever(field);
  }
}

// A driver's pattern may not be valid in JavaScript; then the service is the judge.
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return true;
  }
}

export type BuiltArgs =
  | { ok: true; args: Json[] }
  | { ok: false; failures: { field: string; reason: string }[] };

/**
 * The positional `args` of an exec. An optional parameter left empty is sent as its default when a
 * later one is given (positions must not shift) and dropped when nothing after it is.
 */
export function buildArgs(
  fields: readonly ParamField[],
  inputs: Readonly<Record<string, FieldInput>>,
): BuiltArgs {
  const failures: { field: string; reason: string }[] = [];
  const coerced = fields.map((field) => {
    const result = coerce(field, inputs[field.name] ?? initialInput(field));
    if (!result.ok) failures.push({ field: field.name, reason: result.reason });
    return result;
  });
  if (failures.length > 0) return { ok: false, failures };
  let end = coerced.length;
  while (end > 0) {
    const last = coerced[end - 1];
    if (!last?.ok || !last.omitted) break;
    end -= 1;
  }
  return { ok: true, args: coerced.slice(0, end).map((c) => (c.ok ? c.value : null)) };
}

/** How an option of a select reads: strings as they are, anything else as JSON. */
export const optionLabel = (option: Json): string =>
  typeof option === 'string' ? option : JSON.stringify(option);

function assertNever(x: never): never {
  throw new Error(`unhandled field ${JSON.stringify(x)}`);
}
