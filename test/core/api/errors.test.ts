import { describe, expect, it } from 'vitest';
import {
  AuthError,
  ERROR_CODES,
  ERROR_MESSAGES,
  LinkError,
  RoomdeckError,
  ServiceError,
  toBridgeError,
  ValidationFailedError,
  VersionConflictError,
} from '../../../core/api/errors.ts';
import { errorFromResponse } from '../../../core/api/service-errors.ts';

const REQUIRED_CODES = [
  'ROOMDECK_OFFLINE',
  'ROOMDECK_TIMEOUT',
  'ROOMDECK_AUTH_REQUIRED',
  'ROOMDECK_SESSION_ENDED',
  'ROOMDECK_FORBIDDEN',
  'ROOMDECK_NOT_FOUND',
  'ROOMDECK_MODULE_NOT_FOUND',
  'ROOMDECK_METHOD_NOT_FOUND',
  'ROOMDECK_VERSION_CONFLICT',
  'ROOMDECK_MODULE_STOPPED',
  'ROOMDECK_VALIDATION_FAILED',
  'ROOMDECK_INVALID_ARGUMENTS',
  'ROOMDECK_DRIVER_ERROR',
  'ROOMDECK_EXEC_TIMEOUT',
  'ROOMDECK_BAD_REQUEST',
  'ROOMDECK_SERVER_ERROR',
  'ROOMDECK_BAD_RESPONSE',
  'ROOMDECK_SIGN_IN_FAILED',
  'ROOMDECK_STATE_MISSING',
  'ROOMDECK_STATE_MISMATCH',
  'ROOMDECK_SIGN_IN_TIMEOUT',
  'ROOMDECK_SIGN_IN_DENIED',
  'ROOMDECK_SIGN_IN_CODE_EXPIRED',
  'ROOMDECK_VAULT_INSECURE',
  'ROOMDECK_CONFIG_INVALID',
];

describe('error codes and messages', () => {
  it('has every code the bridge and UI rely on', () => {
    for (const code of REQUIRED_CODES) expect(ERROR_CODES).toContain(code);
  });

  it('gives every code a message that says what happened and what to do', () => {
    for (const code of ERROR_CODES) {
      const message = ERROR_MESSAGES[code];
      expect(message, code).toMatch(/\S/);
      // Two sentences at least: the happening and the remedy.
      expect(
        message.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 3).length,
        code,
      ).toBeGreaterThanOrEqual(2);
      expect(new RoomdeckError(code).message).toBe(message);
    }
  });

  it('uses distinct codes, all prefixed ROOMDECK_', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^ROOMDECK_[A-Z_]+$/);
  });

  it("says a driver error in the driver's own words, and hands them to the panel apart", () => {
    const err = errorFromResponse({
      status: 502,
      body: { error: 'projector lamp failure', code: 'driver_error' },
    });
    expect(err.code).toBe('ROOMDECK_DRIVER_ERROR');
    expect(err.message).toBe('The device said: projector lamp failure.');
    expect(err.message).not.toContain('(');
    expect(toBridgeError(err).details).toEqual({ said: 'projector lamp failure' });
  });

  it('says a driver error with no words of its own in one plain sentence', () => {
    const err = errorFromResponse({ status: 502, body: undefined }, true);
    expect(err.message).toBe(ERROR_MESSAGES.ROOMDECK_DRIVER_ERROR);
    expect(err.message).not.toMatch(/reported an error/);
  });

  it('redacts anything that looks like a credential in a service message', () => {
    const err = new ServiceError('ROOMDECK_BAD_REQUEST', 400, {
      serviceMessage: 'bad header Bearer abc.def.ghi and refresh_token=r-123&x=1',
    });
    expect(err.message).not.toContain('abc.def.ghi');
    expect(err.message).not.toContain('r-123');
  });
});

describe('mapping control API failures', () => {
  const cases: Array<[number, unknown, string]> = [
    [
      400,
      { error: 'limit must be an integer', code: 'bad_request', parameter: 'limit' },
      'ROOMDECK_BAD_REQUEST',
    ],
    [401, { error: 'no token', code: 'unauthorized' }, 'ROOMDECK_AUTH_REQUIRED'],
    [403, { error: 'nope', code: 'forbidden' }, 'ROOMDECK_FORBIDDEN'],
    [404, { error: 'no such system', code: 'not_found' }, 'ROOMDECK_NOT_FOUND'],
    [404, { error: 'no Display 3', code: 'module_not_found' }, 'ROOMDECK_MODULE_NOT_FOUND'],
    [404, { error: 'no method', code: 'method_not_found' }, 'ROOMDECK_METHOD_NOT_FOUND'],
    [409, { error: 'stale', code: 'version_conflict', current_version: 7 }, 'ROOMDECK_VERSION_CONFLICT'],
    [409, { error: 'stopped', code: 'module_stopped' }, 'ROOMDECK_MODULE_STOPPED'],
    [
      422,
      { error: 'bad', code: 'validation_failed', failures: [{ field: 'name', reason: 'must be unique' }] },
      'ROOMDECK_VALIDATION_FAILED',
    ],
    [422, { error: 'level must be ≤ 100', code: 'invalid_arguments' }, 'ROOMDECK_INVALID_ARGUMENTS'],
    [502, { error: 'lamp', code: 'driver_error' }, 'ROOMDECK_DRIVER_ERROR'],
    [504, { error: 'may still complete', code: 'exec_timeout' }, 'ROOMDECK_EXEC_TIMEOUT'],
    [500, { error: 'boom', code: 'internal' }, 'ROOMDECK_SERVER_ERROR'],
    [503, undefined, 'ROOMDECK_SERVER_ERROR'],
    [406, undefined, 'ROOMDECK_VALIDATION_FAILED'],
    [404, undefined, 'ROOMDECK_NOT_FOUND'],
    [409, undefined, 'ROOMDECK_VERSION_CONFLICT'],
    [418, '<html>teapot</html>', 'ROOMDECK_BAD_REQUEST'],
  ];
  it.each(cases)('maps status %i with body %j to %s', (status, body, code) => {
    expect(errorFromResponse({ status, body }).code).toBe(code);
  });

  it('keeps the current version of a conflict and the failures of a validation error as details', () => {
    const conflict = errorFromResponse({
      status: 409,
      body: { error: 'x', code: 'version_conflict', current_version: 7 },
    });
    expect(conflict).toBeInstanceOf(VersionConflictError);
    expect((conflict as VersionConflictError).currentVersion).toBe(7);
    expect(toBridgeError(conflict).details).toEqual({ currentVersion: 7 });

    const invalid = errorFromResponse({
      status: 422,
      body: {
        error: 'x',
        code: 'validation_failed',
        failures: [{ field: 'name', reason: 'must be unique' }],
      },
    });
    expect(invalid).toBeInstanceOf(ValidationFailedError);
    expect(toBridgeError(invalid).details).toEqual({
      failures: [{ field: 'name', reason: 'must be unique' }],
    });
  });

  it('reads a coded 502 as a driver error only for exec, and a bare 504 from a gateway as a timeout', () => {
    expect(errorFromResponse({ status: 502, body: undefined }, true).code).toBe('ROOMDECK_DRIVER_ERROR');
    expect(errorFromResponse({ status: 502, body: undefined }).code).toBe('ROOMDECK_SERVER_ERROR');
    expect(errorFromResponse({ status: 504, body: undefined }, true).code).toBe('ROOMDECK_EXEC_TIMEOUT');
    expect(errorFromResponse({ status: 504, body: undefined })).toBeInstanceOf(LinkError);
  });
});

describe('toBridgeError', () => {
  it('passes code, message and details of a Roomdeck error, and nothing else', () => {
    const err = new AuthError('ROOMDECK_SESSION_ENDED', { cause: { refresh_token: 'secret-refresh' } });
    const body = toBridgeError(err);
    expect(body).toEqual({ code: 'ROOMDECK_SESSION_ENDED', message: ERROR_MESSAGES.ROOMDECK_SESSION_ENDED });
    expect(JSON.stringify(body)).not.toContain('secret-refresh');
  });

  it('turns an unknown error into ROOMDECK_INTERNAL without its text or stack', () => {
    const err = new Error('request to https://x/?bearer_token=tok-123 failed');
    const body = toBridgeError(err);
    expect(body.code).toBe('ROOMDECK_INTERNAL');
    expect(JSON.stringify(body)).not.toContain('tok-123');
    expect(JSON.stringify(body)).not.toContain('at ');
    expect(toBridgeError('a string').code).toBe('ROOMDECK_INTERNAL');
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, and never asks a panel to wait more than 60 s', async () => {
    const { retryAfterOf } = await import('../../../core/api/transport.ts');
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterOf('5', now)).toBe(5_000);
    expect(retryAfterOf('3600', now)).toBe(60_000);
    expect(retryAfterOf(new Date(now + 10_000).toUTCString(), now)).toBe(10_000);
    expect(retryAfterOf('soon', now)).toBeUndefined();
    expect(retryAfterOf(null, now)).toBeUndefined();
  });
});
