import { describe, expect, it } from 'vitest';
import type { RoomOpening } from '../../../contract/types.ts';
import { OPENING_AHEAD_MS, OpeningAhead } from '../../../core/page/opening-ahead.ts';

const HUDDLE = 'sys-huddle-3-2';

/** A fake opener that counts its calls and answers with the call's number. */
function opener(fail = false) {
  const calls: string[] = [];
  const open = async (id: string) => {
    calls.push(id);
    if (fail) throw new Error('offline');
    return { call: calls.length } as unknown as RoomOpening;
  };
  return { calls, open };
}

describe('the room opened while its page is served', () => {
  it('is what the page’s boot gets, once: the next boot opens the room again', async () => {
    let now = 0;
    const ahead = new OpeningAhead(() => now);
    const { calls, open } = opener();
    ahead.start(HUDDLE, open);
    now += 200;
    expect(await ahead.open(HUDDLE, open)).toEqual({ call: 1 });
    expect(await ahead.open(HUDDLE, open)).toEqual({ call: 2 });
    expect(calls).toEqual([HUDDLE, HUDDLE]);
  });

  it('is not used for another room, nor once it is older than a page load takes', async () => {
    let now = 0;
    const ahead = new OpeningAhead(() => now);
    const { calls, open } = opener();
    ahead.start(HUDDLE, open);
    expect(await ahead.open('sys-other', open)).toEqual({ call: 2 });
    ahead.start(HUDDLE, open);
    now += OPENING_AHEAD_MS + 1;
    expect(await ahead.open(HUDDLE, open)).toEqual({ call: 4 });
    expect(calls).toEqual([HUDDLE, 'sys-other', HUDDLE, HUDDLE]);
  });

  it('starts once for pages served together; a failed one is the boot’s answer, not tried twice', async () => {
    const ahead = new OpeningAhead(() => 0);
    const failing = opener(true);
    ahead.start(HUDDLE, failing.open);
    ahead.start(HUDDLE, failing.open);
    expect(failing.calls).toEqual([HUDDLE]);
    const fresh = opener();
    await expect(ahead.open(HUDDLE, fresh.open)).rejects.toThrow('offline');
    expect(fresh.calls).toEqual([]);
    // The next boot opens the room itself.
    expect(await ahead.open(HUDDLE, fresh.open)).toEqual({ call: 1 });
  });
});
