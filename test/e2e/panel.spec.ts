import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { openRoom, recordAttribute, section, signIn } from './support/panel.ts';
import { ROOT, startStack } from './support/processes.ts';

const HUDDLE = 'sys-huddle-3-2';
const BOARDROOM = 'sys-harbour-boardroom';

test.describe('the panel against the simulator', () => {
  test('signs in through the simulator’s real login page with a demo account', async ({ page, stack }) => {
    await page.goto(`${stack.host.url}/`);
    await expect(page.getByRole('status').filter({ hasText: 'Not signed in' })).toBeVisible();
    await signIn(page, stack.host.url);
    await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  });

  test('finds a room by search and shows its capacity, features, module types and counts', async ({
    page,
    stack,
  }) => {
    await openRoom(page, stack.host.url, 'Kauri Training Room', 'training');
    await expect(page.getByRole('definition').filter({ hasText: /^30$/ })).toBeVisible();
    await expect(page.getByText('display, camera, lecture-capture, vc')).toBeVisible();
    const devices = page.getByRole('list', { name: 'Devices' });
    await expect(devices.getByRole('listitem')).toHaveText([
      'Camera ×2',
      'Display ×2',
      'Lighting ×1',
      'RoomLogic ×1',
      'Switcher ×1',
    ]);
    await expect(page.getByText('Roomdeck Demo Organisation › Kauri House › Kauri Level 1')).toBeVisible();
  });

  test('a Display power press goes pending then confirmed, and shows the device’s new state', async ({
    page,
    stack,
    service,
  }) => {
    await service.exec(HUDDLE, 'Display', 'power', [false]);
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    const power = section(page, 'Display').getByRole('button', { name: 'Power', exact: true });
    await expect(power).toHaveAttribute('aria-pressed', 'false');
    const states = await recordAttribute(power, 'data-state');
    await power.click();
    await expect(power).toHaveAttribute('data-state', 'confirmed');
    await expect(power).toHaveAttribute('aria-pressed', 'true');
    await expect(power).toHaveAttribute('aria-busy', 'false');
    expect(await states()).toEqual(['idle', 'pending', 'confirmed']);
    expect((await service.state(HUDDLE, 'Display')).power).toBe(true);
  });

  test('sets a level and shows the level the device reports', async ({ page, stack, service }) => {
    await service.exec(HUDDLE, 'Display', 'power', [true]);
    await service.exec(HUDDLE, 'Display', 'volume', [30]);
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    const volume = section(page, 'Display').getByRole('group', { name: 'Volume' });
    const slider = volume.getByRole('slider', { name: 'Volume' });
    await expect(slider).toHaveValue('30');
    await slider.focus();
    await slider.press('ArrowRight');
    await expect(volume).toHaveAttribute('data-state', 'confirmed');
    await expect(slider).toHaveValue('35');
    expect((await service.state(HUDDLE, 'Display')).volume).toBe(35);
  });

  test('a projector’s warm-up locks its power control and shows progress', async ({
    page,
    stack,
    service,
  }) => {
    await service.moduleSettings('mod-boardroom-projector', { warm_up_seconds: 4, cool_down_seconds: 0 });
    await service.exec(BOARDROOM, 'Projector', 'power', [false]);
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    const projector = section(page, 'Projector');
    const power = projector.getByRole('button', { name: 'Power', exact: true });
    await expect(power).toHaveAttribute('aria-pressed', 'false');
    await power.click();
    await expect(power).toHaveAttribute('aria-disabled', 'true');
    await expect(projector.getByRole('group', { name: 'Power' })).toHaveAttribute('data-locked', 'true');
    const progress = projector.getByRole('progressbar', { name: 'Warming up' });
    await expect(progress).toBeVisible();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await expect(power).toHaveAttribute('data-state', 'pending');
    await expect(power).toHaveAttribute('data-state', 'confirmed', { timeout: 10_000 });
    await expect(power).toHaveAttribute('aria-pressed', 'true');
    await expect(power).toHaveAttribute('aria-disabled', 'false');
    await expect(progress).toHaveCount(0);
  });

  test('renders the Innovation Lab’s custom layout', async ({ page, stack }) => {
    await openRoom(page, stack.host.url, 'Innovation Lab');
    await expect(page.locator('[data-layout="custom"]')).toBeVisible();
    const screen = section(page, 'Screen');
    await expect(screen.getByRole('button', { name: 'Screen', exact: true })).toBeVisible();
    await expect(screen.getByRole('group', { name: 'Source' }).getByRole('button')).toHaveText([
      'Laptop',
      'Room PC',
      'USB-C',
    ]);
    await expect(screen.getByRole('slider', { name: 'Volume' })).toBeVisible();
    const lights = section(page, 'Lights');
    await expect(lights.getByRole('button', { name: 'Presentation' })).toBeVisible();
    await expect(page.locator('[data-layout-error]')).toHaveCount(0);
  });

  test('a module set offline makes its control fail with a readable message', async ({
    page,
    stack,
    service,
  }) => {
    await service.moduleSettings('mod-huddle-display', { offline: true });
    try {
      await openRoom(page, stack.host.url, 'Huddle 3.2');
      const display = section(page, 'Display');
      const power = display.getByRole('button', { name: 'Power', exact: true });
      await power.click();
      await expect(power).toHaveAttribute('data-state', 'failed');
      const alert = display.getByRole('alert');
      await expect(alert).toContainText(/not responding/);
      await expect(power).toHaveAccessibleDescription(/not responding/);
    } finally {
      await service.moduleSettings('mod-huddle-display', {});
    }
  });

  test('saves a screenshot of the panel at 1280×800', async ({ page, stack }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openRoom(page, stack.host.url, 'Harbour Boardroom');
    const dir = path.join(ROOT, 'test-results');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'panel-1280x800.png') });
  });
});

test.describe('link loss', () => {
  test('values go stale within 5 s when the simulator dies, and come back live without a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const stack = await startStack();
    try {
      await openRoom(page, stack.host.url, 'Huddle 3.2');
      await page.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const power = section(page, 'Display').getByRole('group', { name: 'Power' });
      await expect(power).toHaveAttribute('data-stale', 'false');

      await stack.killSimulator();
      const killedAt = Date.now();
      await expect(power).toHaveAttribute('data-stale', 'true', { timeout: 5_000 });
      expect(Date.now() - killedAt).toBeLessThanOrEqual(5_000);
      await expect(page.getByRole('alert').filter({ hasText: 'The room is unreachable' })).toBeVisible();
      await expect(power.getByText('Not live')).toBeVisible();

      await stack.restartSimulator();
      await expect(power).toHaveAttribute('data-stale', 'false', { timeout: 15_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'The room is unreachable' })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
    } finally {
      await stack.stop();
    }
  });
});
