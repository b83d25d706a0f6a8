import { describe, expect, it } from 'vitest';
import { helpNumberGap } from '../../../renderer/src/lib/technician/systems/help-number.ts';

/* Which help number the panel falls back to when a room names none of its own, as the technician hears it. */

describe('helpNumberGap', () => {
  it('is quiet when the room names its own number, in its help object or in its help text', () => {
    expect(helpNumberGap({ help: { text: 'Ask us.', phone: 'ext. 4455' } }, 'AV desk', undefined)).toBeNull();
    expect(helpNumberGap({ help: 'Need help? Call **ext. 4400**.' }, null, undefined)).toBeNull();
  });

  it('names the building’s configured contact when the room has none', () => {
    expect(helpNumberGap({ help: 'Touch a source to start.' }, ' AV desk, ext. 4357 ', 'call x4000')).toEqual(
      {
        kind: 'building',
        number: 'AV desk, ext. 4357',
      },
    );
  });

  it('names the number in the room system’s own help when neither the room nor the building has one', () => {
    expect(helpNumberGap(undefined, null, 'Call the help desk on **extension 4357**.')).toEqual({
      kind: 'system',
      number: 'extension 4357',
    });
  });

  it('says there is no number at all when nothing names one', () => {
    expect(helpNumberGap({}, '', 'Touch a source.')).toEqual({ kind: 'none' });
    expect(helpNumberGap(undefined, null, undefined)).toEqual({ kind: 'none' });
  });
});
