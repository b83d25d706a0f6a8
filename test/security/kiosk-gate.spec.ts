import type { Page } from '@playwright/test';
import { callBridge, signIn } from '../e2e/support/panel.ts';
import { expect, ownStack, test } from '../e2e/support/stack.ts';

/*
 * Attack: a browser-host kiosk with a technician PIN, its panel signed in, the
 * PIN gate closed. From the panel's own page (its cookie, its Origin) the attacker posts the
 * technician's verbs on the panel's route, `/bridge/…`, instead of `/technician/bridge/…`:
 * the diagnostics bundle, and enrolment, which would sign the panel out and revoke its tokens.
 * Both must be refused as they are on the technician's route, and the panel must stay signed in.
 */

const HUDDLE = 'sys-huddle-3-2';
const PIN = '482913';

const { stack } = ownStack({ kiosk: { system: HUDDLE, pin: PIN } });

test.describe.configure({ mode: 'serial' });

type Answer = { ok: boolean; value?: unknown; error?: { code: string } };

/**
 * A bridge call from the page itself: same cookie, same Origin, the tab's own page key, as the
 * attacker's script in the page would have them.
 */
async function post(page: Page, path: string, body: unknown = {}): Promise<Answer> {
  return (await callBridge<Answer>(page, path.replace(/^\//, ''), body)).body;
}

const LOCKED = { ok: false, error: { code: 'ROOMDECK_TECHNICIAN_LOCKED' } };

test('technician verbs on the panel’s route are refused while the gate is closed; the panel stays signed in', async ({
  page,
}) => {
  await signIn(page, stack.host.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  expect(await post(page, '/technician/bridge/technician/status')).toMatchObject({
    ok: true,
    value: { available: true, open: false },
  });

  // The technician's route refused these already; the panel's route now does too.
  expect(await post(page, '/technician/bridge/diagnostics/export')).toMatchObject(LOCKED);
  // Soft: on a build without the fix, every consequence shows, not just the first.
  expect.soft(await post(page, '/bridge/diagnostics/export')).toMatchObject(LOCKED);
  expect.soft(await post(page, '/bridge/enrolment/begin')).toMatchObject(LOCKED);

  // Nothing happened to the panel: signed in, not enrolling, its room still shown after a reload.
  expect.soft(await post(page, '/bridge/session/status')).toMatchObject({
    ok: true,
    value: { state: 'signed-in' },
  });
  expect.soft(await post(page, '/bridge/enrolment/status')).toMatchObject({
    ok: true,
    value: { enrolling: false },
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  await expect(page.locator('main[data-screen]')).toHaveAttribute('data-screen', 'panel');
});

test('with the PIN entered the same call answers, and closing the tools shuts it again', async ({ page }) => {
  await signIn(page, stack.host.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Huddle 3.2' })).toBeVisible();
  expect(await post(page, '/bridge/technician/unlock', { pin: PIN })).toMatchObject({
    ok: true,
    value: { outcome: 'opened' },
  });
  expect(await post(page, '/bridge/diagnostics/export')).toMatchObject({
    ok: true,
    value: { bundle: { kind: 'roomdeck-diagnostics' } },
  });
  await post(page, '/bridge/technician/close');
  expect(await post(page, '/bridge/diagnostics/export')).toMatchObject(LOCKED);
});
