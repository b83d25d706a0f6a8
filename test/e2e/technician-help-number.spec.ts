import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';
import { drawer, openDrawer, phoneApproves } from './support/technician.ts';

/*
 * A room whose settings name no help number is a configuration problem the technician sees: the
 * drawer opened on the room says so and what the panel shows instead (here the building's number,
 * from the configuration), and the panel's Help does show that number. Once the room names its
 * own, the note goes and the panel shows the room's.
 */

const HUDDLE = 'sys-huddle-3-2';
const PIN = '482913';
const BUILDING = 'AV desk, ext. 4357';

ownStack({ kiosk: { system: HUDDLE, pin: PIN, idleSeconds: 600 }, hostConfig: { supportContact: BUILDING } });

const note = (page: Page) => drawer(page).locator('[data-help-number]');

async function roomHelp(
  service: { request: <T>(m: string, p: string, b?: unknown) => Promise<T> },
  help?: unknown,
) {
  const system = await service.request<{ version: number; settings: Record<string, unknown> }>(
    'GET',
    `/systems/${HUDDLE}`,
  );
  const { help: _old, ...rest } = system.settings;
  await service.request('PUT', `/systems/${HUDDLE}`, {
    version: system.version,
    settings: help === undefined ? rest : { ...rest, help },
  });
}

test.afterEach(async ({ service }) => {
  await roomHelp(service);
});

async function panelHelpPhone(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const phone = (await page.getByRole('dialog').locator('[data-help-phone]').textContent()) ?? '';
  await page.getByRole('button', { name: 'Close help' }).click();
  return phone;
}

test('a room without a help number is listed in the drawer on the room, and the panel shows the building’s', async ({
  page,
  browser,
  stack,
  service,
}) => {
  test.setTimeout(180_000);
  await roomHelp(service);
  await signIn(page, stack.host.url);
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  expect(await panelHelpPhone(page)).toContain(BUILDING);

  await openDrawer(page, stack.host.url, PIN);
  await phoneApproves(browser, page);
  await expect(note(page)).toHaveText(
    `No help number set for this room: the panel shows the building's number, ${BUILDING}.`,
  );
  await expect(note(page)).toHaveAttribute('data-help-number', 'building');
  expect(await shootAndAxe(page, 'technician', 'help-number')).toEqual([]);
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);

  // The room names its own number: the panel shows it, and the drawer has nothing to say.
  await roomHelp(service, { text: 'Need help? Call the Huddle desk.', phone: 'ext. 4455' });
  await signIn(page, stack.host.url);
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  await expect.poll(() => panelHelpPhone(page), { timeout: 20_000 }).toContain('ext. 4455');
  await openDrawer(page, stack.host.url, PIN);
  await phoneApproves(browser, page);
  await expect(drawer(page).getByRole('list', { name: "This room's modules" })).toBeVisible();
  await expect(drawer(page).getByRole('listitem').first()).toBeVisible();
  await expect(note(page)).toHaveCount(0);
});
