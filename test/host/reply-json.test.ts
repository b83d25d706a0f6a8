import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/error-codes.ts';
import { ErrorBodySchema } from '../../contract/error-schema.ts';
import { replyJson } from '../../host/reply-json.ts';

// The serializer a response schema of this shape compiled to before (fast-json-stringify, Fastify's).
const compiled = fastJson(
  Type.Object({
    ok: Type.Boolean(),
    value: Type.Optional(Type.Unknown()),
    error: Type.Optional(ErrorBodySchema),
  }),
);

const codes = Object.values(ErrorCode) as string[];
const errorBody = fc.record(
  {
    code: fc.constantFrom(...codes),
    message: fc.string(),
    details: fc.dictionary(fc.string(), fc.jsonValue()),
  },
  { requiredKeys: ['code', 'message'] },
);
const answer = fc.oneof(
  fc.record({ ok: fc.constant(true), value: fc.jsonValue() }),
  fc.record({ ok: fc.constant(false), error: errorBody }),
);

describe('the bridge’s answer as JSON', () => {
  it('is what the compiled response schema wrote, byte for byte, for any answer', () => {
    fc.assert(
      fc.property(answer, (reply) => {
        expect(replyJson(reply)).toBe(compiled(reply));
      }),
      { numRuns: 500 },
    );
  });

  it('lets out its three fields only, as the schema did', () => {
    const reply = { ok: false, error: { code: codes[0], message: 'No.', token: 'secret' }, token: 'secret' };
    expect(replyJson(reply)).toBe(compiled(reply));
    expect(replyJson(reply)).not.toContain('secret');
    expect(JSON.parse(replyJson({ ok: true, value: undefined }))).toEqual({ ok: true });
  });
});
