import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousFindings } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { SIZES } from './sizes.ts';

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
  check(await seriousFindings(page, what)).toEqual([]);
}

/** A screenshot into test-results/screens/<folder>/<name>.png, for a person to judge. */
export async function shoot(page: Page, name: string, folder = ''): Promise<void> {
  const dir = path.join(SCREENS, folder);
  mkdirSync(dir, { recursive: true });
  await keepScreenshot(page, { path: path.join(dir, `${name}.png`) });
}

/**
 * Inside `root`: no two visible controls or pieces of text lie on top of each other (a button over
 * a sentence, two sentences on one line), and no time of day breaks across lines ("8:13 / AM").
 * Text is measured by its drawn lines, not its element's box, so a short sentence in a wide block
 * does not count as covering the whole row. A control's own text, and controls inside controls,
 * are one thing, not two; dialogs lie over the panel by design and are checked on their own.
 */
export async function expectNoOverlap(
  page: Page,
  what: string,
  root = '.panel',
  options?: FitOptions,
): Promise<void> {
  const check = checker(options);
  const found = await page.evaluate((rootSelector) => {
    const CONTROL =
      'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="switch"], [role="slider"], [role="checkbox"], [role="radio"]';
    const rootEl = document.querySelector<HTMLElement>(rootSelector);
    if (!rootEl) return { missing: true, overlaps: [], broken: [] };
    const outsideRoot = rootSelector === '.panel';
    const shown = (el: Element): boolean => {
      if (el.getClientRects().length === 0) return false;
      if (outsideRoot && el.closest('[role="dialog"],[role="alertdialog"]')) return false;
      if (el.closest('.sr-only, .visually-hidden, [aria-hidden="true"]:not(svg)')) return false;
      for (let e: Element | null = el; e && e !== rootEl.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      }
      return true;
    };
    type Rect = { left: number; right: number; top: number; bottom: number };
    type Box = { el: Element; name: string; r: Rect };
    // What is drawn of a box: its parts outside a clipping ancestor (an ellipsis' hidden tail) are not.
    const clipped = (el: Element, r: Rect): Rect => {
      let out = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      for (let e: Element | null = el; e && e !== rootEl.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e);
        const c = e.getBoundingClientRect();
        if (s.overflowX !== 'visible')
          out = { ...out, left: Math.max(out.left, c.left), right: Math.min(out.right, c.right) };
        if (s.overflowY !== 'visible')
          out = { ...out, top: Math.max(out.top, c.top), bottom: Math.min(out.bottom, c.bottom) };
      }
      return out;
    };
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const boxes: Box[] = [];
    for (const el of rootEl.querySelectorAll(CONTROL)) {
      if (!shown(el)) continue;
      const r = clipped(el, el.getBoundingClientRect());
      if (r.right - r.left > 1 && r.bottom - r.top > 1) boxes.push({ el, name: label(el), r });
    }
    const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || (n.textContent ?? '').trim() === '' || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      // A line's box holds the font's ascent and descent room, which a tight line under it may
      // share; what is inked is about the font size high, centred in it.
      const size = Number.parseFloat(getComputedStyle(parent).fontSize);
      for (const line of range.getClientRects()) {
        const inset = Math.max(0, (line.height - size) / 2);
        const r = clipped(parent, {
          left: line.left,
          right: line.right,
          top: line.top + inset,
          bottom: line.bottom - inset,
        });
        if (r.right - r.left > 1 && r.bottom - r.top > 1) boxes.push({ el: parent, name: label(parent), r });
      }
    }
    // The thing a box stands for: its nearest control, else the element holding the text.
    const owner = (b: Box) => b.el.closest(CONTROL) ?? b.el;
    const overlaps: string[] = [];
    const SLACK = 2;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as Box;
        const b = boxes[j] as Box;
        const oa = owner(a);
        const ob = owner(b);
        if (oa === ob || oa.contains(ob) || ob.contains(oa)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > SLACK && h > SLACK) overlaps.push(`${a.name} × ${b.name}`);
      }
    }
    // A time of day is one word to a reader: its parts stay on one line.
    const broken = [...rootEl.querySelectorAll('time')]
      .filter((el) => shown(el))
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)),
        );
        return tops.size > 1;
      })
      .map((el) => `time "${el.textContent}"`);
    return { missing: false, overlaps: [...new Set(overlaps)].slice(0, 8), broken };
  }, root);
  check(found.missing, `${what}: ${root} is there`).toBe(false);
  check(found.overlaps, `${what}: things on top of each other`).toEqual([]);
  check(found.broken, `${what}: a time broken across lines`).toEqual([]);
}

/**
 * Every fit check at each of the three panel sizes (one screen, nothing cut, nothing on top of
 * anything else, text readable), then back to the first size for the steps after.
 */
export async function expectFitsEverySize(page: Page, what: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${what} at ${size.width}×${size.height}`;
    await expectOneScreen(page, at);
    await expectNothingCut(page, at);
    await expectNoOverlap(page, at);
    await expectReadable(page, at);
  }
  await page.setViewportSize(SIZES[0]);
}
