import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';

/*
 * The technician tools against the real simulator and browser host, signed in as the demo
 * technician (role: support). A stack of its own: these tests change rooms, and must be signed in
 * as the technician whatever other specs did to a shared host's session.
 */

const HUDDLE = 'sys-huddle-3-2';
interface WireSystem {
  id: string;
  version: number;
  capacity: number;
  description: string;
}

const { stack, service } = ownStack();
test.describe.configure({ mode: 'serial' });

/** Signs in as the technician, opens the tools and the Huddle 3.2 system. */
async function openHuddle(page: Page): Promise<void> {
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('huddle');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
  await page
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Huddle 3.2' })).toBeVisible();
}

const huddle = () => service.request<WireSystem>('GET', `/systems/${HUDDLE}`);

test('a technician edits a room’s capacity and it is saved with the new version', {
  tag: '@generation',
}, async ({ page }) => {
  const before = await huddle();
  await openHuddle(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const capacity = page.getByLabel('Capacity');
  await expect(capacity).toHaveValue(String(before.capacity));
  await capacity.fill('6');
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(save).toHaveAttribute('data-state', 'done');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    `Saved. The system is now at version ${before.version + 1}.`,
  );
  const after = await huddle();
  expect(after).toMatchObject({ capacity: 6, version: before.version + 1 });
});

test('a change made behind the form’s back is a conflict, and the edits survive a reload', {
  tag: '@generation',
}, async ({ page }) => {
  await openHuddle(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Capacity').fill('7');

  const current = await huddle();
  await service.request('PUT', `/systems/${HUDDLE}`, {
    version: current.version,
    description: 'Changed by admin',
  });

  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this room' });
  await expect(conflict).toBeVisible();
  await expect(page.getByLabel('Capacity')).toHaveValue('7');

  await page.getByRole('button', { name: 'Reload latest version' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByLabel('Capacity')).toHaveValue('7');
  await expect(page.getByLabel('Description')).toHaveValue('Changed by admin');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveAttribute('data-state', 'done');
  expect(await huddle()).toMatchObject({
    capacity: 7,
    description: 'Changed by admin',
    version: current.version + 2,
  });
});

test('the exec console runs Display volume 40, shows the result and the state', async ({ page }) => {
  await service.exec(HUDDLE, 'Display', 'power', [true]);
  await openHuddle(page);
  await page.getByRole('button', { name: 'Exec console' }).click();
  await page.getByLabel('Module').selectOption({ label: 'Display 1' });
  await page.getByLabel('Method').selectOption('volume');
  await page.getByRole('spinbutton', { name: /^level/ }).fill('40');
  const run = page.getByRole('button', { name: 'Run Display 1.volume' });
  await run.click();
  await expect(run).toHaveAttribute('data-state', 'done');
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toHaveAttribute('data-state', 'done');
  await expect(result.getByLabel('Result JSON')).toHaveText('null');
  await expect(page.getByLabel('State of Display 1 JSON')).toContainText('"volume": 40');
  expect((await service.state(HUDDLE, 'Display')).volume).toBe(40);
});

test('the exec console shows a device’s error message and code', { tag: '@generation' }, async ({ page }) => {
  await service.exec(HUDDLE, 'Display', 'power', [false]);
  await openHuddle(page);
  await page.getByRole('button', { name: 'Exec console' }).click();
  await page.getByLabel('Module').selectOption({ label: 'Display 1' });
  await page.getByLabel('Method').selectOption('volume');
  await page.getByRole('spinbutton', { name: /^level/ }).fill('25');
  await page.getByRole('button', { name: 'Run Display 1.volume' }).click();
  const error = page.getByRole('region', { name: 'Result' }).getByRole('alert');
  await expect(error).toContainText('display is off');
  await expect(error).toHaveAttribute('data-code', 'ROOMDECK_DRIVER_ERROR');
});

test('pinging a module shows the result', async ({ page }) => {
  await openHuddle(page);
  await page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^Display 1/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Display' })).toBeVisible();
  const ping = page.getByRole('button', { name: 'Ping' });
  await ping.click();
  await expect(ping).toHaveAttribute('data-state', 'done');
  await expect(page.getByRole('status', { name: 'Ping result' })).toContainText('10.20.3.31 answered');
});

test('a room’s page appears whole: the help number’s note comes with it and moves no button', async ({
  page,
}) => {
  // The installation's contact, which decides the note, answering slowly: were the note to come
  // after the page, the module list would jump down under a finger on its way to a module.
  await page.route('**/bridge/enrolment/status', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await openHuddle(page);
  const note = page.locator('[data-help-number]');
  const display = page
    .getByRole('list', { name: 'Modules of this system' })
    .getByRole('button', { name: /^Display 1/ });
  expect(await note.count(), 'the note is there with the room’s name').toBe(1);
  const first = await display.boundingBox();
  await expect(note).toBeVisible();
  expect(await display.boundingBox()).toEqual(first);
});

test('a support technician sees what the role may not do disabled, with the reason', async ({ page }) => {
  await openHuddle(page);
  const remove = page.getByRole('button', { name: 'Delete system' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/Your account may not delete rooms/);
  // What support may do stays live.
  await expect(page.getByRole('button', { name: 'Stop system' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeEnabled();
  expect((await huddle()).id).toBe(HUDDLE);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Systems' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New system' })).toBeDisabled();
  await page.getByRole('button', { name: 'Modules', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New module' })).toHaveAccessibleDescription(
    /may not create modules/,
  );
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
});

test('a technician signs out from the tools and signs in as another account, without a restart', async ({
  page,
}) => {
  await openHuddle(page);
  await page.getByRole('button', { name: 'Sign out / switch account' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The next account: an administrator, who may delete rooms.
  await signIn(page, stack.host.url, 'admin@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('huddle');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
  await page
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Huddle 3\.2/ })
    .click();
  await expect(page.getByRole('button', { name: 'Delete system' })).toBeEnabled();
});
