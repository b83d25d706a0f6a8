import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../renderer/src/lib/bridge/bridge.ts';
import {
  describeProblem,
  forbiddenMessage,
  reasonsFor,
  unplacedFailures,
} from '../../../renderer/src/lib/technician/common/problem.ts';

describe('a failed call becomes a problem a technician can read', () => {
  it('keeps the bridge’s message and code', () => {
    const p = describeProblem(
      new BridgeError({ code: 'ROOMDECK_DRIVER_ERROR', message: 'The device reported an error.' }),
    );
    expect(p).toEqual({
      code: 'ROOMDECK_DRIVER_ERROR',
      message: 'The device reported an error.',
      failures: [],
      currentVersion: null,
    });
  });

  it('says a 403 is about the account’s role', () => {
    const p = describeProblem(
      new BridgeError({ code: 'ROOMDECK_FORBIDDEN', message: 'Your account is not allowed to do this.' }),
    );
    expect(p.message).toBe(forbiddenMessage());
    expect(p.message).toMatch(/^Your account may not do this/);
  });

  it('maps the service’s validation failures to form fields', () => {
    const p = describeProblem(
      new BridgeError({
        code: 'ROOMDECK_VALIDATION_FAILED',
        message: 'The service did not accept these values.',
        details: {
          failures: [
            { field: 'name', reason: 'must be unique' },
            { field: 'zones', reason: 'unknown zone z-9' },
            { field: 42, reason: 'ignored: not a field name' },
          ],
        },
      }),
    );
    expect(reasonsFor(p, 'name')).toEqual(['must be unique']);
    expect(reasonsFor(p, 'zones')).toEqual(['unknown zone z-9']);
    expect(unplacedFailures(p, ['name'])).toEqual([{ field: 'zones', reason: 'unknown zone z-9' }]);
  });

  it('maps the bridge’s argument problems by their path inside the verb’s argument', () => {
    const p = describeProblem({
      code: 'ROOMDECK_BRIDGE_INVALID_ARGS',
      message: 'Invalid argument for systems.update',
      details: {
        problems: [
          { field: 'changes.capacity', message: 'Expected integer' },
          { field: 'module.port', message: 'Expected integer' },
        ],
      },
    });
    expect(p.failures).toEqual([
      { field: 'capacity', reason: 'must be a whole number' },
      { field: 'port', reason: 'must be a whole number' },
    ]);
  });

  it('says schema checks in plain words, never with the argument’s path', () => {
    const p = describeProblem({
      code: 'ROOMDECK_BRIDGE_INVALID_ARGS',
      message:
        'Invalid argument for systems.update: "changes.name" expected string length greater or equal to 1.',
      details: {
        problems: [{ field: 'changes.name', message: 'Expected string length greater or equal to 1' }],
      },
    });
    expect(p.message).not.toMatch(/changes\.name|expected/);
    expect(reasonsFor(p, 'name')).toEqual(['must not be empty']);
  });

  it('reads the current version from a conflict', () => {
    const p = describeProblem(
      new BridgeError({
        code: 'ROOMDECK_VERSION_CONFLICT',
        message: 'Someone else changed this room…',
        details: { currentVersion: 7 },
      }),
    );
    expect(p.currentVersion).toBe(7);
  });

  it('never throws on whatever was thrown', () => {
    for (const thrown of [undefined, null, 'text', 42, new Error('boom'), { code: 5 }, { details: 'x' }]) {
      const p = describeProblem(thrown);
      expect(typeof p.message).toBe('string');
      expect(p.failures).toEqual([]);
    }
  });
});
