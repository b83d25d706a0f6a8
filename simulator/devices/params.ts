import { type TSchema, Type } from '@sinclair/typebox';
import { DriverError, type FuncSpec, InvalidArgumentsError } from './driver.ts';

/**
 * Builds a FuncSpec from parameters in call order. Parameters whose schema has a `default` are
 * optional, and must come last so positional arguments stay unambiguous.
 */
export function func(params: Record<string, TSchema> = {}): FuncSpec {
  const order = Object.keys(params);
  const optional = order.filter((name) => params[name]?.default !== undefined);
  const firstOptional = order.findIndex((name) => optional.includes(name));
  if (firstOptional !== -1 && order.slice(firstOptional).some((name) => !optional.includes(name))) {
    throw new Error(`optional parameters must come last: ${order.join(', ')}`);
  }
  return optional.length > 0 ? { params, order, optional } : { params, order };
}

export const onOff = (description = 'true = on, false = off') => Type.Boolean({ description });

export const percent = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });

/** A 1-based number whose upper bound depends on the module's settings (checked by the driver). */
export const ordinal = (description: string) => Type.Integer({ minimum: 1, description });

export const text = (description: string) => Type.String({ minLength: 1, description });

/** Bounds that depend on module settings cannot live in the static schema; the driver checks them. */
export function checkAtMost(method: string, param: string, value: number, max: number, what: string): void {
  if (value > max) {
    throw new InvalidArgumentsError(`${method}: ${param} must be ≤ ${max} (${what})`);
  }
}

export function checkOneOf(method: string, param: string, value: string, allowed: readonly string[]): void {
  if (!allowed.includes(value)) {
    const list = allowed.map((s) => JSON.stringify(s)).join(', ');
    throw new InvalidArgumentsError(
      `${method}: ${param} must be one of ${list}, got ${JSON.stringify(value)}`,
    );
  }
}

/** Real devices in standby ignore or reject most commands; we reject so the caller learns why. */
export function requirePower(state: Record<string, unknown>, device: string): void {
  if (state.power !== true) throw new DriverError(`${device} is off`);
}

export function unknownMethod(driverKey: string, method: string): never {
  // Unreachable through the runner, which rejects unknown methods first.
  throw new Error(`${driverKey}: no method ${method}`);
}
