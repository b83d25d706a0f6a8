import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { startDeploymentProxy } from '../support/deployment-proxy.ts';
import { openHost, openRoom, recordAttribute, section, signIn } from './support/panel.ts';

/*
 * Roomdeck against what real deployments send (a gateway with a path prefix, nulls, JSON-text state,
 * the legacy funcs shape, an unrequested id_token), the technician tools creating a module of every
 * role, and a remembered room the service no longer has.
 */

const HUDDLE = 'sys-huddle-3-2';

test.describe.configure({ mode: 'serial' });

test.describe('behind a deployment’s gateway', () => {
  const { stack, service } = ownStack({ front: startDeploymentProxy });

  test.beforeAll(async () => {
    // The display's own power (pressed here) is the engineer's: on the Advanced page.
    await service.panelLayout(HUDDLE, { advanced: true });
  });

  test('signs in through the gateway, chooses a room, and a Power press is confirmed', async ({ page }) => {
    await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
    await service.exec(HUDDLE, 'Display', 'power', [false]);
    await signIn(page, stack.host.url);
    await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
    // Nulls in optional fields (capacity, email…) must not empty the chooser.
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('button')).not.toHaveCount(0);
    await openRoom(page, stack.host.url, 'Huddle 3.2');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const power = section(page, 'Display').getByRole('button', { name: 'Power', exact: true });
    // State arrives as JSON text ("false"): read as off, not as unknown and not as on.
    await expect(power).toHaveAttribute('aria-pressed', 'false');
    const states = await recordAttribute(power, 'data-state');
    await power.click();
    await expect(power).toHaveAttribute('data-state', 'confirmed');
    await expect(power).toHaveAttribute('aria-pressed', 'true');
    expect(await states()).toEqual(['idle', 'pending', 'confirmed']);
    expect(
      (await service.request<{ power: unknown }>('GET', `/systems/${HUDDLE}/state?module=Display`)).power,
    ).toBe(true);
  });
});

test.describe('against the simulator', () => {
  const { stack, service } = ownStack();

  async function openNewModule(page: Page): Promise<void> {
    await openHost(page, stack.host.url);
    await page.getByRole('button', { name: 'Technician tools' }).click();
    await page.getByRole('button', { name: 'Modules', exact: true }).click();
    await page.getByRole('button', { name: 'New module' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'New module' })).toBeVisible();
  }

  const ROLES = [
    {
      driver: 'RoomPC (ssh)',
      className: 'RoomPC',
      role: 0,
      field: 'IP address or host (required)',
      value: '10.77.0.10',
    },
    {
      driver: 'Display (device)',
      className: 'Display',
      role: 1,
      field: 'IP address or host (required)',
      value: '10.77.0.11',
    },
    {
      driver: 'Bookings (service)',
      className: 'Bookings',
      role: 2,
      field: 'Service URI (required)',
      value: 'https://calendar.example.org/rooms/77',
    },
    {
      driver: 'RoomLogic (logic)',
      className: 'RoomLogic',
      role: 3,
      field: 'System (required)',
      value: 'Level 3 Lounge',
    },
  ] as const;

  interface WireModule {
    id: string;
    role: number;
    ip: string;
    uri: string;
    control_system_id: string | null;
    running: boolean;
  }

  test('an administrator creates a module of every role from the technician tools, with the role’s required field; pings each, and stops, starts and edits the ssh one', async ({
    page,
  }) => {
    await signIn(page, stack.host.url, 'admin@demo.local');
    for (const { driver, className, role, field, value } of ROLES) {
      await openNewModule(page);
      await page.getByLabel('Driver (required)').selectOption({ label: driver });
      // Only the field this role needs is asked for.
      for (const other of ['IP address or host (required)', 'Service URI (required)', 'System (required)']) {
        await expect(page.getByLabel(other)).toHaveCount(other === field ? 1 : 0);
      }
      const input = page.getByLabel(field);
      if (role === 3) await input.selectOption({ label: value });
      else await input.fill(value);
      await page.getByRole('button', { name: 'Create module' }).click();
      await expect(page.getByRole('heading', { level: 2, name: className })).toBeVisible();
      const all = await service.request<WireModule[]>('GET', '/modules?limit=500');
      const made = all.find((m) =>
        role === 3
          ? m.role === 3 && m.control_system_id === 'sys-level3-lounge'
          : role === 2
            ? m.uri === value
            : m.ip === value,
      );
      expect(made, `${driver} was created`).toMatchObject({ role });
      if (role !== 3) {
        await page.getByRole('button', { name: 'Ping' }).click();
        const host = role === 2 ? 'calendar.example.org' : value;
        await expect(page.getByRole('status', { name: 'Ping result' })).toContainText(`${host} answered`);
      }
      if (role === 0 && made) await stopStartEdit(page, made.id);
    }
  });

  /** The module view open: stop, start and edit it from the tools, checked on the service. */
  async function stopStartEdit(page: Page, id: string): Promise<void> {
    const stop = page.getByRole('button', { name: 'Stop module' });
    await stop.click();
    await expect(stop).toHaveAttribute('data-state', 'done');
    expect((await service.request<WireModule>('GET', `/modules/${id}`)).running).toBe(false);
    const start = page.getByRole('button', { name: 'Start module' });
    await start.click();
    await expect(start).toHaveAttribute('data-state', 'done');
    expect((await service.request<WireModule>('GET', `/modules/${id}`)).running).toBe(true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('IP address or host').fill('10.77.0.20');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    expect((await service.request<WireModule>('GET', `/modules/${id}`)).ip).toBe('10.77.0.20');
  }

  test('a panel whose room the service no longer has offers choosing another room', async ({ page }) => {
    const spare = await service.request<{ id: string }>('POST', '/systems', {
      name: 'Pop-up Room',
      zones: ['zone-org'],
      modules: [],
    });
    await openRoom(page, stack.host.url, 'Pop-up Room');
    await service.request('DELETE', `/systems/${spare.id}`);
    await page.reload();
    const problem = page.locator('[data-load-error="gone"]');
    await expect(problem).toContainText('This room is no longer on the control service.', {
      timeout: 15_000,
    });
    await problem.getByRole('button', { name: 'Choose another room' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  });
});
