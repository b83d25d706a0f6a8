import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../contract/types.ts';
import {
  NO_ROOM_LANGUAGE,
  offeredLanguages,
  pageLanguage,
  panelLanguage,
  roomLanguage,
  roomLanguageOf,
} from '#locales';

/** Which language the panel speaks: managed > room > OS > browser, and what overrides it. */

type Language = AppConfig['language'];
const config = (over: Partial<Language> = {}): Language => ({
  locale: null,
  languages: [],
  clock: 'locale',
  system: [],
  ...over,
});
const room = (settings: unknown) => roomLanguageOf({ panel: settings });

describe('the room’s language', () => {
  it('takes the managed locale over the room’s, the room’s over the OS’s, the OS’s over the browser’s', () => {
    const deRoom = room({ locale: 'de' });
    expect(roomLanguage(config({ locale: 'ar', system: ['en-US'] }), deRoom, ['en'])).toBe('ar');
    expect(roomLanguage(config({ system: ['ar-AE'] }), deRoom, ['en'])).toBe('de');
    expect(roomLanguage(config({ system: ['ar-AE'] }), NO_ROOM_LANGUAGE, ['de-DE'])).toBe('ar');
    expect(roomLanguage(config(), NO_ROOM_LANGUAGE, ['de-DE', 'en'])).toBe('de');
    expect(roomLanguage(undefined, NO_ROOM_LANGUAGE, ['fr'])).toBe('en');
  });

  it('passes over a tag Roomdeck does not ship (a managed "fr" falls back to the room’s German)', () => {
    expect(roomLanguage(config({ locale: 'fr' }), room({ locale: 'de-CH' }), ['en'])).toBe('de');
    expect(roomLanguage(config({ locale: 'fr', system: ['mi-NZ', 'ar'] }), NO_ROOM_LANGUAGE, [])).toBe('ar');
  });

  it('of a room that offers languages and names none: the OS’s or browser’s pick among them, else its first', () => {
    expect(
      roomLanguage(config({ languages: ['de', 'ar'], system: ['en-US', 'ar-AE'] }), NO_ROOM_LANGUAGE, []),
    ).toBe('ar');
    expect(
      roomLanguage(config({ languages: ['de', 'ar'], system: ['en-US'] }), NO_ROOM_LANGUAGE, ['en']),
    ).toBe('de');
    expect(roomLanguage(config(), room({ languages: ['ar', 'de'] }), ['de-AT'])).toBe('de');
  });

  it('main.ts’s first language reads the room’s settings from the boot’s answer', () => {
    expect(panelLanguage(config(), { panel: { locale: 'ar' } }, ['de'])).toBe('ar');
    expect(panelLanguage(config(), null, ['de'])).toBe('de');
    expect(panelLanguage(config(), { panel: { locale: 42 } }, ['de'])).toBe('de');
  });
});

describe('the languages offered', () => {
  it('are the managed list, else the room’s, as shipped codes, each once, no pseudo-locale', () => {
    expect(
      offeredLanguages(
        config({ languages: ['de-CH', 'en', 'de', 'fr', 'en-XA', 'ar'] }),
        room({ languages: ['en'] }),
      ),
    ).toEqual(['de', 'en', 'ar']);
    expect(offeredLanguages(config(), room({ languages: ['ar', 'en', 7] }))).toEqual(['ar', 'en']);
    expect(offeredLanguages(config(), room({ languages: 'de,en' }))).toEqual([]);
  });
});

describe('the page’s language', () => {
  const base = {
    config: config({ locale: 'en', languages: ['en', 'de', 'ar'] }),
    room: NO_ROOM_LANGUAGE,
    browser: [],
  };

  it('is the visitor’s choice over the room’s, and the technician’s over both only while the tools are open', () => {
    expect(pageLanguage({ ...base, visitor: null, technician: 'ar', toolsOpen: false })).toBe('en');
    expect(pageLanguage({ ...base, visitor: 'de', technician: 'ar', toolsOpen: false })).toBe('de');
    expect(pageLanguage({ ...base, visitor: 'de', technician: 'ar', toolsOpen: true })).toBe('ar');
    // "As the panel": the technician's tools speak whatever the panel speaks.
    expect(pageLanguage({ ...base, visitor: 'de', technician: null, toolsOpen: true })).toBe('de');
  });
});
