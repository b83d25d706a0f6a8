import type { Request } from '@playwright/test';
import { expect, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';

/*
 * The panel tells the main process (here the browser host) which room and page it shows and
 * whether the room is in use, at once on a change and every few seconds as a heartbeat; a page
 * opened with `#page=…` (how a recovered kiosk window comes back) starts on that page.
 */

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';

interface Report {
  systemId: string | null;
  page: string | null;
  roomOn: boolean | null;
  meetingUnderway: boolean | null;
  lastInteractionAt?: number;
  nextMeetingAt?: number | null;
  pressInFlight?: boolean;
}

test.describe('the panel’s heartbeat', () => {
  test.beforeEach(async ({ service }) => {
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  });
  test.afterEach(async ({ service }) => {
    await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  });

  test('reports the room, its page and its power, and keeps reporting while nothing changes', async ({
    page,
    stack,
  }) => {
    const reports: Report[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/bridge/panel/report')) reports.push(request.postDataJSON() as Report);
    });
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    await expect.poll(() => reports.at(-1)).toMatchObject({ systemId: HUDDLE, page: null, roomOn: false });

    await page
      .getByRole('group', { name: 'Sources' })
      .getByRole('button', { name: /^Wireless/ })
      .click();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use');
    await expect
      .poll(() => reports.at(-1))
      .toMatchObject({ systemId: HUDDLE, page: 'sources', roomOn: true });

    const before = reports.length;
    await expect.poll(() => reports.length, { timeout: 12_000 }).toBeGreaterThan(before);
    expect(reports.at(-1)).toMatchObject({ systemId: HUDDLE, roomOn: true });
  });

  test('tells the update window when the panel was touched, the next meeting, and no press pending', async ({
    page,
    stack,
  }) => {
    const reports: { body: Report; status: Promise<number | undefined> }[] = [];
    page.on('request', (request: Request) => {
      if (request.url().endsWith('/bridge/panel/report'))
        reports.push({
          body: request.postDataJSON() as Report,
          status: request.response().then((r) => r?.status()),
        });
    });
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'welcome');
    const touched = Date.now();
    await page.locator('.panel').click({ position: { x: 5, y: 5 } });
    await expect
      .poll(() => reports.at(-1)?.body.lastInteractionAt ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(touched - 1_000);
    const last = reports.at(-1);
    expect(last?.body).toMatchObject({ systemId: HUDDLE, roomOn: false, pressInFlight: false });
    expect(last?.body.nextMeetingAt === null || typeof last?.body.nextMeetingAt === 'number').toBe(true);
    // The bridge takes the new fields (a refused report would answer 400).
    expect(await last?.status).toBeLessThan(300);
  });

  test('a page opened with #page= starts on that page of the room', async ({ page, stack, service }) => {
    // A room with several pages for its users (lights, cameras, mics, blinds).
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    await service.exec(BOARDROOM, 'RoomLogic', 'power', [true]).catch(() => undefined);
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use', { timeout: 10_000 });
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    const target = (await tabs.nth(count - 1).getAttribute('aria-controls'))?.replace(/^page-/, '') ?? '';
    expect(target).not.toBe('');

    await page.goto(`${page.url().split('#')[0]}#page=${encodeURIComponent(target)}`);
    await page.reload();
    await expect(page.locator('.panel')).toHaveAttribute('data-view', 'in-use', { timeout: 10_000 });
    await expect(page.getByRole('tablist').getByRole('tab', { selected: true })).toHaveAttribute(
      'aria-controls',
      `page-${target}`,
    );
  });
});
