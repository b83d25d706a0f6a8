// Start-up: the browser host spawned from nothing to an interactive panel, and a warm reload.
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  BOOT_ANSWERED_MARK,
  CATALOGUE_READY_MARK,
  CODE_LOADED_MARK,
  INTERACTIVE_MARK,
} from '../../renderer/src/lib/app/startup-marks.ts';
import { type Stack, startHost } from '../../test/e2e/support/processes.ts';
import { newPanelPage } from './panel.ts';

/** Where the page's own start-up marks fell (ms since navigation start; NaN when not set). */
export async function startupMarks(page: Page): Promise<StartupMarks> {
  // No helper function inside: tsx would wrap it in a `__name` call the page does not have.
  const [interactive, bootAnswered, codeLoaded, catalogueReady] = await page.evaluate(
    (names) => names.map((name) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN),
    [INTERACTIVE_MARK, BOOT_ANSWERED_MARK, CODE_LOADED_MARK, CATALOGUE_READY_MARK],
  );
  return {
    interactive: interactive!,
    bootAnswered: bootAnswered!,
    codeLoaded: codeLoaded!,
    catalogueReady: catalogueReady!,
  };
}

/** The page's own marks, ms since navigation start (NaN: not set, e.g. a build without that mark). */
export interface StartupMarks {
  interactive: number;
  bootAnswered: number;
  codeLoaded: number;
  catalogueReady: number;
}

/** How long a load may take before the bench gives up on it. */
const LOAD_LIMIT_MS = 30_000;

/**
 * Opens (or reloads) the page and waits for its interactive mark without working in the page
 * meanwhile. A Playwright locator injects its selector engine into each new document: a task of
 * 8–10 ms on the page's main thread that, begun as the navigation committed, ran inside the very
 * window being measured and held back the mark it was waiting for (a reload read 82–93 ms with it,
 * 60–76 ms without). The wait here is one small script run at commit; the panel's readiness is
 * checked with a locator only once the figures are taken.
 */
async function loadUntilInteractive(page: Page, load: () => Promise<unknown>): Promise<void> {
  await load();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      // A string, not a function: tsx would wrap a function in a `__name` call the page does not have.
      page.evaluate(`new Promise((resolve) => {
        const marked = () => performance.getEntriesByName(${JSON.stringify(INTERACTIVE_MARK)}).length > 0;
        if (marked()) return resolve();
        new PerformanceObserver((_, observer) => { if (marked()) { observer.disconnect(); resolve(); } })
          .observe({ type: 'mark', buffered: true });
      })`),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the panel set no interactive mark within 30 s')),
          LOAD_LIMIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A signed-in host with a remembered room, started from nothing, to an interactive panel. */
export async function benchColdStart(browser: Browser, stack: Stack, runs = 5) {
  const hostStart: number[] = [];
  const toInteractive: number[] = [];
  const inPage: number[] = [];
  const marked: number[] = [];
  const bootAnswered: number[] = [];
  const codeLoaded: number[] = [];
  const reload: number[] = [];
  const reloadMarked: number[] = [];
  /** Every run's marks, cold load and warm reload: where the time went, run by run. */
  const marksByRun: { cold: StartupMarks; reload: StartupMarks }[] = [];
  const context: number[] = [];
  /** Spawn → the interactive panel, as the driver sees it: one clock, nothing left out. */
  const oneClock: number[] = [];
  const dataDir = path.join(stack.dir, 'host');
  await stack.host.stop();
  for (let i = 0; i < runs; i++) {
    // The browser is open before the host starts, as a wall panel's kiosk browser waits for it: the
    // address is opened the moment the host announces it, and one clock runs from the spawn to
    // the interactive panel, so nothing the host does after announcing itself goes uncounted.
    const c0 = performance.now();
    const page = await newPanelPage(browser);
    context.push(performance.now() - c0);
    const t0 = performance.now();
    const host = await startHost({ serverUrl: stack.simulator.url, dataDir });
    const t1 = performance.now();
    await loadUntilInteractive(page, () => page.goto(host.launchUrl, { waitUntil: 'commit' }));
    const t2 = performance.now();
    oneClock.push(t2 - t0);
    inPage.push(await page.evaluate(() => performance.now()));
    await page.locator('[data-ready="true"]').waitFor();
    const marks = await startupMarks(page);
    marked.push(marks.interactive);
    bootAnswered.push(marks.bootAnswered);
    codeLoaded.push(marks.codeLoaded);
    // The same page again on the now-warm host: what the renderer costs without the host's first hits.
    await loadUntilInteractive(page, () => page.reload({ waitUntil: 'commit' }));
    reload.push(await page.evaluate(() => performance.now()));
    await page.locator('[data-ready="true"]').waitFor();
    const reloadMarks = await startupMarks(page);
    reloadMarked.push(reloadMarks.interactive);
    marksByRun.push({ cold: marks, reload: reloadMarks });
    await page.context().close();
    await host.stop();
    hostStart.push(t1 - t0);
    toInteractive.push(t2 - t1);
  }
  return {
    hostStart,
    toInteractive,
    inPage,
    marked,
    bootAnswered,
    codeLoaded,
    reload,
    reloadMarked,
    marksByRun,
    context,
    oneClock,
  };
}

export type ColdStart = Awaited<ReturnType<typeof benchColdStart>>;
