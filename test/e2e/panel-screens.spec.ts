import { mkdirSync } from 'node:fs';
import { seriousFindings } from './support/axe.ts';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/stack.ts';
import { expectNoOverlap } from './support/fit.ts';
import { openRoom } from './support/panel.ts';
import { ROOT } from './support/processes.ts';
import { SIZES } from './support/sizes.ts';
import { keepScreenshot } from './support/screens.ts';

/*
 * Every demo room on every panel size: one screen, no scrolling, nothing on top of anything, on
 * the welcome screen and on every page once the room is in use. Screenshots of each are saved for
 * people to look at.
 */

const ROOMS = [
  { name: 'Harbour Boardroom', id: 'sys-harbour-boardroom' },
  { name: 'Huddle 3.2', id: 'sys-huddle-3-2' },
  { name: 'Kauri Training Room', id: 'sys-kauri-training' },
  { name: 'Tasman Auditorium', id: 'sys-tasman-auditorium' },
  { name: 'Innovation Lab', id: 'sys-innovation-lab' },
  { name: 'Level 3 Lounge', id: 'sys-level3-lounge' },
];
const SHOTS = path.join(ROOT, 'test-results', 'screens');

/** The document and every region of the panel fit the viewport: nothing scrolls, nothing is cut. */
async function expectOneScreen(page: Page, what: string): Promise<void> {
  const fit = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const overflowing = [...document.querySelectorAll<HTMLElement>('.panel *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === 'none' || el.closest('[role="dialog"],[role="alertdialog"]')) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1);
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().bottom)})`,
      );
    return { scroll: doc.scrollHeight, height: window.innerHeight, overflowing: overflowing.slice(0, 5) };
  });
  expect(fit.scroll, `${what}: page height`).toBe(fit.height);
  expect(fit.overflowing, `${what}: elements outside the screen`).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await keepScreenshot(page, { path: path.join(SHOTS, `${name}.png`) });
}

/** Every piece of text on the panel is at least 18 px. */
async function expectReadable(page: Page, what: string): Promise<void> {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.panel *')]
      .filter((el) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''),
      )
      .filter((el) => el.getClientRects().length > 0 && Number.parseFloat(getComputedStyle(el).fontSize) < 18)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className}: ${getComputedStyle(el).fontSize} "${el.textContent?.trim().slice(0, 30)}"`,
      ),
  );
  expect(small, `${what}: text under 18 px`).toEqual([]);
}

/** axe-core on the screen as it is: no serious or critical violation. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousFindings(page, what)).toEqual([]);
}

test.describe('every demo room fits one screen', () => {
  test.describe.configure({ timeout: 300_000 });
  // A wall panel is a touch screen.
  test.use({ hasTouch: true });
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height}, on the welcome screen and every page`, async ({
      page,
      stack,
      service,
    }) => {
      await page.setViewportSize(size);
      for (const room of ROOMS) {
        await service.exec(room.id, 'RoomLogic', 'power', [false]).catch(() => undefined);
        await openRoom(page, stack.host.url, room.name);
        const tag = `${room.id}-${size.width}x${size.height}`;
        const panel = page.locator('.panel');
        if ((await panel.getAttribute('data-view')) === 'welcome') {
          await expectOneScreen(page, `${room.name} welcome`);
          await expectNoOverlap(page, `${room.name} welcome`);
          if (size.width === 1280) await expectAccessible(page, `${room.name} welcome`);
          await expectReadable(page, `${room.name} welcome`);
          await shoot(page, `${tag}-welcome`);
          const tile = page.getByRole('group', { name: 'Sources' }).getByRole('button').first();
          await tile.tap();
          await expect(panel).toHaveAttribute('data-view', 'in-use', { timeout: 15_000 });
        }
        const tabs = page.getByRole('tab');
        const count = await tabs.count();
        for (let i = 0; i < Math.max(1, count); i++) {
          if (count > 0) await tabs.nth(i).tap();
          const title = count > 0 ? ((await tabs.nth(i).textContent()) ?? '').trim() : 'page';
          await expectOneScreen(page, `${room.name} ${title}`);
          await expectNoOverlap(page, `${room.name} ${title}`);
          if (size.width === 1280) await expectAccessible(page, `${room.name} ${title}`);
          await expectReadable(page, `${room.name} ${title}`);
          await shoot(page, `${tag}-${title.toLowerCase()}`);
        }
      }
    });
  }
});
