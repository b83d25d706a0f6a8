import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMANDS, parseFrame, WS_ERROR } from '../../../simulator/realtime/protocol.ts';

/**
 * The frame parser of the control websocket: whatever text a client (or an attacker) sends, the
 * answer is a valid request or one of the documented errors (realtime.md §5, D3, D4), never a throw.
 */

const DOCUMENTED = new Set<number>(Object.values(WS_ERROR));

function expectValid(text: string): void {
  const parsed = parseFrame(text);
  switch (parsed.kind) {
    case 'ping':
      expect(text).toBe('ping');
      return;
    case 'pong':
      expect(text).toBe('pong');
      return;
    case 'error':
      expect(DOCUMENTED.has(parsed.code)).toBe(true);
      expect(parsed.msg.length).toBeGreaterThan(0);
      expect(parsed.id === null || typeof parsed.id === 'number' || typeof parsed.id === 'string').toBe(true);
      return;
    case 'request': {
      const { request } = parsed;
      expect(COMMANDS).toContain(request.cmd);
      for (const field of [request.sys, request.mod, request.name]) {
        expect(typeof field).toBe('string');
        expect(field.length).toBeGreaterThan(0);
      }
      expect(Number.isSafeInteger(request.index) && request.index >= 1).toBe(true);
      expect(Array.isArray(request.args)).toBe(true);
      return;
    }
    default:
      throw new Error(`not a documented outcome: ${JSON.stringify(parsed)}`);
  }
}

/** Objects shaped like requests, with every field sometimes missing, mistyped or hostile. */
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
);
const requestLike = fc.record(
  {
    id: fc.oneof(fc.integer(), fc.string(), anyValue),
    cmd: fc.oneof(fc.constantFrom(...COMMANDS, 'format_disk', '__proto__', ''), anyValue),
    sys: fc.oneof(fc.constant('sys-1'), anyValue),
    mod: fc.oneof(fc.constant('Display'), fc.constant('_Hidden'), anyValue),
    index: fc.oneof(fc.integer({ min: -3, max: 5 }), anyValue),
    name: fc.oneof(fc.constant('power'), anyValue),
    args: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), anyValue),
    __proto__: anyValue,
    constructor: anyValue,
  },
  { requiredKeys: [] },
);

describe('control websocket frame parser', () => {
  it('any string → a request or a documented error, never a throw', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), expectValid), { numRuns: 2000 });
  });

  it('any JSON text → a request or a documented error, never a throw', () => {
    fc.assert(fc.property(fc.json(), expectValid), { numRuns: 2000 });
  });

  it('request-shaped objects with missing, mistyped or hostile fields → a request or a documented error', () => {
    fc.assert(
      fc.property(requestLike, (frame) => expectValid(JSON.stringify(frame))),
      { numRuns: 3000 },
    );
  });

  it('reads what the decisions say: ids echoed, index 1 by default, unknown keys ignored', () => {
    expect(
      parseFrame('{"id":"a-7","cmd":"bind","sys":"s","mod":"Display","name":"power","extra":1}'),
    ).toEqual({
      kind: 'request',
      request: { id: 'a-7', cmd: 'bind', sys: 's', mod: 'Display', index: 1, name: 'power', args: [] },
    });
    expect(parseFrame('{"id": 1, "cmd":')).toEqual({
      kind: 'error',
      id: null,
      code: 0,
      msg: expect.any(String),
    });
    expect(parseFrame('{"id":9,"cmd":"nope","sys":"s","mod":"m","name":"n"}')).toMatchObject({
      id: 9,
      code: 4,
    });
    expect(parseFrame('{"id":9,"cmd":"exec","sys":"s","mod":"m","name":"n","index":"2"}')).toMatchObject({
      id: 9,
      code: 1,
    });
  });
});
