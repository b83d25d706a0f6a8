import type { BootView } from '#contract';
import { CATALOGUE_READY_MARK } from './startup-marks.ts';
import { warmTimeFormats } from '../time/time-format.ts';
import { t, useLanguage } from '../i18n/i18n.svelte.ts';
import { pageLanguageState } from '../i18n/page-language.svelte.ts';

export { t };

/**
 * The page's first language, chosen from the boot's answer (the configuration's, the bound room's)
 * and loaded: main.ts imports this with the panel's code (start.ts), and the host has already
 * named the catalogue it will need (core/page/catalogue-preload.ts), so it is on its way too.
 * pageLanguageState keeps what chose it, so later changes (the room's, a visitor's) follow.
 */
export async function speakFirstLanguage(boot: Promise<BootView>): Promise<void> {
  try {
    const answer = await boot;
    pageLanguageState.configure(answer.config.language);
    if (answer.opening && 'room' in answer.opening)
      pageLanguageState.setRoom(answer.opening.room.detail.system.settings ?? null);
  } catch {
    // The app model says what failed once it takes the answer; the page speaks its default meanwhile.
  }
  await useLanguage(pageLanguageState.wantedTag, pageLanguageState.clock);
  performance.mark(CATALOGUE_READY_MARK);
  // The first Intl formatters load the locale's data now, not at the first clock's paint.
  warmTimeFormats();
}
