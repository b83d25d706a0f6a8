import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { DeviceState } from '../store/model.ts';
import {
  type Driver,
  type DriverContext,
  DriverError,
  type FuncSpec,
  InvalidArgumentsError,
} from './driver.ts';
import { isOptional } from './funcs.ts';
import { readNumber, readString } from './values.ts';

export interface ExecOptions {
  globalLatencyMs: number;
  timeoutMs: number;
  /** Injected by tests; the default waits on a real timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** The module has no such method: 404 method_not_found. */
export class MethodNotFoundError extends Error {
  override name = 'MethodNotFoundError';
}

/** The device did not answer within the wait: 504 exec_timeout. */
export class ExecTimeoutError extends Error {
  override name = 'ExecTimeoutError';
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs one exec request against a module: lookup, argument checks, simulated faults and latency. */
export async function runExec(
  driver: Driver,
  ctx: DriverContext,
  method: string,
  args: unknown[],
  opts: ExecOptions,
): Promise<unknown> {
  // Own properties only, so `toString` or `__proto__` never reach a driver.
  const spec = Object.hasOwn(driver.funcs, method) ? driver.funcs[method] : undefined;
  if (!spec) throw new MethodNotFoundError(`${driver.className} has no method "${method}"`);
  const checked = checkArgs(method, spec, args);
  const sleep = opts.sleep ?? realSleep;
  const settings = ctx.module.settings;
  const latency = readNumber(settings, 'latency_ms', opts.globalLatencyMs, 0);

  const attempt = async (): Promise<unknown> => {
    if (latency > 0) await sleep(latency);
    if (settings.offline === true) {
      throw new DriverError(`${deviceLabel(driver, ctx)} is not responding (offline)`);
    }
    // A device that swallowed the command: only the caller's timeout ends the wait.
    if (settings.fault === 'timeout') return new Promise<never>(() => {});
    if (settings.fault === 'error') {
      throw new DriverError(
        readString(settings, 'fault_message', `${deviceLabel(driver, ctx)} reported an error`),
      );
    }
    driver.advance?.(ctx);
    const result = await driver.exec(ctx, method, checked);
    return result === undefined ? null : result;
  };

  return withTimeout(attempt(), opts.timeoutMs, `${driver.className}.${method}`);
}

/** Current state with time-driven changes applied; a copy, so callers cannot write through it. */
export function readState(driver: Driver, ctx: DriverContext): DeviceState {
  driver.advance?.(ctx);
  return { ...ctx.state };
}

function deviceLabel(driver: Driver, ctx: DriverContext): string {
  const name = ctx.module.custom_name || driver.className;
  return ctx.module.ip ? `${name} at ${ctx.module.ip}` : name;
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ExecTimeoutError(`${what} did not answer within ${ms} ms; the command may still complete`),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Validates positional arguments against the spec and fills defaults of omitted optional ones. */
export function checkArgs(method: string, spec: FuncSpec, args: unknown[]): unknown[] {
  if (!Array.isArray(args)) throw new InvalidArgumentsError(`${method}: args must be an array`);
  if (args.length > spec.order.length) {
    throw new InvalidArgumentsError(
      `${method}: takes at most ${spec.order.length} argument${spec.order.length === 1 ? '' : 's'}` +
        ` (${spec.order.join(', ') || 'none'}), got ${args.length}`,
    );
  }
  return spec.order.map((param, i) => {
    const schema = spec.params[param];
    if (!schema) throw new Error(`${method}: parameter ${param} has no schema`);
    const value = args[i];
    if (i >= args.length || value === undefined) {
      if (isOptional(spec, param) && schema.default !== undefined) return Value.Clone(schema.default);
      if (isOptional(spec, param)) return undefined;
      throw new InvalidArgumentsError(`${method}: ${param} is required`);
    }
    if (!Value.Check(schema, value)) {
      throw new InvalidArgumentsError(`${method}: ${param} ${whyInvalid(schema, value)}`);
    }
    return value;
  });
}

function show(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

function literals(schema: TSchema): unknown[] | undefined {
  const options: unknown = schema.anyOf;
  if (!Array.isArray(options)) return undefined;
  const consts = options.map((o: unknown) =>
    typeof o === 'object' && o !== null && 'const' in o ? (o as { const: unknown }).const : undefined,
  );
  return consts.every((c) => c !== undefined) ? consts : undefined;
}

/** A reason people can act on, e.g. "must be ≤ 100"; TypeBox's own message as a last resort. */
function whyInvalid(schema: TSchema, value: unknown): string {
  const oneOf = literals(schema);
  if (oneOf) return `must be one of ${oneOf.map(show).join(', ')}, got ${show(value)}`;
  const type: unknown = schema.type;
  const min: unknown = schema.minimum;
  const max: unknown = schema.maximum;
  const minLength: unknown = schema.minLength;
  switch (type) {
    case 'boolean':
      return `must be true or false, got ${show(value)}`;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || (type === 'integer' && !Number.isInteger(value))) {
        return `must be ${type === 'integer' ? 'an integer' : 'a number'}, got ${show(value)}`;
      }
      if (typeof min === 'number' && value < min) return `must be ≥ ${min}`;
      if (typeof max === 'number' && value > max) return `must be ≤ ${max}`;
      break;
    case 'string':
      if (typeof value !== 'string') return `must be a string, got ${show(value)}`;
      if (minLength === 1 && value.length === 0) return 'must not be empty';
      break;
  }
  return Value.Errors(schema, value).First()?.message.toLowerCase() ?? 'is invalid';
}
