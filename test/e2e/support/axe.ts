import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core over the page as it is now. Legacy mode runs axe in the page's own frame: the default
 * (`runPartial`) opens a blank page for every analysis to merge the frames' results, which doubles
 * its cost (a new renderer process each time, some 200 times a run). The panel has no frames, so
 * both read the same document the same way.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}
