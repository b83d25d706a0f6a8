import { mkdirSync } from 'node:fs';
import { seriousFindings } from './support/axe.ts';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * The booking's whole life at the room's panel, driven as a person does and checked against what
 * the calendar (the room's Bookings service module) then holds: Book now offers only what fits,
 * Extend likewise, a clash the panel could not know of is said as the calendar says it, one End
 * meeting releases the booking and switches the room off, and a meeting nobody came to is released
 * by the calendar while the panel counts down.
 *
 * Its own stack: the tests rewrite Huddle 3.2's calendar, which other specs read as seeded.
 */

const HUDDLE = 'sys-huddle-3-2';
const CALENDAR = 'mod-huddle-bookings';

type Meeting = {
  id: string;
  title: string;
  start: number;
  end: number;
  booked_here: boolean;
  checked_in?: boolean;
  release_at?: number | null;
};
type Calendar = {
  status: 'free' | 'busy';
  current: Meeting | null;
  next: Meeting | null;
  today: Meeting[];
  released: { id: string; released_at: number }[];
};

const { stack, service } = ownStack();
const nowS = () => Math.floor(Date.now() / 1000);
const calendar = async () => (await service.state(HUDDLE, 'Bookings')) as unknown as Calendar;
/** What the calendar holds at this moment: the meeting under way, if any. */
const underWay = (c: Calendar) => c.today.filter((m) => m.start <= nowS() && nowS() < m.end);

async function calendarSettings(extra: Record<string, unknown> = {}): Promise<void> {
  await service.moduleSettings(CALENDAR, { calendar: 'huddle.3.2@demo.local', ...extra });
}

/** Someone books the room from their desk calendar. */
async function deskBooking(start: number, minutes: number, title: string): Promise<Meeting> {
  return (await service.exec(HUDDLE, 'Bookings', 'book', [start, minutes, title])) as Meeting;
}

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });
const card = (page: Page) => page.getByRole('region', { name: 'Room booking' });
const bookNow = (page: Page) => card(page).getByRole('group', { name: 'Book now' });
const bar = (page: Page) => page.getByRole('region', { name: 'Room controls' });

/** Screenshots at the three sizes, each one screen; and no serious or critical axe finding. */
async function shoot(page: Page, name: string): Promise<void> {
  expect(await seriousFindings(page, name)).toEqual([]);
  const dir = path.join(ROOT, 'test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  const first = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Nothing scrolls: the panel is one screen at every size.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
      `${name} fits ${size.width}×${size.height}`,
    ).toBe(true);
    await keepScreenshot(page, { path: path.join(dir, `booking-${name}-${size.width}x${size.height}.png`) });
  }
  if (first) await page.setViewportSize(first);
}

test.beforeEach(async () => {
  // A clean day: the room off, nothing under way and nothing to come, the default no-show time.
  await calendarSettings();
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  await service.exec(HUDDLE, 'Bookings', 'end_meeting', []).catch(() => undefined);
  for (const m of (await calendar()).today.filter((m) => m.start > nowS())) {
    await service.exec(HUDDLE, 'Bookings', 'cancel', [m.id]);
  }
  expect(await calendar()).toMatchObject({ status: 'free', current: null, next: null });
});

test('one End meeting: after one question it releases the booking and switches the room off', async ({
  page,
}) => {
  await deskBooking(nowS() + 2 * 3600, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await bookNow(page).getByRole('button', { name: '30 min' }).click();
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  // Starting the room is the check-in: the calendar no longer counts down to a release.
  await expect.poll(async () => (await calendar()).current?.checked_in).toBe(true);

  // One button ends the meeting; no second "End meeting" that does something else.
  await expect(page.getByRole('button', { name: /End meeting/ })).toHaveCount(1);
  await expect(bar(page).getByRole('button', { name: 'Room off' })).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'End meeting', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('End the meeting and switch the room off?');
  await shoot(page, 'end-meeting-confirm');

  // Keeping it changes nothing.
  await question.getByRole('button', { name: 'Keep the meeting' }).click();
  await expect(question).toHaveCount(0);
  expect(underWay(await calendar())).toHaveLength(1);
  expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(true);

  await bar(page).getByRole('button', { name: 'End meeting', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'End meeting', exact: true }).click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  const after = await calendar();
  expect(after).toMatchObject({ status: 'free', current: null, next: { title: 'Design review' } });
  expect(underWay(after)).toEqual([]);
  expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
  await expect(card(page)).toHaveAttribute('data-booking', 'free');
});

test('with no meeting under way the bar says Room off, with its own question, and leaves the calendar alone', async ({
  page,
}) => {
  await deskBooking(nowS() + 2 * 3600, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  await expect(page.getByRole('button', { name: /End meeting/ })).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'Room off', exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Switch the room off?');
  await question.getByRole('button', { name: 'Switch the room off' }).click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
  expect((await service.state(HUDDLE, 'RoomLogic')).power).toBe(false);
  expect(await calendar()).toMatchObject({ status: 'free', next: { title: 'Design review' } });
});

test('Book now offers only the lengths that fit before the next meeting, then "Until" when less than 15 minutes do', async ({
  page,
}) => {
  // 41 minutes free (and a little): a quick 15, or the whole gap "Until" the next meeting.
  const review = await deskBooking(nowS() + 41 * 60 + 30, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(bookNow(page).getByRole('button')).toHaveText(['15 min', /^Until /]);
  await shoot(page, 'welcome-free-book-now');

  // Ten and a half minutes free: the one choice is all that is left, "Until" the next meeting.
  await service.exec(HUDDLE, 'Bookings', 'cancel', [review.id]);
  const soon = await deskBooking(nowS() + 10 * 60 + 30, 30, 'Design review');
  // The panel reads the calendar every 30 s; a reload reads it now.
  await page.reload();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await expect(bookNow(page).getByRole('button')).toHaveText([/^Until /]);
  const headline = card(page).getByRole('status');
  const until = (await headline.textContent())?.replace(/^Available until /, '').trim() ?? '';
  // The same formatter for the headline and the choice: one time format on the panel.
  await expect(bookNow(page).getByRole('button')).toHaveText([`Until ${until}`]);
  await shoot(page, 'welcome-free-book-until');
  await bookNow(page)
    .getByRole('button', { name: `Until ${until}` })
    .click();
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  const booked = await calendar();
  expect(booked.current).toMatchObject({ booked_here: true });
  expect(booked.current?.end).toBeLessThanOrEqual(soon.start);
  expect(booked.next).toMatchObject({ id: soon.id });
});

test('a clash the panel could not know of is the calendar’s own sentence, not a device fault', {
  tag: '@generation',
}, async ({ page }) => {
  await deskBooking(nowS() + 2 * 3600, 30, 'Quarterly review');
  // Pushed, the desk booking would reach the panel within milliseconds: the race this test stages
  // (a booking made between two reads) is the one a polling panel has, so this page gets no event
  // stream and polls (its live channel says so when the stream cannot open).
  await page.route('**/bridge/events*', (route: Route) => route.abort());
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(bookNow(page).getByRole('button')).toHaveText(['15 min', '30 min', '60 min']);

  // The panel's view of the calendar is as old as its last poll: hold it there while someone
  // books the room from their desk, as happens between two polls.
  // Held until the person's booking goes out; what the panel reads after it is the calendar's.
  const held = JSON.stringify({ ok: true, value: await service.state(HUDDLE, 'Bookings') });
  let holding = true;
  page.on('request', (request) => {
    if (request.url().endsWith('/bridge/systems/exec')) holding = false;
  });
  await page.route('**/bridge/systems/state', async (route: Route) => {
    const asked = route.request().postDataJSON() as { module?: string };
    if (asked.module !== 'Bookings' || !holding) return route.continue();
    return route.fulfill({ status: 200, contentType: 'application/json', body: held });
  });
  await deskBooking(nowS() + 20 * 60 + 30, 30, 'Design sync');

  await bookNow(page).getByRole('button', { name: '60 min' }).click();
  const problem = card(page).getByRole('alert');
  await expect(problem).toHaveText(
    /^The room is booked from \d\d:\d\d \(Design sync\); book \d+ minutes or less\.$/,
  );
  await expect(problem).not.toContainText('powered');
  await shoot(page, 'welcome-clash-message');
  expect(await calendar()).toMatchObject({ status: 'free', current: null });

  // The refusal has the panel read the calendar again: now only what fits is offered.
  await expect(bookNow(page).getByRole('button')).toHaveText(['15 min', /^Until /]);
});

test('Extend appears 10 minutes before the end, offers only what fits, and never clashes', async ({
  page,
}) => {
  const start = nowS();
  const meeting = await deskBooking(start, 10, 'Team meeting');
  // Twenty minutes between this meeting's end and the next: +15 fits, +30 does not.
  await deskBooking(meeting.end + 20 * 60, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await tile(page, 'Laptop').click();
  await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
  const extend = page.getByRole('group', { name: 'Extend the meeting' });
  await expect(extend.getByRole('button')).toHaveText(['+15 min']);
  await shoot(page, 'in-use-extend');

  await extend.getByRole('button', { name: '+15 min' }).click();
  await expect.poll(async () => (await calendar()).current?.end).toBe(meeting.end + 15 * 60);
  expect((await calendar()).next).toMatchObject({ title: 'Design review', start: meeting.end + 20 * 60 });
  // Now 25 minutes from its end: Extend waits until 10 minutes before it again.
  await expect(extend).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Room booking' }).getByRole('status')).toHaveText(
    /^In use until .+ — Team meeting$/,
  );
});

test('a meeting booked for now from a desk, in a room nobody starts, is released by the calendar, the panel counting down and then saying so once', async ({
  page,
}) => {
  await deskBooking(nowS(), 15, 'Walk-in');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  const booked = (await calendar()).current as Meeting;
  // The calendar's default no-show time: ten minutes from the start.
  expect(booked.release_at).toBe(booked.start + 600);
  const timer = card(page).getByRole('timer');
  await expect(timer).toHaveText(/^Released in (9:[0-5]\d|10:00) unless someone starts the room$/);
  await expect(card(page).getByRole('button', { name: 'Check in' })).toBeVisible();
  await shoot(page, 'welcome-busy-countdown');

  // The room's no-show time shortened to well under a second: the meeting is overdue at once.
  await calendarSettings({ no_show_minutes: 0.01 });
  await expect.poll(async () => (await calendar()).status, { timeout: 10_000 }).toBe('free');
  const after = await calendar();
  expect(after.current).toBeNull();
  expect(after.today.some((m) => m.id === booked.id)).toBe(false);
  expect(after.released.map((r) => r.id)).toContain(booked.id);
  // The panel shows the room free again, and no countdown; the release is said, once.
  await expect(card(page)).toHaveAttribute('data-booking', 'free');
  await expect(timer).toHaveCount(0);
  await expect(card(page).getByRole('status')).toHaveText(/^Available/);
  const said = /^“Walk-in” was given back at .+: nobody checked in\.$/;
  await expect(card(page).getByText(said)).toBeVisible();
  await expect(page.getByText(said)).toHaveCount(1);
  await shoot(page, 'welcome-released-said');
});

test('"Check in" keeps a desk booking for now: the calendar no longer releases it', async ({ page }) => {
  await deskBooking(nowS(), 15, 'Walk-in');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  const timer = card(page).getByRole('timer');
  await expect(timer).toBeVisible();
  await card(page).getByRole('button', { name: 'Check in' }).click();
  await expect(timer).toHaveCount(0);
  const booked = (await calendar()).current as Meeting;
  expect(booked).toMatchObject({ checked_in: true, release_at: null });

  await calendarSettings({ no_show_minutes: 0.01 });
  // Past the (shortened) release time by a whole second, by the calendar's own clock.
  await expect.poll(nowS).toBeGreaterThan(booked.start + 1);
  expect(await calendar()).toMatchObject({ status: 'busy', current: { id: booked.id } });
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
});

test('a booking made at the panel needs no check-in, and a mistaken one is cancelled there', async ({
  page,
}) => {
  await deskBooking(nowS() + 2 * 3600, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await bookNow(page).getByRole('button', { name: '15 min' }).click();
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  // The person who pressed Book now is in the room: no countdown, nothing to check in to.
  const booked = (await calendar()).current as Meeting;
  expect(booked).toMatchObject({ booked_here: true, checked_in: true, release_at: null });
  await expect(card(page).getByRole('timer')).toHaveCount(0);
  await expect(card(page).getByRole('button', { name: 'Check in' })).toHaveCount(0);
  const cancel = card(page).getByRole('button', { name: 'Cancel booking' });
  await expect(cancel).toBeVisible();
  await shoot(page, 'welcome-booked-here-cancel');

  await cancel.click();
  await expect(card(page)).toHaveAttribute('data-booking', 'free');
  const after = await calendar();
  expect(after).toMatchObject({ status: 'free', current: null, next: { title: 'Design review' } });
  expect(after.today.some((m) => m.id === booked.id)).toBe(false);
  await expect(cancel).toHaveCount(0);
  // A meeting booked elsewhere has no Cancel at the wall.
  await deskBooking(nowS(), 15, 'Walk-in');
  await page.reload();
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  await expect(card(page).getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('free until the half hour: Book now offers "Until" it, and books exactly up to it', async ({ page }) => {
  // The next meeting at the start of the minute half an hour from now: at 8:00:23, one at 8:30.
  const soon = await deskBooking(Math.floor(nowS() / 60) * 60 + 30 * 60, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  const headline = card(page).getByRole('status');
  await expect(headline).toHaveText(/^Available until /);
  const until = (await headline.textContent())?.replace(/^Available until /, '').trim() ?? '';
  await expect(bookNow(page).getByRole('button')).toHaveText(['15 min', `Until ${until}`]);
  await shoot(page, 'welcome-free-until-half-hour');
  await bookNow(page)
    .getByRole('button', { name: `Until ${until}` })
    .click();
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  // Ends as the next meeting starts, to the second: "Until 8:30" meant 8:30.
  expect((await calendar()).current).toMatchObject({ booked_here: true, end: soon.start });
  await expect(card(page).getByRole('status')).toHaveText(new RegExp(`^In use until ${until}`));
});

test('"Until" pressed in the last moment of a minute still books exactly up to the next meeting', async ({
  page,
}) => {
  // Up to a minute waiting for the moment, on top of the usual.
  test.setTimeout(150_000);
  const soon = await deskBooking(Math.floor(nowS() / 60) * 60 + 20 * 60, 30, 'Design review');
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await expect(bookNow(page).getByRole('button', { name: /^Until / })).toBeVisible();
  // Pressed 5 ms before the minute turns, by this machine's clock, which the simulator's calendar
  // reads too: timed in the page to the millisecond (a click sent from here would land anywhere in
  // a 100 ms window). The button was drawn at the panel's last tick, in the minute that is ending;
  // the request reaches the calendar in the next, which counts one minute less to the meeting.
  // The button is found at the moment of the press: each minute's "Until" is a button of its own,
  // so one found before a minute turned would no longer be on the screen.
  const pressedAt = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const left = 60_000 - (Date.now() % 60_000) - 5;
        setTimeout(
          () => {
            const button = [...document.querySelectorAll<HTMLButtonElement>('.book-now button')].find((b) =>
              b.textContent?.startsWith('Until '),
            );
            if (button === undefined)
              return reject(new Error('no "Until" button at the moment of the press'));
            button.click();
            resolve(Date.now());
          },
          left < 2_000 ? left + 60_000 : left,
        );
      }),
  );
  // A timer late under load may land just past the turn: a view a tick old is then still the last
  // minute's. Farther off, this would not be the moment it means to test.
  const fromTurn = ((pressedAt + 30_000) % 60_000) - 30_000;
  expect(Math.abs(fromTurn), 'pressed within a second of the minute’s turn').toBeLessThan(1_000);
  await expect(card(page)).toHaveAttribute('data-booking', 'busy');
  await expect(card(page).locator('.booking-problem')).toHaveCount(0);
  expect((await calendar()).current).toMatchObject({ booked_here: true, end: soon.start });
});
