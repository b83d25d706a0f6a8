import { ErrorCode } from '../../contract/error-codes.ts';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ServiceError } from './errors.ts';

/**
 * Reading what the service sent: checked against the record schemas, after smoothing over the
 * differences between the legacy and current generations (wire contract, first section).
 */

/** A 2xx body that does not fit: the evidence is kept (first few schema errors), the body is not. */
export function badResponse(what: string, detail: unknown): ServiceError {
  return new ServiceError(ErrorCode.ROOMDECK_BAD_RESPONSE, 0, { cause: { what, detail } });
}

export function decode<T extends TSchema>(schema: T, value: unknown, what: string): Static<T> {
  if (Value.Check(schema, value)) return value;
  const errors = [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
  throw badResponse(what, errors);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `features` is a string in the spec's model and an array in the current service; the UI always
 * gets an array. A string is split on commas and whitespace, as the service's own input accepts.
 */
export function normalizeSystem(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { features } = value;
  if (Array.isArray(features)) return value;
  if (typeof features === 'string') {
    return { ...value, features: features.split(/[\s,]+/).filter((f) => f !== '') };
  }
  if (features === undefined || features === null) return { ...value, features: [] };
  return value;
}

export interface ListBody {
  items: unknown[];
  total: number;
}

/**
 * A list is a bare array with `X-Total-Count` (current) or `{total, results}` (legacy). Without the
 * header the count of what arrived is the best lower bound: offset plus the page's length.
 */
export function readList(body: unknown, totalHeader: string | null, offset: number, what: string): ListBody {
  if (Array.isArray(body)) {
    const header = totalHeader === null ? Number.NaN : Number(totalHeader);
    const total = Number.isSafeInteger(header) && header >= 0 ? header : offset + body.length;
    return { items: body, total };
  }
  if (isRecord(body) && Array.isArray(body.results)) {
    const total =
      typeof body.total === 'number' && body.total >= 0 ? body.total : offset + body.results.length;
    return { items: body.results, total: Math.floor(total) };
  }
  throw badResponse(what, 'neither a JSON array nor a {total, results} envelope');
}

/**
 * The legacy generation wraps exec results in a one-element array. A current service's method may
 * really return a one-element array, so unwrapping happens only when the service has not shown
 * itself to be current (see ControlClient's generation sniffing).
 */
export function unwrapExecResult(body: unknown, legacyPossible: boolean): unknown {
  if (legacyPossible && Array.isArray(body) && body.length === 1) return body[0];
  return body;
}
