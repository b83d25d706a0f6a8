import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes.ts';
import { toBridgeError } from '../../../core/api/errors.ts';
import { errorFromResponse } from '../../../core/api/service-errors.ts';
import { errorFromFrame, lostError, timeoutError } from '../../../core/live/errors.ts';
import { errorNumber, parseServerFrame } from '../../../core/live/frames.ts';

describe('reading server frames', () => {
  it('reads pong, success, error, notify and debug frames', () => {
    expect(parseServerFrame('pong')).toEqual({ kind: 'pong' });
    expect(parseServerFrame('{"id":3,"type":"success"}')).toEqual({ kind: 'success', id: 3, value: null });
    expect(parseServerFrame('{"id":3,"type":"success","value":{"a":1},"code":200}')).toMatchObject({
      value: { a: 1 },
    });
    expect(
      parseServerFrame(
        '{"id":4,"type":"notify","value":false,"meta":{"sys":"s","mod":"Display","index":2,"name":"power"}}',
      ),
    ).toEqual({
      kind: 'notify',
      id: 4,
      value: false,
      meta: { sys: 's', mod: 'Display', index: 2, name: 'power' },
    });
    expect(
      parseServerFrame(
        '{"type":"debug","mod":"m","klass":"K","level":"warn","msg":"hot","meta":{"sys":"s","mod":"D","index":1,"name":"x"}}',
      ),
    ).toEqual({ kind: 'debug', id: null, meta: { sys: 's', mod: 'D', index: 1 }, level: 'warn', msg: 'hot' });
  });

  it('accepts a notify without id (D6) and a meta without index (realtime.md §3.1: 1)', () => {
    expect(parseServerFrame('{"type":"notify","value":3,"meta":{"sys":"s","mod":"D","name":"v"}}')).toEqual({
      kind: 'notify',
      id: null,
      value: 3,
      meta: { sys: 's', mod: 'D', index: 1, name: 'v' },
    });
  });

  it.each(['', 'ping', 'hello', '[1,2]', '42', 'null', '{"type":"party"}', '{"type":"success"}', '{"id":'])(
    'passes over %j without throwing',
    (text) => {
      expect(parseServerFrame(text).kind).toBe('ignored');
    },
  );

  it('derives the error number as error_code, else code when 0–7, else 7 (D5)', () => {
    expect(errorNumber({ code: 500, error_code: 6 })).toBe(6);
    expect(errorNumber({ code: 3 })).toBe(3);
    expect(errorNumber({ code: 500 })).toBe(7);
    expect(errorNumber({ code: 404, error_code: 99 })).toBe(7);
    expect(errorNumber({})).toBe(7);
    expect(parseServerFrame('{"id":9,"type":"error","code":500,"error_code":2,"msg":"no"}')).toEqual({
      kind: 'error',
      id: 9,
      number: 2,
      msg: 'no',
    });
  });
});

describe('error frames as the HTTP exec says the same failure', () => {
  const same = (ws: ReturnType<typeof errorFromFrame>, http: ReturnType<typeof errorFromResponse>) =>
    expect(toBridgeError(ws)).toEqual(toBridgeError(http));

  it('numbers every failure of an exec with the HTTP exec’s code and words', () => {
    same(
      errorFromFrame('exec', 1, 'method self_destruct not found'),
      errorFromResponse({ status: 404, body: { code: 'method_not_found' } }, true),
    );
    same(
      errorFromFrame('exec', 1, 'level must be between 0 and 100'),
      errorFromResponse(
        { status: 422, body: { code: 'invalid_arguments', error: 'level must be between 0 and 100' } },
        true,
      ),
    );
    same(errorFromFrame('exec', 2, 'denied'), errorFromResponse({ status: 403, body: {} }, true));
    same(
      errorFromFrame('exec', 3, 'module raised: RS-232 checksum error'),
      errorFromResponse(
        { status: 502, body: { code: 'driver_error', error: 'RS-232 checksum error' } },
        true,
      ),
    );
    same(
      errorFromFrame('exec', 3, 'module stopped: Display is stopped; start it before sending commands'),
      errorFromResponse({ status: 409, body: { code: 'module_stopped' } }, true),
    );
    same(
      errorFromFrame('exec', 5, 'could not find system x'),
      errorFromResponse({ status: 404, body: {} }, true),
    );
    same(
      errorFromFrame('exec', 6, 'could not find module'),
      errorFromResponse({ status: 404, body: { code: 'module_not_found' } }, true),
    );
    same(errorFromFrame('exec', 7, 'boom'), errorFromResponse({ status: 500, body: {} }, true));
    same(
      errorFromFrame('exec', 7, 'the device did not answer in time; the command may still complete'),
      errorFromResponse({ status: 504, body: { code: 'exec_timeout' } }, true),
    );
  });

  it('maps the numbers to the codes the brief names', () => {
    const code = (cmd: Parameters<typeof errorFromFrame>[0], n: number, msg = 'x') =>
      errorFromFrame(cmd, n, msg).code;
    expect(code('exec', 1, 'method x not found')).toBe(ErrorCode.ROOMDECK_METHOD_NOT_FOUND);
    expect(code('bind', 1)).toBe(ErrorCode.ROOMDECK_BAD_REQUEST);
    expect(code('debug', 2)).toBe(ErrorCode.ROOMDECK_FORBIDDEN);
    expect(code('exec', 3, 'module raised: x')).toBe(ErrorCode.ROOMDECK_DRIVER_ERROR);
    expect(code('exec', 3, 'module stopped')).toBe(ErrorCode.ROOMDECK_MODULE_STOPPED);
    expect(code('bind', 5)).toBe(ErrorCode.ROOMDECK_NOT_FOUND);
    expect(code('exec', 6)).toBe(ErrorCode.ROOMDECK_MODULE_NOT_FOUND);
    expect(code('exec', 7)).toBe(ErrorCode.ROOMDECK_SERVER_ERROR);
    expect(code('exec', 0)).toBe(ErrorCode.ROOMDECK_BAD_REQUEST);
    expect(code('exec', 4)).toBe(ErrorCode.ROOMDECK_BAD_REQUEST);
    // Past the whole deadline while the link answered its probes: the service may have done it.
    expect(timeoutError('exec', 25_000).code).toBe(ErrorCode.ROOMDECK_EXEC_TIMEOUT);
    expect(timeoutError('bind', 5_000).code).toBe(ErrorCode.ROOMDECK_TIMEOUT);
    expect(lostError('exec').code).toBe(ErrorCode.ROOMDECK_EXEC_TIMEOUT);
    expect(lostError('unbind').code).toBe(ErrorCode.ROOMDECK_OFFLINE);
  });

  it('keeps the device’s words (sanitised) for the panel, without the protocol’s prefix', () => {
    const error = errorFromFrame('exec', 3, 'module raised: projector lamp failed; bearer abc.def');
    expect(toBridgeError(error).details).toEqual({ said: 'projector lamp failed; bearer [redacted]' });
  });
});
