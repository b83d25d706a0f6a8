import type { Page } from '@playwright/test';
import axe, { type AxeResults, type Result } from 'axe-core';

/**
 * axe-core over the page as it is now, or over the part `include` selects: all of its default rules,
 * on the page's own document (the panel has no frames).
 *
 * axe is put into a document once and run there as often as a test asks. `@axe-core/playwright`
 * evaluates axe's 580 KB source twice for every analysis (legacy mode; its default also opens a blank
 * page per analysis to merge frames' results), and compiling that source was most of an analysis:
 * 100 to 300 ms per evaluation against 75 to 170 ms for the run itself, on a loaded two-core
 * machine, some 200 analyses a run.
 */
export async function axeResults(page: Page, include?: string): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(
    (selector) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        selector === null ? document : { include: [selector] },
      ),
    include ?? null,
  );
}

/** What the suite fails on: a serious or critical finding. */
export function isSerious(violation: Result): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}

/**
 * The serious and critical findings on the page, or on the part `include` selects, one line each:
 * "`what`: rule targets". A test expects none (`toEqual([])`), so a failure names them.
 */
export async function seriousFindings(page: Page, what: string, include?: string): Promise<string[]> {
  const result = await axeResults(page, include);
  return result.violations
    .filter(isSerious)
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The serious and critical findings, one line per element: "`label`: rule (impact) on target", for
 * the reports that gather every size's findings before asserting none.
 */
export async function seriousByElement(page: Page, label: string): Promise<string[]> {
  const result = await axeResults(page);
  return result.violations
    .filter(isSerious)
    .flatMap((v) => v.nodes.map((node) => `${label}: ${v.id} (${v.impact}) on ${node.target.join(' ')}`));
}
