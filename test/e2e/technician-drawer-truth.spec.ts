import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signIn, signInAtService } from './support/panel.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';
import { drawer, openDrawer, phoneApproves, shownCode } from './support/technician.ts';

/*
 * The technician's drawer over a kiosk panel says what the panel behind it says. A wall display
 * that swallows its commands still has a module record that reads "connected": the room logic's
 * last command to it went unanswered, and the panel says "Display 1 is not responding". The
 * drawer's room health must say so too, never "all running and responding".
 */

const HUDDLE = 'sys-huddle-3-2';
const DISPLAY = 'mod-huddle-display';
const PIN = '482913';

ownStack({ kiosk: { system: HUDDLE, pin: PIN, idleSeconds: 600 } });

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
  await expect(drawer(page).getByText(/of 4 modules need attention/)).toBeVisible();
  expect(await shootAndAxe(page, 'technician', 'drawer-truth')).toEqual([]);
  // Closed again: the technician is signed out and the gate locked for the next test.
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
});

test('“Sign in on this panel instead” opens the service’s page in a window over the panel, with Cancel in the drawer', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  await openDrawer(page, stack.host.url, PIN);
  // A wall panel has no keyboard: the phone's QR code is offered first, the service's page second.
  await shownCode(page);
  const onPanel = drawer(page).getByRole('button', { name: 'Sign in on this panel instead' });
  await expect(onPanel).toBeVisible({ timeout: 15_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), onPanel.click()]);
  await expect(popup).toHaveURL(/\/auth\/oauth\/authorize/);
  // The panel stays where it was, under the drawer, which says where to sign in and offers Cancel.
  await expect(page).toHaveURL(new RegExp(`^${stack.host.url.replace(/[/.?]/g, '\\$&')}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeAttached();
  await expect(drawer(page).locator('[data-sign-in="in-window"]')).toHaveText(
    "The service's sign-in page is open in a window over the panel. Sign in there; this panel keeps running behind it.",
  );
  // The service's page is not ours (the drawer's keyboard cannot reach it): it says to plug one in.
  await expect(drawer(page).locator('[data-note="needs-keyboard"]')).toHaveText(
    "The service's sign-in page asks for your password and needs a real keyboard: plug one in if this panel has none.",
  );
  expect(await shootAndAxe(page, 'technician', 'sign-in-window')).toEqual([]);
  await drawer(page).getByRole('button', { name: 'Cancel sign-in' }).click();
  // Cancel closes the window it opened: the panel kept its handle on it, though it left for the service.
  await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
  await expect(drawer(page).getByRole('alert')).toHaveText(
    'Sign-in cancelled. Sign in with your phone, or on this panel again.',
  );

  // Closed with the window open (as the technician timeout closes it): the window goes with the drawer.
  const [left] = await Promise.all([page.waitForEvent('popup'), onPanel.click()]);
  await expect(left).toHaveURL(/\/auth\/oauth\/authorize/);
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await expect.poll(() => left.isClosed(), { timeout: 10_000 }).toBe(true);
  await openDrawer(page, stack.host.url, PIN);
  await expect(onPanel).toBeVisible({ timeout: 15_000 });

  // Again, and this time finished in the window: the window closes, the tools open in the drawer.
  const [again] = await Promise.all([page.waitForEvent('popup'), onPanel.click()]);
  await signInAtService(again, 'tech@demo.local');
  await expect(drawer(page).getByRole('heading', { level: 1, name: 'Technician tools' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => again.isClosed(), { timeout: 10_000 }).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeAttached();
});
