import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';

/** axe's minified build (580 KB; `axe.source` is the 1.3 MB readable one): less to send and compile. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core over the page as it is now, or over the part `include` selects: all of its default rules,
 * on the page's own document (the panel has no frames).
 *
 * axe is put into a document once and run there as often as a test asks. `@axe-core/playwright`
 * evaluates axe's source twice for every analysis (legacy mode; its default also opens a blank
 * page per analysis to merge frames' results), and compiling that source was most of an analysis:
 * 100 to 300 ms per evaluation against 75 to 170 ms for the run itself, on a loaded two-core
 * machine, some 200 analyses a run.
 */
export async function axeFindings(page: Page, include?: string): Promise<Finding[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(AXE_SOURCE);
  // Only the serious and critical violations leave the page, each as its rule, impact and targets.
  // axe's whole report holds every node of every passing rule with its HTML: on the panel a few
  // hundred kilobytes to serialise in the page and to parse and check in the test's process, for
  // each analysis. `resultTypes` keeps the checking as it is (every rule still looks at every
  // node; violations are reported in full) and stops axe gathering the nodes that passed.
  return page.evaluate(async (selector) => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(
      selector === null ? document : { include: [selector] },
      { resultTypes: ['violations'] },
    );
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, include ?? null);
}

/** A serious or critical violation: the rule, its impact and the elements it found. */
export interface Finding {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The serious and critical findings on the page, or on the part `include` selects, one line each:
 * "`what`: rule targets". A test expects none (`toEqual([])`), so a failure names them.
 */
export async function seriousFindings(page: Page, what: string, include?: string): Promise<string[]> {
  return (await axeFindings(page, include)).map((f) => `${what}: ${f.rule} ${f.targets.join(', ')}`);
}

/**
 * The serious and critical findings, one line per element: "`label`: rule (impact) on target", for
 * the reports that gather every size's findings before asserting none.
 */
export async function seriousByElement(page: Page, label: string): Promise<string[]> {
  return (await axeFindings(page)).flatMap((f) =>
    f.targets.map((target) => `${label}: ${f.rule} (${f.impact}) on ${target}`),
  );
}
