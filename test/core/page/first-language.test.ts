import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../contract/types.ts';
import { FirstLanguage } from '../../../core/page/first-language.ts';

const HUDDLE = 'sys-huddle-3-2';

function configured(
  language: Partial<AppConfig['language']> = {},
  systemId: string | null = HUDDLE,
): () => AppConfig {
  return () =>
    ({
      systemId,
      language: { locale: null, languages: [], clock: 'locale', system: [], ...language },
    }) as AppConfig;
}

describe('the language a page will speak first, as the main process can tell', () => {
  it('is the browser’s when nothing else says (English when Roomdeck does not speak it)', () => {
    const first = new FirstLanguage(configured());
    expect(first.guess(['de-CH', 'en'])).toBe('de');
    expect(first.guess(['fr-FR'])).toBe('en');
  });

  it('is the bound room’s own language once that room has opened, over the browser’s', () => {
    const first = new FirstLanguage(configured());
    first.opened(HUDDLE, { panel: { locale: 'ar' } });
    expect(first.guess(['de'])).toBe('ar');
    // The room's settings changed: the next opening says so.
    first.opened(HUDDLE, { panel: {} });
    expect(first.guess(['de'])).toBe('de');
  });

  it('ignores a room that is not the panel’s (a technician looking at another)', () => {
    const first = new FirstLanguage(configured());
    first.opened('sys-other', { panel: { locale: 'ar' } });
    expect(first.guess(['de'])).toBe('de');
    expect(new FirstLanguage(configured({}, null)).guess(['de'])).toBe('de');
  });

  it('is the configured language above the room’s, and a room offering languages picks the browser’s among them', () => {
    const managed = new FirstLanguage(configured({ locale: 'de' }));
    managed.opened(HUDDLE, { panel: { locale: 'ar' } });
    expect(managed.guess(['en'])).toBe('de');
    const offering = new FirstLanguage(configured({ languages: ['ar', 'de'] }));
    expect(offering.guess(['de-AT'])).toBe('de');
    expect(offering.guess(['en'])).toBe('ar');
  });
});
