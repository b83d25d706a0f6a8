import fc from 'fast-check';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { loadTranslator, matchLanguage, negotiateLanguage, Translator } from '../../locales/index.ts';
import { pseudoMessage } from '../../locales/pseudo.ts';
import { en } from '../../locales/en.ts';

describe('negotiateLanguage: the first preference Roomdeck speaks', () => {
  it('matches exact tags, then the language alone, whatever the case or separator', () => {
    expect(negotiateLanguage(['de-CH'])).toBe('de');
    expect(negotiateLanguage(['fr-CA', 'AR_ae', 'de'])).toBe('ar');
    expect(negotiateLanguage(['en-GB'])).toBe('en');
    expect(negotiateLanguage(['en-XA'])).toBe('en-XA');
  });

  it('falls back to English for nothing it speaks, empty or missing values', () => {
    expect(negotiateLanguage([])).toBe('en');
    expect(negotiateLanguage([null, undefined, '', '  ', 'fr', 'mi-NZ'])).toBe('en');
  });

  it('never asks for the pseudo-locale except by its exact tag', () => {
    expect(matchLanguage('en-XB')).toBe('en');
    expect(matchLanguage('xa')).toBeNull();
  });

  it('always answers a shipped language, for any list of strings (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('de', 'ar-EG', 'en-US', 'de_AT'))),
        (tags) => {
          const chosen = negotiateLanguage(tags);
          expect(['en', 'de', 'ar', 'en-XA']).toContain(chosen);
          const first = tags.map(matchLanguage).find((match) => match !== null);
          expect(chosen).toBe(first ?? 'en');
        },
      ),
    );
  });
});

/** The ICU arguments a message uses, with their types (plural, select, number…). */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if ('value' in element && typeof element.value === 'string')
        found.add(`${element.type}:${element.value}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** The literal text of a message: the words a person reads, without the ICU syntax around them. */
function literalsOf(message: string): string[] {
  const out: string[] = [];
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) out.push(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return out;
}

describe('the pseudo-locale', () => {
  it('accents, brackets and lengthens every English message, its ICU structure intact', () => {
    for (const [key, message] of Object.entries(en)) {
      const pseudo = pseudoMessage(message);
      expect(pseudo, key).toMatch(/^\[.*\]$/s);
      expect(argumentsOf(pseudo), key).toEqual(argumentsOf(message));
      // No plain English word left in the words themselves (argument names and plural keys are syntax).
      expect(literalsOf(pseudo).join(' '), key).not.toMatch(/[a-z]{3}/);
    }
  });

  it('keeps placeholders and plurals working (property: any words around them)', () => {
    const word = fc.stringMatching(/^[A-Za-z ,.]{1,30}$/);
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 20 }), (before, after, count) => {
        const message = `${before}{count, plural, one {# display} other {# displays}}${after}{name}`;
        const values = { count, name: 'Kauri' };
        const english = new Translator({
          locale: 'en',
          dir: 'ltr',
          messages: { ...en, 'common.close': message },
        });
        const pseudo = new Translator({
          locale: 'en',
          dir: 'ltr',
          messages: { ...en, 'common.close': pseudoMessage(message) },
        });
        const text = pseudo.t('common.close', values);
        expect(text).toContain(String(count));
        expect(text).toContain('Kauri');
        expect(text.length).toBeGreaterThan(english.t('common.close', values).length + 2);
      }),
    );
  });
});

describe('Translator: words and formats of one language', () => {
  const at = Date.UTC(2026, 10, 26, 14, 5, 9);

  it('formats times under one clock rule, whatever the language would do', async () => {
    const german = await loadTranslator('de');
    const english12 = await loadTranslator('en', '12h');
    const english24 = await loadTranslator('en', '24h');
    expect(german.clock).toBe('locale');
    expect(english24.time(at)).not.toMatch(/AM|PM/);
    expect(english12.time(at)).toMatch(/AM|PM/);
    expect((await loadTranslator('de', '12h')).time(at)).toMatch(/AM|PM|vorm|nachm/i);
    expect(english24.timeWithSeconds(at)).toMatch(/:\d\d:\d\d/);
  });

  it('writes a morning hour as the region does: 08:06 in Britain and Germany, 8:06 AM in the US', async () => {
    // Local time, whatever the machine's zone: the hour the page would show at 8:06 in the morning.
    const morning = new Date(2026, 10, 26, 8, 6, 30).getTime();
    expect((await loadTranslator('en-GB')).time(morning)).toBe('08:06');
    expect((await loadTranslator('de')).time(morning)).toBe('08:06');
    expect((await loadTranslator('de')).dateAndTime(morning)).toBe('26. Nov. 2026, 08:06');
    expect((await loadTranslator('en-GB')).timeWithSeconds(morning)).toBe('08:06:30');
    expect((await loadTranslator('en-US')).time(morning)).toMatch(/^8:06\s?AM$/);
    expect((await loadTranslator('en-US', '24h')).time(morning)).toBe('08:06');
    expect((await loadTranslator('de', '12h')).time(morning)).toMatch(/^8:06\s?(AM|vorm\.)$/);
    // Inside a message ({at, time, short}) the same rule holds.
    const british = new Translator({
      locale: 'en-GB',
      dir: 'ltr',
      messages: { ...en, 'common.close': 'At {at, time, short}' },
    });
    expect(british.t('common.close', { at: new Date(morning) })).toBe('At 08:06');
  });

  it('writes numbers and lists as the language does', async () => {
    const german = await loadTranslator('de');
    expect(german.number(1234.5)).toBe('1.234,5');
    expect(german.list(['A', 'B', 'C'])).toBe('A, B und C');
    const arabic = await loadTranslator('ar');
    expect(arabic.dir).toBe('rtl');
    expect(arabic.list(['A', 'B'])).toContain('و');
  });

  it('shows a message that cannot be formatted as its key, never throws', async () => {
    const broken = new Translator({
      locale: 'en',
      dir: 'ltr',
      messages: { ...en, 'common.close': 'Bad {count, plural, one {x}' },
    });
    expect(broken.t('common.close', { count: 1 })).toBe('common.close');
  });

  it('reads the language’s catalogue but writes times and numbers as the region does', async () => {
    const british = await loadTranslator('en-GB');
    expect([british.language, british.locale]).toEqual(['en', 'en-GB']);
    expect(british.time(at)).not.toMatch(/AM|PM/);
    expect((await loadTranslator('en-US')).time(at)).toMatch(/AM|PM/);
    const swiss = await loadTranslator('de_ch');
    expect([swiss.language, swiss.locale]).toEqual(['de', 'de-CH']);
    expect(swiss.number(1234.5)).toMatch(/^1['’]234\.5$/);
    expect(swiss.t('error.unexpected')).toBe('In Roomdeck ist etwas schiefgelaufen.');
  });

  it('loads English for a language Roomdeck does not ship', async () => {
    const french = await loadTranslator('fr');
    expect(french.locale).toBe('en');
    expect(french.t('common.close')).toBe('Close');
  });
});
