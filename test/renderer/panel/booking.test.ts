import { describe, expect, it } from 'vitest';
import {
  bookingView,
  countdown,
  extendOffered,
  nextMeetingStart,
} from '../../../renderer/src/lib/panel/booking.ts';

const H = 3600;
const day = Date.UTC(2026, 10, 25, 0, 0, 0) / 1000;
const at = (h: number, m = 0) => day + h * H + m * 60;
const time = (s: number) => new Date(s * 1000).toISOString().slice(11, 16);
const meeting = (id: string, start: number, end: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Meeting ${id}`,
  organiser: 'Ana',
  start,
  end,
  private: false,
  booked_here: false,
  ...extra,
});

describe('the room’s booking, as the panel says it', () => {
  const today = [
    meeting('a', at(9), at(10)),
    meeting('b', at(14), at(15), { title: 'Board meeting' }),
    meeting('c', at(16), at(17), { private: true }),
  ];

  it('a free room says until when, what comes next, and offers what fits before it', () => {
    const view = bookingView({ connected: true, today }, at(13, 20), time);
    expect(view).toMatchObject({
      status: 'free',
      headline: 'Available until 14:00',
      subject: null,
      bookableMinutes: 40,
    });
    expect(view?.upcoming.map((m) => `${m.when} ${m.subject}`)).toEqual([
      '14:00–15:00 Board meeting',
      '16:00–17:00 Booked',
    ]);
    // 40 minutes free: a quick 15, or the whole gap, "Until 14:00".
    expect(view?.bookChoices).toEqual([
      { minutes: 15, label: '15 min' },
      { minutes: 40, label: 'Until 14:00', until: at(14) },
    ]);
    expect(bookingView({ connected: true, today }, at(14, 30), time)?.bookChoices).toEqual([]);
  });

  it('offers the whole gap as "Until HH:MM": at 8:00 free until 8:30, not only "15 min"', () => {
    const morning = [meeting('m', at(8, 30), at(9, 30))];
    // Twenty-three seconds past 8:00: the calendar's booking ends on the minute, so 30 still fits.
    expect(bookingView({ connected: true, today: morning }, at(8) + 23, time)?.bookChoices).toEqual([
      { minutes: 15, label: '15 min' },
      { minutes: 30, label: 'Until 08:30', until: at(8, 30) },
    ]);
    // Seventy-five minutes: still the two, beside the headline.
    expect(bookingView({ connected: true, today: morning }, at(7, 15), time)?.bookChoices).toEqual([
      { minutes: 15, label: '15 min' },
      { minutes: 75, label: 'Until 08:30', until: at(8, 30) },
    ]);
    // A next meeting hours off: the lengths alone.
    expect(
      bookingView({ connected: true, today: [meeting('n', at(14), at(15))] }, at(8), time)?.bookChoices,
    ).toEqual([
      { minutes: 15, label: '15 min' },
      { minutes: 30, label: '30 min' },
      { minutes: 60, label: '60 min' },
    ]);
  });

  it('offers Cancel only for the meeting booked at this panel, and says a released meeting for ten minutes', () => {
    const mine = meeting('d', at(11), at(11, 30), { booked_here: true });
    expect(bookingView({ connected: true, today: [mine] }, at(11, 2), time)?.bookedHere).toEqual({ id: 'd' });
    expect(bookingView({ connected: true, today }, at(9, 30), time)?.bookedHere).toBeNull();
    const released = [{ id: 'r', title: 'Walk-in', start: at(10), end: at(10, 30), released_at: at(10, 10) }];
    const state = { connected: true, today: [], released };
    expect(bookingView(state, at(10, 12), time)?.released).toEqual({ title: 'Walk-in', at: at(10, 10) });
    expect(bookingView(state, at(10, 20), time)?.released).toBeNull();
  });

  it('offers "Until HH:MM" when less than the shortest length fits, and nothing under 5 minutes', () => {
    expect(bookingView({ connected: true, today }, at(13, 52), time)?.bookChoices).toEqual([
      { minutes: 8, label: 'Until 14:00', until: at(14) },
    ]);
    expect(bookingView({ connected: true, today }, at(13, 56), time)?.bookChoices).toEqual([]);
  });

  it('a busy room says until when and the subject; a private meeting says only "Booked"', () => {
    expect(bookingView({ connected: true, today }, at(14, 30), time)).toMatchObject({
      status: 'busy',
      headline: 'In use until 15:00',
      subject: 'Board meeting',
      organiser: 'Ana',
    });
    const hidden = bookingView({ connected: true, today }, at(16, 30), time);
    expect(hidden).toMatchObject({ subject: 'Booked', organiser: null });
    expect(JSON.stringify(hidden)).not.toContain('Meeting c');
  });

  it('offers Extend from 10 minutes before the end, only what fits before the next meeting', () => {
    const day2 = [meeting('a', at(13), at(13, 40)), meeting('b', at(14), at(15))];
    const early = bookingView({ connected: true, today: day2 }, at(13, 20), time);
    expect(early?.extendChoices).toEqual([{ minutes: 15, label: '+15 min' }]);
    expect(extendOffered(early, at(13, 20))).toBe(false);
    expect(extendOffered(bookingView({ connected: true, today: day2 }, at(13, 30), time), at(13, 30))).toBe(
      true,
    );
    // 10 minutes to the next meeting: "Until 14:00" rather than +15.
    const tight = [meeting('a', at(13), at(13, 50)), meeting('b', at(14), at(15))];
    expect(bookingView({ connected: true, today: tight }, at(13, 45), time)?.extendChoices).toEqual([
      { minutes: 10, label: 'Until 14:00' },
    ]);
    // An hour to the next meeting: both lengths.
    expect(bookingView({ connected: true, today }, at(14, 55), time)?.extendChoices).toEqual([
      { minutes: 15, label: '+15 min' },
      { minutes: 30, label: '+30 min' },
    ]);
    // Back to back: nothing to offer.
    const full = [meeting('a', at(13), at(14)), meeting('b', at(14), at(15))];
    expect(extendOffered(bookingView({ connected: true, today: full }, at(13, 55), time), at(13, 55))).toBe(
      false,
    );
  });

  it('shows the calendar’s own no-show countdown for the meeting under way', () => {
    const mine = meeting('d', at(11), at(11, 30), { booked_here: true });
    const state = { connected: true, today: [mine], current: { ...mine, release_at: at(11, 10) } };
    expect(bookingView(state, at(11, 5), time)?.releaseAt).toBe(at(11, 10));
    expect(
      bookingView({ ...state, current: { ...mine, release_at: null } }, at(11, 5), time)?.releaseAt,
    ).toBeNull();
    expect(countdown(at(11, 10), at(11, 5) + 28)).toBe('4:32');
    expect(countdown(at(11, 10), at(11, 11))).toBe('0:00');
  });

  it('says nothing when the calendar is not connected, and the rest of the day when nothing is next', () => {
    expect(bookingView({ connected: false, today }, at(8), time)).toBeNull();
    expect(bookingView(undefined, at(8), time)).toBeNull();
    expect(bookingView({ connected: true, today }, at(18), time)?.headline).toBe(
      'Available for the rest of the day',
    );
  });
});

describe('the next meeting, for the update window', () => {
  const today = [meeting('b', at(14), at(15)), meeting('a', at(9), at(10)), meeting('c', at(16), at(17))];

  it('is the earliest of today’s meetings still to start, in whatever order the calendar lists them', () => {
    expect(nextMeetingStart({ connected: true, today }, at(8))).toBe(at(9));
    expect(nextMeetingStart({ connected: true, today }, at(9, 30))).toBe(at(14));
  });

  it('is none after the last meeting, without a calendar, or with the calendar disconnected', () => {
    expect(nextMeetingStart({ connected: true, today }, at(16, 30))).toBeNull();
    expect(nextMeetingStart(undefined, at(8))).toBeNull();
    expect(nextMeetingStart({ connected: false, today }, at(8))).toBeNull();
  });
});
