import { Type } from '@sinclair/typebox';
import { ALL_ERROR_CODES } from './error-codes.ts';

/**
 * The error body as a schema, for answers the main process describes with TypeBox (the boot view's
 * failed opening, the browser host's replies). Apart from error-codes.ts so the catalogue stays
 * plain data the renderer can bundle without TypeBox.
 */
export const ErrorCodeSchema = Type.Union(ALL_ERROR_CODES.map((code) => Type.Literal(code)));

export const ErrorBodySchema = Type.Object({
  code: ErrorCodeSchema,
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
