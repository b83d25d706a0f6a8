import type { TSchema } from '@sinclair/typebox';
import type { Driver, FuncSpec } from './driver.ts';

export interface FuncDescription {
  /** Number of required parameters. */
  arity: number;
  params: Record<string, TSchema>;
  order: string[];
}

/** A parameter may be omitted when the spec says so or its schema carries a default. */
export function isOptional(spec: FuncSpec, param: string): boolean {
  return spec.optional?.includes(param) === true || spec.params[param]?.default !== undefined;
}

/**
 * The body of GET …/funcs: methods with their parameters as JSON Schema, in call order; a parameter
 * whose values come from the module's settings carries them as `enum`.
 */
export function describeFuncs(
  driver: Driver,
  settings: Record<string, unknown> = {},
): Record<string, FuncDescription> {
  const choices = driver.choices?.(settings) ?? {};
  const out: Record<string, FuncDescription> = {};
  for (const [method, spec] of Object.entries(driver.funcs)) {
    const params: Record<string, TSchema> = { ...spec.params };
    for (const [param, values] of Object.entries(choices[method] ?? {})) {
      const schema = params[param];
      if (schema && values.length > 0) params[param] = { ...schema, enum: [...values] };
    }
    out[method] = {
      arity: spec.order.filter((p) => !isOptional(spec, p)).length,
      params,
      order: [...spec.order],
    };
  }
  return out;
}
