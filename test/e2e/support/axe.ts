import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe-core over the page as it is now. Legacy mode runs axe in the page's own frame: the default
 * (`runPartial`) opens a blank page for every analysis to merge the frames' results, which doubles
 * its cost (a new renderer process each time, some 200 times a run). The panel has no frames, so
 * both read the same document the same way.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** What the suite fails on: a serious or critical finding. */
export function isSerious(violation: Violation): boolean {
  return violation.impact === 'serious' || violation.impact === 'critical';
}

/**
 * The serious and critical findings on the page, or on the part `include` selects, one line each:
 * "`what`: rule targets". A test expects none (`toEqual([])`), so a failure names them.
 */
export async function seriousFindings(page: Page, what: string, include?: string): Promise<string[]> {
  const builder = include === undefined ? axeOn(page) : axeOn(page).include(include);
  const result = await builder.analyze();
  return result.violations
    .filter(isSerious)
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
