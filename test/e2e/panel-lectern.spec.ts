import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openRoom } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';

/*
 * The lectern's page (Tasman Auditorium): Blank / Show picture sits beside the sources, not on a
 * Display tab of its own, and while the projector reports the picture blanked the source's tile
 * says "Picture blanked", not a green "Showing now". The state is the projector's own: blanked
 * or shown from its remote, the panel follows.
 */

ownStack();

const TASMAN = 'sys-tasman-auditorium';
const PROJECTOR = 'mod-auditorium-projector';

const tile = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^${name}`) });

test.afterEach(async ({ service }) => {
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 30, cool_down_seconds: 20 });
});

test('Blank picture is on the main page beside the sources, and the tile says "Picture blanked" while the projector reports it', async ({
  page,
  stack,
  service,
}) => {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(TASMAN, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await tile(page, 'Laptop').click();
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-state', 'confirmed', { timeout: 15_000 });
  await expect(tile(page, 'Laptop')).toContainText('Showing now');

  // No Display tab: the control is on the Sources page, in reach.
  await expect(page.getByRole('tab', { name: 'Display' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Sources' })).toHaveAttribute('aria-selected', 'true');
  const blank = page.getByRole('tabpanel').getByRole('button', { name: 'Blank picture', exact: true });
  await expect(blank).toHaveAttribute('aria-pressed', 'false');

  await blank.click();
  await expect.poll(async () => (await service.state(TASMAN, 'Projector')).mute).toBe(true);
  await expect(blank).toHaveAttribute('aria-pressed', 'true');
  await expect(blank).toHaveText('Picture blanked');
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-blanked', 'true');
  await expect(tile(page, 'Laptop')).toContainText('Picture blanked');
  await expect(tile(page, 'Laptop')).not.toContainText('Showing now');
  expect(await shootAndAxe(page, 'lectern', 'blanked', { noneOutside: true })).toEqual([]);

  // Shown again from the projector's own remote: the panel follows the projector.
  await service.exec(TASMAN, 'Projector', 'mute', [false]);
  await expect(tile(page, 'Laptop')).toContainText('Showing now', { timeout: 15_000 });
  await expect(tile(page, 'Laptop')).toHaveAttribute('data-blanked', 'false');
  await expect(blank).toHaveAttribute('aria-pressed', 'false');
  expect(await shootAndAxe(page, 'lectern', 'shown', { noneOutside: true })).toEqual([]);
});

test('each microphone’s level beside its mute: a step up is the DSP’s own fader, read back in %', async ({
  page,
  stack,
  service,
}) => {
  await service.moduleSettings(PROJECTOR, { warm_up_seconds: 0, cool_down_seconds: 0 });
  await service.exec(TASMAN, 'RoomLogic', 'power', [true]);
  await service.exec(TASMAN, 'Mixer', 'fader', [1, -10]);
  await openRoom(page, stack.host.url, 'Tasman Auditorium');
  await page.getByRole('tab', { name: 'Mics' }).click();
  const mics = page.getByRole('region', { name: 'Microphones' });
  const lectern = mics.getByRole('slider', { name: 'Lectern', exact: true });
  await expect(mics.getByRole('button', { name: 'Mute Lectern', exact: true })).toBeVisible();
  await expect(mics.getByRole('slider', { name: 'Playback' })).toHaveCount(0);
  const before = await lectern.getAttribute('aria-valuetext');
  expect(before).toMatch(/^\d+ %$/);
  await lectern.focus();
  await lectern.press('ArrowUp');
  await expect.poll(async () => (await service.state(TASMAN, 'Mixer')).fader_1).toBeGreaterThan(-10);
  await expect(lectern).not.toHaveAttribute('aria-valuetext', before!);
  expect(await shootAndAxe(page, 'lectern', 'mics', { noneOutside: true })).toEqual([]);
  await service.exec(TASMAN, 'Mixer', 'fader', [1, 0]);
});
