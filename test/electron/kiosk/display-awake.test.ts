import { describe, expect, it } from 'vitest';
import { DisplayAwake, keepDisplayAwake } from '../../../electron/kiosk/display-awake.ts';
import { FakePowerSaveBlocker } from './fake-window.ts';

describe('keeping the display awake', () => {
  it('is wanted while the room is on or a meeting is under way, and not otherwise', () => {
    expect(keepDisplayAwake({ roomOn: true, meetingUnderway: false })).toBe(true);
    expect(keepDisplayAwake({ roomOn: false, meetingUnderway: true })).toBe(true);
    expect(keepDisplayAwake({ roomOn: true, meetingUnderway: true })).toBe(true);
    expect(keepDisplayAwake({ roomOn: false, meetingUnderway: false })).toBe(false);
  });

  it('is left as it is while the panel does not know yet (a reloaded page loading its room)', () => {
    expect(keepDisplayAwake(null)).toBeNull();
    expect(keepDisplayAwake({ roomOn: null, meetingUnderway: null })).toBeNull();
    expect(keepDisplayAwake({ roomOn: false, meetingUnderway: null })).toBeNull();
    expect(keepDisplayAwake({ roomOn: null, meetingUnderway: true })).toBe(true);
    const blocker = new FakePowerSaveBlocker();
    const display = new DisplayAwake(blocker);
    display.update({ roomOn: true, meetingUnderway: true });
    display.update({ roomOn: null, meetingUnderway: null });
    expect(blocker.active.size).toBe(1);
    display.update({ roomOn: false, meetingUnderway: false });
    expect(blocker.active.size).toBe(0);
    display.update({ roomOn: null, meetingUnderway: null });
    expect(blocker.starts).toBe(1);
  });

  it('starts the blocker once when the room comes on, however many heartbeats repeat it', () => {
    const blocker = new FakePowerSaveBlocker();
    const display = new DisplayAwake(blocker);
    for (let i = 0; i < 5; i++) display.update({ roomOn: true, meetingUnderway: false });
    expect(blocker.starts).toBe(1);
    expect(blocker.active.size).toBe(1);
    expect(display.awake).toBe(true);
  });

  it('stops it once when the room is off and no meeting is on, and starts again for the next meeting', () => {
    const blocker = new FakePowerSaveBlocker();
    const display = new DisplayAwake(blocker);
    display.update({ roomOn: true, meetingUnderway: true });
    display.update({ roomOn: false, meetingUnderway: true });
    expect(blocker.stops).toBe(0);
    display.update({ roomOn: false, meetingUnderway: false });
    display.update({ roomOn: false, meetingUnderway: false });
    expect(blocker.stops).toBe(1);
    expect(blocker.active.size).toBe(0);
    display.update({ roomOn: false, meetingUnderway: true });
    expect(blocker.starts).toBe(2);
    expect(blocker.active.size).toBe(1);
  });

  it('lets the display sleep when disposed', () => {
    const blocker = new FakePowerSaveBlocker();
    const display = new DisplayAwake(blocker);
    display.update({ roomOn: true, meetingUnderway: false });
    display.dispose();
    expect(blocker.active.size).toBe(0);
  });
});
