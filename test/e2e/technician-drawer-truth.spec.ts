import type { Page } from '@playwright/test';
import { expect, test } from './support/own-stack.ts';
import { signIn } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';
import { drawer, openDrawer, phoneApproves } from './support/technician.ts';

/*
 * The technician's drawer over a kiosk panel says what the panel behind it says. A wall display
 * that swallows its commands still has a module record that reads "connected": the room logic's
 * last command to it went unanswered, and the panel says "Display 1 is not responding". The
 * drawer's room health must say so too, never "all running and responding".
 */

const HUDDLE = 'sys-huddle-3-2';
const DISPLAY = 'mod-huddle-display';
const PIN = '482913';

test.use({ ownStack: { kiosk: { system: HUDDLE, pin: PIN, idleSeconds: 600 } } });

const strip = (page: Page) => page.getByRole('alert', { name: 'Faults' });

test.afterEach(async ({ service }) => {
  await service.moduleSettings(DISPLAY, {});
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]).catch(() => undefined);
});

test('a display the panel finds silent is not responding in the drawer too, though its record says connected', async ({
  page,
  browser,
  stack,
  service,
}) => {
  test.setTimeout(150_000);
  await signIn(page, stack.host.url);
  // Swallows every command; its module record still says connected.
  await service.moduleSettings(DISPLAY, { fault: 'timeout' });
  const record = await service.request<{ connected: boolean }>('GET', `/modules/${DISPLAY}`);
  expect(record.connected).toBe(true);
  // The room logic's command to the display goes unanswered: the panel says so on its welcome.
  await service.exec(HUDDLE, 'RoomLogic', 'power', [false]).catch(() => undefined);
  await expect(strip(page)).toContainText('Display 1 is not responding', { timeout: 20_000 });

  await openDrawer(page, stack.host.url, PIN);
  await phoneApproves(browser, page);
  const modules = drawer(page).getByRole('list', { name: "This room's modules" }).getByRole('listitem');
  await expect(modules.first()).toHaveAttribute('data-module', DISPLAY);
  await expect(modules.first()).toHaveAttribute('data-health', 'offline');
  await expect(modules.first()).toContainText('Not responding');
  await expect(drawer(page).getByText(/running and responding/)).toHaveCount(0);
  await expect(drawer(page).getByText(/of 3 modules need attention/)).toBeVisible();
  expect(await shootAndAxe(page, 'technician', 'drawer-truth')).toEqual([]);
});
