import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousByElement } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { ROOT } from './processes.ts';
import { keepScreenshot } from './screens.ts';
import { SIZES } from './sizes.ts';

const SHOTS = path.join(ROOT, 'test-results', 'screens');

/**
 * What is on screen now at each panel size: it fits one screen (no scrolling; with `noneOutside`,
 * no element of the panel past the window's edge either), is saved to be looked at when screenshots
 * are asked for (`<prefix>-<name>-<size>.png`), and is read by axe. Returns the serious and
 * critical findings, each with its size.
 */
export async function shootAndAxe(
  page: Page,
  prefix: string,
  name: string,
  options: { noneOutside?: boolean } = {},
): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const fits = await page.evaluate((noneOutside) => {
      const doc = document.scrollingElement ?? document.documentElement;
      const outside = !noneOutside
        ? []
        : [...document.querySelectorAll<HTMLElement>('.panel *')].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1);
          });
      return doc.scrollHeight <= window.innerHeight + 1 && outside.length === 0;
    }, options.noneOutside === true);
    expect(fits, `${name} at ${size.width}×${size.height} fits one screen`).toBe(true);
    await keepScreenshot(page, {
      path: path.join(SHOTS, `${prefix}-${name}-${size.width}x${size.height}.png`),
    });
    found.push(...(await seriousByElement(page, `${size.width}×${size.height} ${name}`)));
  }
  await page.setViewportSize(SIZES[0]);
  return found;
}
