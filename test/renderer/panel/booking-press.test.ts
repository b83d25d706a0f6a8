import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingView,
  holdBeforeCounting,
  type LengthChoice,
  MINUTE_TURN_MS,
  minutesToBook,
} from '../../../renderer/src/lib/panel/booking.ts';
import { type Api, fakeClock, SYS, startApi } from '../../simulator/api/support.ts';

/*
 * Book now's "Until HH:MM" pressed at any moment of a minute books exactly up to the next meeting:
 * counted against the simulator's own calendar (its `book_now` counts from the minute the request
 * arrives), with the panel's view as old as its clock's last tick and the request some time on
 * its way.
 */

type State = Record<string, unknown>;
type Meeting = { id: string; start: number; end: number };

const clock = fakeClock(Date.UTC(2025, 5, 2, 6, 0, 0));
let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'], now: clock.now });
});
afterAll(() => api.close());

const exec = (method: string, args: unknown[] = []) =>
  api.req<State>('POST', `/api/control/systems/${SYS.huddle}/exec`, {
    json: { module: 'Bookings', method, args },
  });
const calendar = async () =>
  (await api.req<State>('GET', `/api/control/systems/${SYS.huddle}/state?module=Bookings`)).body;
const nowS = () => Math.floor(clock.now() / 1000);

/** A clean calendar: nothing under way, nothing to come. */
async function clearDay(): Promise<void> {
  await exec('end_meeting');
  for (const m of (await calendar()).today as Meeting[]) if (m.start > nowS()) await exec('cancel', [m.id]);
}

/** A desk booking on a whole minute `gapMinutes` ahead of this minute's start. */
async function nextMeetingIn(gapMinutes: number): Promise<number> {
  const start = Math.floor(nowS() / 60) * 60 + gapMinutes * 60;
  expect((await exec('book', [start, 30, 'Design review'])).status).toBe(200);
  return start;
}

/** The panel's press: the view drawn at the clock's last tick, counted as the panel counts it. */
async function pressUntil(tickLagMs: number, transitMs: number, count: 'at the press' | 'from the view') {
  const view = bookingView(await calendar(), Math.floor((clock.now() - tickLagMs) / 1000));
  const until = view?.bookChoices.find((c) => c.until !== undefined) as LengthChoice;
  expect(until, 'an "Until" choice').toBeDefined();
  let minutes = until.minutes;
  if (count === 'at the press') {
    clock.advance(holdBeforeCounting(until, clock.now()));
    minutes = minutesToBook(until, clock.now());
  }
  clock.advance(transitMs);
  return { until, response: await exec('book_now', [minutes]) };
}

beforeEach(clearDay);

describe('Book now "Until HH:MM", pressed as the minute turns', () => {
  it('counted from a view drawn a moment before the minute turned, the calendar refuses it', async () => {
    // 13:49:59.6 by the calendar: the view, drawn at the tick of 13:49:59.2, offers "Until" 41
    // minutes; the request arrives at 13:50:00.1, when 40 is all that is left.
    clock.advance(60_000 - (clock.now() % 60_000) - 400);
    await nextMeetingIn(41);
    const { response } = await pressUntil(400, 500, 'from the view');
    expect(response.status).toBe(502);
    expect(response.text).toMatch(/book 40 minutes or less/);
  });

  it('counted at the press, it books exactly up to the next meeting', async () => {
    clock.advance(60_000 - (clock.now() % 60_000) - 400);
    const next = await nextMeetingIn(41);
    const { until, response } = await pressUntil(400, 500, 'at the press');
    expect(until.until).toBe(next);
    expect(response.status).toBe(200);
    expect((await calendar()).current).toMatchObject({ booked_here: true, end: next });
  });

  it('with the shortest booking left as the minute ends, it goes as counted: booked, or the calendar’s own refusal', async () => {
    // 13:54:58.6, the next meeting at 14:00: five minutes, the calendar's shortest. Waiting for the
    // turn would leave four, which it cannot book; sent at once, it is in time...
    clock.advance(60_000 - (clock.now() % 60_000) - 1_400);
    const next = await nextMeetingIn(5);
    const inTime = await pressUntil(0, 900, 'at the press');
    expect(inTime.response.status, inTime.response.text).toBe(200);
    expect((await calendar()).current).toMatchObject({ booked_here: true, end: next });
    // ...or, arriving after the turn, refused in the calendar's words, never as a malformed request.
    await clearDay();
    clock.advance(60_000 - (clock.now() % 60_000) + 60_000 - 1_400);
    await nextMeetingIn(5);
    const late = await pressUntil(0, 1_450, 'at the press');
    expect(late.response.status).toBe(502);
    expect(late.response.text).toMatch(/booked from \d\d:\d\d \(Design review\)/);
  });

  it('at any moment of the minute, with any tick and any transit under the turn, it ends as the next meeting starts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 59_999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: MINUTE_TURN_MS - 1 }),
        // Six minutes and more: five at a minute's end is the case above.
        fc.integer({ min: 6, max: 89 }),
        async (msIntoMinute, tickLagMs, transitMs, gap) => {
          await clearDay();
          // Each run from the next minute on: the calendar's clock only goes forward.
          clock.advance(60_000 - (clock.now() % 60_000) + msIntoMinute);
          const next = await nextMeetingIn(gap);
          // The view may be drawn in the minute before, when the tick lagged across the turn.
          const { response } = await pressUntil(tickLagMs, transitMs, 'at the press');
          expect(response.status, response.text).toBe(200);
          expect((await calendar()).current).toMatchObject({ booked_here: true, end: next });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('holding a press for the turn of the minute', () => {
  it('waits only in the last moments of a minute, and then counts in the next with the turn ahead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 6, max: 240 }),
        (nowMs, aheadMinutes) => {
          // An "Until" with enough left after the turn to book.
          const choice = { minutes: 0, label: '', until: (Math.floor(nowMs / 60_000) + aheadMinutes) * 60 };
          const hold = holdBeforeCounting(choice, nowMs);
          const left = 60_000 - (nowMs % 60_000);
          expect(hold === 0).toBe(left >= MINUTE_TURN_MS);
          expect(hold).toBeLessThanOrEqual(MINUTE_TURN_MS + 50);
          expect(60_000 - ((nowMs + hold) % 60_000)).toBeGreaterThanOrEqual(MINUTE_TURN_MS);
        },
      ),
    );
  });

  it('never waits for a fixed length, nor when the turn would leave less than the shortest booking', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 600 }),
        (nowMs, aheadMinutes) => {
          const until = (Math.floor(nowMs / 60_000) + aheadMinutes) * 60;
          expect(holdBeforeCounting({ minutes: 15, label: '15 min' }, nowMs)).toBe(0);
          const hold = holdBeforeCounting({ minutes: 0, label: '', until }, nowMs);
          if (hold > 0)
            expect(minutesToBook({ minutes: 0, label: '', until }, nowMs + hold)).toBeGreaterThanOrEqual(5);
          if (aheadMinutes <= 5) expect(hold).toBe(0);
        },
      ),
    );
  });

  it('a fixed length is sent as it is; an "Until" never asks past its time nor more than four hours', () => {
    expect(minutesToBook({ minutes: 15, label: '15 min' }, Date.UTC(2025, 5, 2, 13, 59, 59))).toBe(15);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 600 }),
        (nowMs, aheadMinutes) => {
          const until = (Math.floor(nowMs / 60_000) + aheadMinutes) * 60;
          const minutes = minutesToBook({ minutes: 0, label: '', until }, nowMs);
          expect(minutes).toBe(Math.min(240, aheadMinutes));
        },
      ),
    );
  });
});
