import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTALL_POLICY,
  installDecision,
  type PanelActivity,
} from '../../../core/update/install-window.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 24, 2, 0, 0);

const quiet = (over: Partial<PanelActivity> = {}): PanelActivity => ({
  now: T0,
  roomOn: false,
  inMeeting: false,
  nextMeetingAt: null,
  lastInteractionAt: T0 - 2 * 60 * MIN,
  pressInFlight: false,
  ...over,
});

describe('when a downloaded update may install', () => {
  it('installs in a quiet night: room off, untouched for hours, no meeting coming', () => {
    expect(installDecision(quiet())).toEqual({ install: true });
  });

  it('never installs mid-press, in a meeting, or with the room on', () => {
    expect(installDecision(quiet({ pressInFlight: true }))).toMatchObject({
      install: false,
      reason: 'press-in-flight',
    });
    expect(installDecision(quiet({ inMeeting: true }))).toMatchObject({
      install: false,
      reason: 'in-meeting',
    });
    expect(installDecision(quiet({ roomOn: true }))).toMatchObject({ install: false, reason: 'room-on' });
  });

  it('waits until the panel has been untouched for the idle time, and says until when', () => {
    const touched = T0 - 10 * MIN;
    expect(installDecision(quiet({ lastInteractionAt: touched }))).toEqual({
      install: false,
      reason: 'recently-used',
      retryAt: touched + DEFAULT_INSTALL_POLICY.idleMs,
    });
  });

  it('does not install when a meeting starts within the guard time, and asks again after it starts', () => {
    const meeting = T0 + 45 * MIN;
    expect(installDecision(quiet({ nextMeetingAt: meeting }))).toEqual({
      install: false,
      reason: 'meeting-soon',
      retryAt: meeting + MIN,
    });
    expect(installDecision(quiet({ nextMeetingAt: T0 + 61 * MIN }))).toEqual({ install: true });
  });

  it('walks a fake clock through a day and installs only in the quiet gaps', () => {
    // Touched from 08:00; meetings (room on) 09:00–10:00 and 14:00–15:00.
    const day = Date.UTC(2026, 10, 24, 0, 0, 0);
    const at = (h: number, m = 0) => day + h * 60 * MIN + m * MIN;
    const activity = (now: number): PanelActivity => ({
      now,
      roomOn: (now >= at(9) && now < at(10)) || (now >= at(14) && now < at(15)),
      inMeeting: (now >= at(9) && now < at(10)) || (now >= at(14) && now < at(15)),
      nextMeetingAt: now < at(9) ? at(9) : now < at(14) ? at(14) : null,
      lastInteractionAt: now < at(8) ? at(0) : now < at(10) ? Math.min(now, at(10)) : at(10),
      pressInFlight: false,
    });
    const installs: number[] = [];
    for (let now = day; now < day + 24 * 60 * MIN; now += 5 * MIN) {
      if (installDecision(activity(now)).install) installs.push(now);
    }
    const hours = new Set(installs.map((t) => new Date(t).getUTCHours()));
    expect(hours.has(9)).toBe(false); // the meeting
    expect(installs.some((t) => t >= at(8) && t < at(10, 30))).toBe(false); // touched, then idle time
    expect(installs.some((t) => t > at(13) && t < at(15))).toBe(false); // guard before the 14:00 meeting
    expect(installs.some((t) => t >= at(10, 30) && t <= at(13))).toBe(true); // the quiet gap
    expect(installs.some((t) => t >= at(20))).toBe(true); // the night
  });

  it('never installs when anything blocks, and a refusal always names a later time to ask again', () => {
    const activity = fc.record({
      now: fc.constant(T0),
      roomOn: fc.boolean(),
      inMeeting: fc.boolean(),
      nextMeetingAt: fc.option(fc.integer({ min: T0 - 120 * MIN, max: T0 + 300 * MIN }), { nil: null }),
      lastInteractionAt: fc.integer({ min: T0 - 300 * MIN, max: T0 }),
      pressInFlight: fc.boolean(),
    });
    fc.assert(
      fc.property(activity, (a) => {
        const decision = installDecision(a);
        const blocked =
          a.roomOn ||
          a.inMeeting ||
          a.pressInFlight ||
          T0 - a.lastInteractionAt < DEFAULT_INSTALL_POLICY.idleMs ||
          (a.nextMeetingAt !== null && a.nextMeetingAt - T0 < DEFAULT_INSTALL_POLICY.meetingGuardMs);
        expect(decision.install).toBe(!blocked);
        if (!decision.install) expect(decision.retryAt).toBeGreaterThan(T0);
      }),
      { numRuns: 2_000 },
    );
  });
});
