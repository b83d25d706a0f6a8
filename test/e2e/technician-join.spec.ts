import { expect, ownStack, test } from './support/stack.ts';
import { signIn } from './support/panel.ts';

/*
 * A divisible room in the technician tools, signed in as the demo technician (role: support):
 * each room of the join as its own logic reports it, the master and the wall's sensor, and a join
 * forced and cleared there. A stack of its own: the test changes the rooms' join.
 */

const A = 'sys-rimu-training-a';
const B = 'sys-rimu-training-b';

ownStack();

test('the tools show each room’s join, the master and the wall, and force and clear a join', {
  tag: '@generation',
}, async ({ page, stack, service }) => {
  await signIn(page, stack.host.url, 'tech@demo.local');
  await page.getByRole('button', { name: 'Technician tools' }).click();
  await page.getByRole('button', { name: 'Systems', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search systems' }).fill('rimu training a');
  // The list answers the search after a pause in typing: tap once it has, not as its rows move.
  await expect(page.getByRole('list', { name: 'Systems' })).not.toHaveAttribute('aria-busy', 'true');
  await page
    .getByRole('list', { name: 'Systems' })
    .getByRole('button', { name: /^Rimu Training A(?! \+)/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Rimu Training A' })).toBeVisible();

  const tools = page.getByRole('region', { name: 'Combined rooms' });
  const row = (id: string) => tools.locator(`tr[data-room="${id}"]`);
  await expect(tools.locator('[data-fact="wall"]')).toHaveText('Closed');
  await expect(row(A).locator('[data-fact="mode"]')).toHaveText('Separate');
  await expect(row(B).locator('[data-fact="mode"]')).toHaveText('Separate');

  // Forced: both rooms report the mode and A as master, held against the wall (the wall is closed).
  await tools.getByRole('button', { name: 'Force Rimu Training A + B' }).click();
  for (const id of [A, B]) {
    await expect(row(id).locator('[data-fact="mode"]')).toHaveText('Rimu Training A + B');
    await expect(row(id).locator('[data-fact="master"]')).toHaveText('Rimu Training A');
    await expect(row(id).locator('[data-fact="state"]')).toHaveText('Confirmed');
  }
  await expect(row(A)).toHaveAttribute('data-role', 'master');
  await expect(row(B)).toHaveAttribute('data-role', 'secondary');
  await expect(tools.locator('[data-fact="auto"]')).toHaveText('Manual override, until the wall moves');
  await expect(tools.locator('[data-fact="wall"]')).toContainText('disagrees with the rooms');
  expect(await service.state(B, 'RoomLogic')).toMatchObject({ join_mode: 'rimu-ab', join_master: A });

  // Cleared: both rooms separate again, as each reports it.
  await tools.getByRole('button', { name: 'Clear the join' }).click();
  for (const id of [A, B]) await expect(row(id).locator('[data-fact="mode"]')).toHaveText('Separate');
  expect(await service.state(B, 'RoomLogic')).toMatchObject({ join_mode: null });

  // Back to the wall's sensor.
  await tools.getByRole('button', { name: 'Follow the wall' }).click();
  await expect(tools.locator('[data-fact="auto"]')).toHaveText('Automatic: follows the wall');
});
