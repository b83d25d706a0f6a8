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

/** The body of GET …/funcs: methods with their parameters as JSON Schema, in call order. */
export function describeFuncs(driver: Driver): Record<string, FuncDescription> {
  const out: Record<string, FuncDescription> = {};
  for (const [method, spec] of Object.entries(driver.funcs)) {
    out[method] = {
      arity: spec.order.filter((p) => !isOptional(spec, p)).length,
      params: { ...spec.params },
      order: [...spec.order],
    };
  }
  return out;
}
