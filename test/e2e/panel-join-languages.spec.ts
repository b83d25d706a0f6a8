import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { signInAnyLanguage } from './support/any-language.ts';
import { expectFitsEverySize } from './support/fit.ts';
import { A, B } from './support/join-panels.ts';
import { ROOT, type Running, startHost } from './support/processes.ts';
import { keepScreenshot } from './support/screens.ts';
import { shootAndAxe } from './support/shoot-and-axe.ts';
import { SIZES } from './support/sizes.ts';

/*
 * The divisible room's screens in German (long words) and Arabic (right to left): the Join control
 * and its sheet, the pending state while the other half answers, the combined room on the master
 * and the lock screen on the secondary, each at the three panel sizes: one screen, nothing cut or
 * overlapping, text readable, axe 0 serious/critical, screenshots as join-<lang>-<screen>-<size>.
 * Both halves' hosts are started in the language (the installer's choice); no step reads a word.
 */

/** Screenshots at the three sizes, kept when asked for (test/e2e/support/screens.ts). */
async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, {
      path: path.join(ROOT, 'test-results', 'screens', `${name}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(SIZES[0]);
}

for (const language of [
  { code: 'de', dir: 'ltr' },
  { code: 'ar', dir: 'rtl' },
] as const) {
  test.describe(`the join screens in ${language.code}`, () => {
    const { stack, service } = ownStack({ hostArgs: ['--locale', language.code, '--system', A] });
    let hostB: Running;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      hostB = await startHost({
        serverUrl: stack.simulator.url,
        dataDir: path.join(stack.dir, 'host-b'),
        args: ['--locale', language.code, '--system', B],
      });
    });
    test.afterAll(async () => {
      await hostB?.stop();
    });

    test('Join control, pending, combined master and locked secondary fit the three sizes', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const prefix = `join-${language.code}`;
      const a = page;
      const b = await (await browser.newContext()).newPage();
      await signInAnyLanguage(a, stack.host.url);
      await signInAnyLanguage(b, hostB.url);
      for (const p of [a, b]) {
        await expect(p.locator('.panel[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
        await expect(p.locator('html')).toHaveAttribute('lang', language.code);
        await expect(p.locator('html')).toHaveAttribute('dir', language.dir);
      }
      const found: string[] = [];

      // The Join control in the corner of the welcome screen, and the sheet it opens.
      const combine = a.locator('[data-action="combine"]');
      await expect(combine).toBeVisible();
      found.push(...(await shootAndAxe(a, prefix, 'a-separate', { noneOutside: true })));
      await expectFitsEverySize(a, 'separate room with the Join control');
      await combine.click();
      const choice = a.locator(`.join-choice[data-mode="rimu-ab"]`);
      await expect(choice).toBeVisible();
      found.push(...(await shootAndAxe(a, prefix, 'a-sheet')));
      await expectFitsEverySize(a, 'the Join sheet');

      // A join that fails (B's room control is stopped): what went wrong, and OK, beside the room.
      await service.request('POST', '/modules/mod-rimu-b-logic/stop');
      await choice.click();
      const failed = a.locator('[data-join-status="failed"]');
      await expect(failed).toBeVisible({ timeout: 30_000 });
      found.push(...(await shootAndAxe(a, prefix, 'a-failed', { noneOutside: true })));
      await expectFitsEverySize(a, 'a join that failed');
      await failed.getByRole('button').click();
      await service.request('POST', '/modules/mod-rimu-b-logic/start');

      // Pending: B answers slowly (within the panel's own wait for a press), so A says what it
      // waits for. Short-lived: the layout checks and the screenshots only (axe reads the screens
      // either side of it).
      const logicB = await service.request<{ settings: Record<string, unknown> }>(
        'GET',
        '/modules/mod-rimu-b-logic',
      );
      await service.moduleSettings('mod-rimu-b-logic', { ...logicB.settings, latency_ms: 4_000 });
      await combine.click();
      await choice.click();
      const pending = a.locator('[data-join-status="pending"]');
      await expect(pending).toBeVisible();
      await expectFitsEverySize(a, 'the pending join');
      await shots(a, `${prefix}-a-pending`);
      // Still pending after the checks: they were made on the pending screen, not the combined one.
      await expect(pending).toBeVisible({ timeout: 1 });

      // Combined: the master shows the combined room, the secondary its lock screen.
      await expect(a.locator('.join-frame[data-join="master"]')).toBeVisible({ timeout: 30_000 });
      await service.moduleSettings('mod-rimu-b-logic', logicB.settings);
      await expect(a.locator('.join-frame .panel[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(b.locator('[data-join-lock="locked"]')).toBeVisible({ timeout: 10_000 });
      // A press the slow half left unanswered was carried out after all: the logic's word wins,
      // and no "nothing was changed" stays on the combined room.
      await expect(a.locator('[data-join-status="failed"]')).toHaveCount(0);
      found.push(...(await shootAndAxe(a, prefix, 'a-combined', { noneOutside: true })));
      found.push(...(await shootAndAxe(b, prefix, 'b-locked', { noneOutside: true })));
      await expectFitsEverySize(a, 'the combined room on the master');
      await expectFitsEverySize(b, 'the locked secondary');

      // In use: the combined room's sources on the master, the secondary saying what it shows.
      await a.locator('.source-tile[data-source="Laptop B"]').click();
      await expect(a.locator('.source-tile[data-source="Laptop B"]')).toHaveAttribute(
        'data-state',
        'confirmed',
        {
          timeout: 30_000,
        },
      );
      await expect(b.locator('[data-showing="Laptop B"]')).toBeVisible({ timeout: 10_000 });
      found.push(...(await shootAndAxe(a, prefix, 'a-combined-in-use', { noneOutside: true })));
      found.push(...(await shootAndAxe(b, prefix, 'b-locked-showing', { noneOutside: true })));
      await expectFitsEverySize(a, 'the combined room in use');
      await expectFitsEverySize(b, 'the locked secondary showing a source');
      expect(found).toEqual([]);
      await service.exec(A, 'RoomLogic', 'unjoin', []);
      await b.context().close();
    });
  });
}
