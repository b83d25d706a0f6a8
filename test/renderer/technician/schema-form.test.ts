import { describe, expect, it } from 'vitest';
import {
  buildArgs,
  coerce,
  fieldFor,
  fieldsFor,
  initialInput,
  type ParamField,
} from '../../../renderer/src/lib/technician/modules/schema-form.ts';

describe('a parameter schema becomes a form field', () => {
  it('maps booleans to a toggle', () => {
    expect(fieldFor('state', { type: 'boolean' })).toMatchObject({ kind: 'toggle', required: true });
  });

  it('maps integers and numbers to a number input with their bounds', () => {
    expect(fieldFor('level', { type: 'integer', minimum: 0, maximum: 100 })).toMatchObject({
      kind: 'number',
      integer: true,
      min: 0,
      max: 100,
    });
    expect(fieldFor('gain', { type: 'number', exclusiveMaximum: 12 })).toMatchObject({
      kind: 'number',
      integer: false,
      exclusiveMax: 12,
    });
  });

  it('maps enum, const and unions of consts to a select', () => {
    expect(fieldFor('input', { type: 'string', enum: ['hdmi1', 'hdmi2'] })).toMatchObject({
      kind: 'select',
      options: ['hdmi1', 'hdmi2'],
    });
    expect(fieldFor('mode', { anyOf: [{ const: 'auto' }, { const: 1 }] })).toMatchObject({
      kind: 'select',
      options: ['auto', 1],
    });
    expect(fieldFor('only', { const: true })).toMatchObject({ kind: 'select', options: [true] });
  });

  it('maps strings to text and everything else to JSON text', () => {
    expect(fieldFor('name', { type: 'string', minLength: 1 })).toMatchObject({ kind: 'text', minLength: 1 });
    expect(fieldFor('levels', { type: 'array', items: { type: 'integer' } }).kind).toBe('json');
    expect(fieldFor('opts', { type: 'object' }).kind).toBe('json');
    expect(fieldFor('either', { type: ['integer', 'null'] }).kind).toBe('json');
    expect(fieldFor('nothing', undefined).kind).toBe('json');
    expect(fieldFor('junk', 'not a schema').kind).toBe('json');
  });

  it('treats a parameter with a default as optional and starts from the default', () => {
    const field = fieldFor('speed', { type: 'integer', default: 5 });
    expect(field.required).toBe(false);
    expect(initialInput(field)).toBe('5');
    expect(initialInput(fieldFor('on', { type: 'boolean', default: true }))).toBe(true);
    expect(initialInput(fieldFor('pick', { enum: ['a', 'b'], default: 'b' }))).toBe('1');
  });

  it('lists fields in the method order, falling back to the params when there is none', () => {
    const func = { arity: 2, params: { b: { type: 'string' }, a: { type: 'boolean' } }, order: ['a', 'b'] };
    expect(fieldsFor(func).map((f) => f.name)).toEqual(['a', 'b']);
    expect(fieldsFor({ ...func, order: [] }).map((f) => f.name)).toEqual(['b', 'a']);
  });
});

describe('typed input is coerced into arguments', () => {
  const level = fieldFor('level', { type: 'integer', minimum: 0, maximum: 100 });

  it('turns number text into a number and reports bounds and fractions', () => {
    expect(coerce(level, ' 40 ')).toEqual({ ok: true, value: 40, omitted: false });
    expect(coerce(level, '101')).toEqual({ ok: false, reason: 'must be at most 100' });
    expect(coerce(level, '-1')).toEqual({ ok: false, reason: 'must be at least 0' });
    expect(coerce(level, '4.5')).toEqual({ ok: false, reason: 'must be a whole number' });
    expect(coerce(level, 'loud')).toEqual({ ok: false, reason: 'must be a number' });
    expect(coerce(level, '')).toEqual({ ok: false, reason: 'is required' });
  });

  it('keeps toggles boolean, selects their option value, and text as typed', () => {
    expect(coerce(fieldFor('s', { type: 'boolean' }), true)).toMatchObject({ value: true });
    expect(coerce(fieldFor('s', { enum: [1, 'two'] }), '0')).toMatchObject({ value: 1 });
    expect(coerce(fieldFor('s', { enum: [1, 'two'] }), '7')).toEqual({
      ok: false,
      reason: 'pick one of the options',
    });
    expect(coerce(fieldFor('t', { type: 'string' }), '  spaced ')).toMatchObject({ value: '  spaced ' });
    expect(coerce(fieldFor('t', { type: 'string', minLength: 1 }), '')).toEqual({
      ok: false,
      reason: 'must not be empty',
    });
    expect(coerce(fieldFor('t', { type: 'string', pattern: '^[a-z]+$' }), 'A1')).toMatchObject({ ok: false });
  });

  it('survives a driver pattern JavaScript cannot compile', () => {
    expect(coerce(fieldFor('t', { type: 'string', pattern: '(?<bad' }), 'x')).toMatchObject({ ok: true });
  });

  it('parses JSON text and says why it cannot', () => {
    const json = fieldFor('levels', { type: 'array' });
    expect(coerce(json, '[1, 2]')).toMatchObject({ ok: true, value: [1, 2] });
    const bad = coerce(json, '[1, 2');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toMatch(/^is not valid JSON/);
  });

  it('builds positional args, dropping trailing optionals and filling skipped ones with defaults', () => {
    const fields: ParamField[] = [
      fieldFor('preset', { type: 'integer', minimum: 1 }),
      fieldFor('speed', { type: 'integer', default: 5 }),
      fieldFor('label', { type: 'string', default: 'x' }),
    ];
    expect(buildArgs(fields, { preset: '2', speed: '', label: '' })).toEqual({ ok: true, args: [2] });
    expect(buildArgs(fields, { preset: '2', speed: '', label: 'wide' })).toEqual({
      ok: true,
      args: [2, 5, 'wide'],
    });
    expect(buildArgs(fields, { preset: '0', speed: 'fast' })).toEqual({
      ok: false,
      failures: [
        { field: 'preset', reason: 'must be at least 1' },
        { field: 'speed', reason: 'must be a number' },
      ],
    });
  });

  it('uses each field’s starting value when an input was never touched', () => {
    const fields = [fieldFor('state', { type: 'boolean' })];
    expect(buildArgs(fields, {})).toEqual({ ok: true, args: [false] });
  });
});
