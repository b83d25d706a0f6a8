import { describe, expect, it } from 'vitest';
import {
  argumentFailure,
  codeSpans,
  plainReason,
  serviceSaid,
} from '../../../renderer/src/lib/technician/common/plain-words.ts';

describe('validation in plain words', () => {
  it('rewords schema checkers’ messages', () => {
    expect(plainReason('Expected string length greater or equal to 1')).toBe('must not be empty');
    expect(plainReason('Expected string length less or equal to 80')).toBe('must be at most 80 characters');
    expect(plainReason('Expected integer to be less or equal to 100')).toBe('must be at most 100');
    expect(plainReason('expected integer to be greater or equal to 0')).toBe('must be at least 0');
    expect(plainReason("Expected string to match 'email' format")).toMatch(/email address/);
    expect(plainReason('Expected required property')).toBe('is required');
    expect(plainReason('must be unique')).toBe('must be unique');
  });

  it('puts a device’s refusal of an argument on that argument’s field', () => {
    const said = serviceSaid(
      'The device did not accept the values sent with this command. (The service said: volume: level must be ≤ 100 (the display’s maximum))',
    );
    expect(said).toBe('volume: level must be ≤ 100 (the display’s maximum)');
    expect(argumentFailure(said ?? '', 'volume', ['level'])).toEqual({
      field: 'level',
      reason: 'must be at most 100 (the display’s maximum)',
    });
    expect(argumentFailure(said ?? '', 'power', ['state'])).toBeNull();
  });

  it('shows `code` in descriptions as code, not as backticks', () => {
    expect(codeSpans('Input, e.g. `hdmi1`.')).toEqual([
      { code: false, text: 'Input, e.g. ' },
      { code: true, text: 'hdmi1' },
      { code: false, text: '.' },
    ]);
  });
});
