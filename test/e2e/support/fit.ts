import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** `soft`: record the failure and go on, so one run through every room names every problem. */
export interface FitOptions {
  soft?: boolean;
}

const checker = (options: FitOptions = {}) => (options.soft ? expect.soft : expect);
import { ROOT } from './processes.ts';
import { keepScreenshot } from './screens.ts';

/*
 * The panel's fit checks, in any language: one screen, nothing scrolling, nothing outside the
 * viewport or cut inside its box, text at least 18 px, and axe-core's serious/critical rules.
 * Used by i18n-fit.spec.ts (German, Arabic, pseudo); panel-screens.spec.ts (English) still
 * has its own copies of the first, the 18 px and the axe checks (to be switched over here).
 * They read the layout only, never words, so they say the same thing in every language.
 */

export const SCREENS = path.join(ROOT, 'test-results', 'screens');

/** The document and every region of the panel fit the viewport: nothing scrolls, nothing is cut. */
export async function expectOneScreen(page: Page, what: string, options?: FitOptions): Promise<void> {
  const check = checker(options);
  const fit = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const overflowing = [...document.querySelectorAll<HTMLElement>('.panel *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === 'none' || el.closest('[role="dialog"],[role="alertdialog"]')) return false;
        const r = el.getBoundingClientRect();
        // Left as well as right: a right-to-left layout spills out at the left.
        return (
          r.width > 0 && (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.left < -1)
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().bottom)})`,
      );
    return { scroll: doc.scrollHeight, height: window.innerHeight, overflowing: overflowing.slice(0, 5) };
  });
  check(fit.scroll, `${what}: page height`).toBe(fit.height);
  check(fit.overflowing, `${what}: elements outside the screen`).toEqual([]);
}

/**
 * Inside `root`: no text box is cut (text wider or taller than a box that clips it, or ending in
 * an ellipsis), and no box that clips scrolls instead of showing everything. Long German words
 * and Arabic shaping show up here while the page itself still fits.
 */
export async function expectNothingCut(
  page: Page,
  what: string,
  root = '.panel',
  options?: FitOptions,
): Promise<void> {
  const check = checker(options);
  const cut = await page.evaluate((rootSelector) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${rootSelector}, ${rootSelector} *`)) {
      if (el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      // Form fields scroll their own text by design; a screen reader's text is not drawn.
      if (el.matches('input, textarea, select, .sr-only, .visually-hidden')) continue;
      const clipsX = /hidden|clip|auto|scroll/.test(style.overflowX);
      const clipsY = /hidden|clip|auto|scroll/.test(style.overflowY);
      const hasText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = el.scrollHeight > el.clientHeight + 1;
      const label = `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if ((clipsX && wide) || (clipsY && tall))
        out.push(`${label}: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
      else if (hasText && style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        out.push(`${label}: ellipsis`);
    }
    return out.slice(0, 8);
  }, root);
  check(cut, `${what}: text cut off or scrolling inside its box`).toEqual([]);
}

/** Every piece of text inside `root` is at least 18 px. */
export async function expectReadable(
  page: Page,
  what: string,
  root = '.panel',
  options?: FitOptions,
): Promise<void> {
  const check = checker(options);
  const small = await page.evaluate(
    (rootSelector) =>
      [...document.querySelectorAll<HTMLElement>(`${rootSelector} *`)]
        .filter((el) =>
          [...el.childNodes].some(
            (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
          ),
        )
        .filter(
          (el) => el.getClientRects().length > 0 && Number.parseFloat(getComputedStyle(el).fontSize) < 18,
        )
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className}: ${getComputedStyle(el).fontSize} "${el.textContent?.trim().slice(0, 30)}"`,
        ),
    root,
  );
  check(small, `${what}: text under 18 px`).toEqual([]);
}

/** A dialog (the help sheet) fits the viewport as a whole: nothing outside it, nothing scrolling in it. */
export async function expectDialogFits(
  page: Page,
  what: string,
  selector: string,
  options?: FitOptions,
): Promise<void> {
  const check = checker(options);
  const fit = await page.evaluate((sel) => {
    const dialog = document.querySelector<HTMLElement>(sel);
    if (!dialog) return { missing: true, outside: [], scrolling: [] };
    const inside = [dialog, ...dialog.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getClientRects().length > 0,
    );
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')}`;
    const outside = inside
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 &&
          (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.left < -1 || r.top < -1)
        );
      })
      .map(name);
    const scrolling = inside
      .filter((el) => {
        const s = getComputedStyle(el);
        return (
          (/auto|scroll/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
          (/auto|scroll/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1)
        );
      })
      .map((el) => `${name(el)} ${el.scrollHeight}/${el.clientHeight}`);
    return { missing: false, outside: outside.slice(0, 5), scrolling: scrolling.slice(0, 5) };
  }, selector);
  check(fit.missing, `${what}: ${selector} is open`).toBe(false);
  check(fit.scrolling, `${what}: scrolls inside`).toEqual([]);
  check(fit.outside, `${what}: parts outside the screen`).toEqual([]);
}

/** axe-core on the screen as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, what: string, options?: FitOptions): Promise<void> {
  const check = checker(options);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A screenshot into test-results/screens/<folder>/<name>.png, for a person to judge. */
export async function shoot(page: Page, name: string, folder = ''): Promise<void> {
  const dir = path.join(SCREENS, folder);
  mkdirSync(dir, { recursive: true });
  await keepScreenshot(page, { path: path.join(dir, `${name}.png`) });
}
