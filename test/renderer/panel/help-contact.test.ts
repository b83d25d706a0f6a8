import { describe, expect, it } from 'vitest';
import { callWords, helpNumberIn } from '../../../renderer/src/lib/words/help-contact.ts';

describe('the number to call', () => {
  it('is found in a room’s help text, Markdown emphasis and all', () => {
    expect(helpNumberIn('Need help? Call AV support on **ext. 4400**.')).toBe('ext. 4400');
    expect(helpNumberIn('Call the AV help desk on **extension 4357** (HELP).')).toBe('extension 4357');
    expect(helpNumberIn('Phone +64 9 555 0134 any time.')).toBe('+64 9 555 0134');
  });

  it('is nothing when the text names none, so the configured contact is used', () => {
    expect(helpNumberIn('Touch a source to start the room.')).toBeNull();
    expect(helpNumberIn('Room 12, 3 screens')).toBeNull();
    expect(helpNumberIn(undefined)).toBeNull();
    expect(callWords(null)).toBe('Call AV support.');
    expect(callWords('ext. 4400')).toBe('Call AV support on ext. 4400.');
  });
});
