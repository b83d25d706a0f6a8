import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { callBridge, openHost, signIn } from './support/panel.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * A technician's work in a room, against the real simulator and browser host, signed in as the
 * demo technician (support): putting a module into a room and taking it out, watching a module's
 * state change live when someone presses the room's panel in another tab, and the exec console's
 * generated forms. Screenshots at 1440×900 and 1920×1080 go to test-results/screens.
 */

const HUDDLE = 'sys-huddle-3-2';
const BLINDS = 'mod-boardroom-blinds';
const SCREENS = 'test-results/screens';

interface WireSystem {
  id: string;
  version: number;
  modules: string[];
}

const { stack, service } = ownStack();
test.describe.configure({ mode: 'serial' });

const huddle = () => service.request<WireSystem>('GET', `/systems/${HUDDLE}`);

/** Opens the technician tools, then the room `search` finds under Systems. */
async function openRoom(page: Page, search: string, room: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill(search);
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('list', { name: 'Systems' }).getByRole('button', { name: room }).click();
}

/** Signs in as `user`, signing out whoever this file's shared host had signed in. */
async function signInAfresh(page: Page, user: string): Promise<void> {
  await openHost(page, stack.host.url);
  await callBridge(page, 'bridge/session/signOut');
  await signIn(page, stack.host.url, user);
}

async function openHuddle(page: Page): Promise<void> {
  await signIn(page, stack.host.url, 'tech@demo.local');
  await openRoom(page, 'huddle', /^Huddle 3\.2/);
  await expect(page.getByRole('heading', { level: 2, name: 'Huddle 3.2' })).toBeVisible();
}

test('a technician adds an existing module to a room and removes it again, each saved with the version', async ({
  page,
}) => {
  const before = await huddle();
  expect(before.modules).not.toContain(BLINDS);
  await openHuddle(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Add an existing module' }).fill('blinds');
  await page.getByRole('button', { name: `Add Blinds (${BLINDS})` }).click();
  const order = page.getByRole('list', { name: 'Modules of this room' });
  await expect(order.locator(`li[data-module="${BLINDS}"]`)).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(save).toHaveAttribute('data-state', 'done');
  const added = await huddle();
  expect(added.modules).toEqual([...before.modules, BLINDS]);
  expect(added.version).toBe(before.version + 1);

  await page.getByRole('button', { name: `Remove Blinds (${BLINDS}) from this room` }).click();
  await expect(order.locator(`li[data-module="${BLINDS}"]`)).toHaveCount(0);
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText(
    `version ${before.version + 2}`,
  );
  const removed = await huddle();
  expect(removed.modules).toEqual(before.modules);
  // Taken out of the room, not out of the building.
  await service.request('GET', `/modules/${BLINDS}`);
});

test('a room’s settings are checked against the panel layout schema while typed, with a preview', async ({
  page,
}) => {
  await openHuddle(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const settings = page.getByLabel('Settings (JSON)');
  const layout = {
    panel: {
      version: 1,
      sections: [
        {
          title: 'Screen',
          controls: [
            { type: 'button', label: 'Screen on', module: 'Display', method: 'power', args: [true] },
          ],
        },
      ],
    },
  };
  await settings.fill(JSON.stringify(layout, null, 2));
  await expect(page.getByRole('region', { name: 'Panel preview' })).toContainText('Screen on');
  const broken = structuredClone(layout) as {
    panel: { sections: { controls: Record<string, unknown>[] }[] };
  };
  const control = broken.panel.sections[0]?.controls[0];
  if (control) control.colour = 'red';
  await settings.fill(JSON.stringify(broken, null, 2));
  await expect(page.getByRole('list', { name: 'Panel layout problems' })).toContainText(
    'panel › sections 1 › controls 1 › colour',
  );
  await settings.fill('{"panel": ');
  await expect(page.locator('[data-check="invalid-json"]')).toContainText('is not valid JSON');
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await settings.fill(JSON.stringify(broken, null, 2));
    await keepScreenshot(page, {
      path: `${SCREENS}/technician-system-edit-${size.width}.png`,
      fullPage: true,
    });
  }
});

test('a module’s live state lights up a change made by a press on the room’s panel in another tab', async ({
  page,
  context,
}) => {
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
  await openHuddle(page);
  await page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^RoomLogic 1/ })
    .click();
  const keys = page.getByRole('table', { name: 'State keys' });
  await expect(keys.locator('tr[data-key="power"]')).toContainText('false');

  const panel = await context.newPage();
  await openHost(panel, stack.host.url);
  await expect(panel.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  await panel.getByRole('searchbox', { name: 'Search' }).fill('huddle');
  await panel
    .getByRole('list', { name: 'Rooms' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await panel
    .getByRole('group', { name: 'Sources' })
    .getByRole('button', { name: /^Laptop/ })
    .click();

  const power = keys.locator('tr[data-key="power"]');
  await expect(power).toHaveAttribute('data-changed', 'true', { timeout: 10_000 });
  await expect(power).toContainText('true');
  await expect(page.getByRole('list', { name: 'State changes' })).toContainText('power false → true');
  // The highlight is for a few seconds, not for ever.
  await expect(power).toHaveAttribute('data-changed', 'false', { timeout: 10_000 });

  await page.getByLabel('Status key').fill('active');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.locator('output[data-key="active"]')).toHaveText('active = "Laptop"');
  await panel.close();
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]);
});

test('the exec console offers an enum as a choice and a number within its bounds, and keeps the calls', async ({
  page,
}) => {
  await service.exec(HUDDLE, 'Display', 'power', [true]);
  await openHuddle(page);
  await page.getByRole('button', { name: 'Exec console' }).click();
  await page.getByLabel('Module').selectOption({ label: 'Display 1' });

  await page.getByLabel('Method').selectOption('input');
  const input = page.getByRole('combobox', { name: /^name/ });
  await expect(input.getByRole('option')).toHaveText(['hdmi1', 'hdmi2', 'usb-c']);
  await input.selectOption({ label: 'hdmi2' });
  await page.getByRole('button', { name: 'Run Display 1.input' }).click();
  await expect(page.getByRole('region', { name: 'Result' })).toHaveAttribute('data-state', 'done');

  await page.getByLabel('Method').selectOption('volume');
  const level = page.getByRole('spinbutton', { name: /^level \(0 to 100\)/ });
  await expect(level).toHaveAttribute('max', '100');
  await level.fill('150');
  const run = page.getByRole('button', { name: 'Run Display 1.volume' });
  await run.click();
  await expect(page.locator('[data-field="level"]')).toContainText('must be at most 100');
  await level.fill('35');
  await run.click();
  await expect(run).toHaveAttribute('data-state', 'done');
  await expect(
    page.getByRole('table', { name: 'State of Display 1 keys' }).locator('tr[data-key="volume"]'),
  ).toContainText('35');
  expect(await service.state(HUDDLE, 'Display')).toMatchObject({ input: 'hdmi2', volume: 35 });

  const calls = page.getByRole('region', { name: 'Calls this session' });
  await expect(calls.getByRole('listitem')).toHaveCount(2);
  await service.exec(HUDDLE, 'Display', 'volume', [10]);
  await calls.getByRole('button', { name: 'Run again: Display 1.volume(35)' }).click();
  await expect(calls.getByRole('listitem')).toHaveCount(3);
  expect((await service.state(HUDDLE, 'Display')).volume).toBe(35);

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: `${SCREENS}/technician-console-${size.width}.png` });
  }
});

test('a module’s page at 1440×900 and 1920×1080', async ({ page }) => {
  await openHuddle(page);
  await page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^Display 1/ })
    .click();
  await expect(page.getByRole('table', { name: 'State keys' })).toBeVisible();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: `${SCREENS}/technician-module-${size.width}.png`, fullPage: true });
  }
});

test('deleting a room names the modules that go and those other rooms keep, and the service does exactly that', async ({
  page,
}) => {
  const SHARED = 'mod-lighting-harbour';
  const own = await service.request<{ id: string }>('POST', '/modules', {
    dependency_id: 'dep-display',
    ip: '10.99.0.1',
  });
  await service.request('POST', '/systems', {
    name: 'Cascade Test Room',
    zones: ['zone-org'],
    modules: [SHARED, own.id],
  });
  const sharedBy = (await roomsListing(SHARED)) - 1;

  await signInAfresh(page, 'admin@demo.local');
  await openRoom(page, 'cascade', /^Cascade Test Room/);
  await page.getByRole('button', { name: 'Delete system' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('This module is stopped and deleted with it: Display 1.');
  await expect(question).toContainText(
    `This module stays, because other rooms use it: Lighting 1 (${sharedBy} other room${sharedBy === 1 ? '' : 's'}).`,
  );
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Systems' })).toBeVisible();

  await expect(service.request('GET', `/modules/${own.id}`)).rejects.toThrow(/404/);
  await service.request('GET', `/modules/${SHARED}`);
  expect(await roomsListing(SHARED)).toBe(sharedBy);
});

/** How many rooms list a module (one page of 500 holds them all in the demo building). */
async function roomsListing(moduleId: string): Promise<number> {
  return (await service.request<unknown[]>('GET', `/systems?module_id=${moduleId}&limit=500`)).length;
}

test('a device refusing an argument is said in plain words on that argument’s field', async ({ page }) => {
  await signInAfresh(page, 'tech@demo.local');
  await openRoom(page, 'kauri training', /^Kauri Training Room/);
  await page.getByRole('button', { name: 'Exec console' }).click();
  await page.getByLabel('Module').selectOption({ label: 'Camera 2' });
  await page.getByLabel('Method').selectOption('preset');
  // The audience camera has two presets; the schema cannot know that, the driver refuses a fifth.
  await page.getByRole('spinbutton', { name: /^number/ }).fill('5');
  await page.getByRole('button', { name: 'Run Camera 2.preset' }).click();
  const field = page.locator('[data-field="number"]');
  await expect(field).toHaveAttribute('data-invalid', 'true');
  await expect(field).toContainText('must be at most 2');
  const alert = page.getByRole('region', { name: 'Result' }).getByRole('alert');
  await expect(alert).toContainText('The device did not accept number: it must be at most 2');
  await expect(alert).not.toContainText('≤');
});

test('an administrator creates a module straight into a room', async ({ page }) => {
  const before = await huddle();
  await signInAfresh(page, 'admin@demo.local');
  await openRoom(page, 'huddle', /^Huddle 3\.2/);
  await page.getByRole('button', { name: 'New module in this room' }).click();
  await expect(page.getByText('It goes into Huddle 3.2, last of its class.')).toBeVisible();
  await page.getByLabel('Driver (required)').selectOption({ label: 'Display (device)' });
  await page.getByLabel(/^IP address or host/).fill('10.20.3.32');
  await page.getByRole('button', { name: 'Create module' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Display' })).toBeVisible();
  const id = await page.locator('section[data-module]').getAttribute('data-module');
  const after = await huddle();
  expect(after.modules).toEqual([...before.modules, id]);
  expect(after.version).toBe(before.version + 1);
  // It is Display 2 of the room now: its methods are read through the room.
  await expect(page.getByText('As Display 2 in Huddle 3.2')).toBeVisible();
});
