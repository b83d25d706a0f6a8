import { describe, expect, it } from 'vitest';
import { recordedTime, recorderView } from '../../../renderer/src/lib/panel/recorder.ts';

const now = Date.UTC(2026, 10, 25, 9, 0, 0) / 1000;

describe('the lecture recorder, as the panel shows it', () => {
  it('counts the time recorded from what the recorder says, on the panel’s clock', () => {
    const state = { state: 'recording', elapsed_seconds: 600, running_since: now - 65 };
    expect(recorderView(state, now)).toMatchObject({ status: 'recording', read: true, seconds: 665 });
    expect(recordedTime(665)).toBe('0:11:05');
    expect(recordedTime(3 * 3600 + 7)).toBe('3:00:07');
  });

  it('stands still while paused, and says no time when idle', () => {
    expect(recorderView({ state: 'paused', elapsed_seconds: 90, running_since: null }, now)).toMatchObject({
      status: 'paused',
      seconds: 90,
    });
    expect(recorderView({ state: 'idle', elapsed_seconds: 0 }, now).seconds).toBeNull();
  });

  it('assumes nothing: unread, not connected or an unknown word is unknown', () => {
    expect(recorderView(undefined, now)).toMatchObject({ status: 'unknown', read: false });
    expect(recorderView({ connected: false, state: 'recording' }, now)).toMatchObject({
      status: 'unknown',
      read: true,
    });
    expect(recorderView({ state: 'exploding' }, now).status).toBe('unknown');
  });

  it('says the next scheduled recording only while it is still to come', () => {
    const next = { start: now + 1200, title: 'Marine ecology' };
    expect(recorderView({ state: 'idle', next_recording: next }, now).next).toEqual(next);
    expect(recorderView({ state: 'idle', next_recording: next }, now + 1200).next).toBeNull();
  });
});
