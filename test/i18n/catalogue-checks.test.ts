import { describe, expect, it } from 'vitest';
import {
  argumentProblems,
  callProblems,
  keyProblems,
  parseProblems,
  pseudoProblems,
  untranslatedProblems,
  unusedKeys,
} from '../../scripts/i18n/catalogue-checks.ts';
import { usageOf } from '../../scripts/i18n/catalogue-usage.ts';
import { pseudoCatalogue } from '../../locales/pseudo.ts';
import type { Catalogue } from '../../locales/en.ts';

/*
 * The catalogue test's rules on small fixtures: each catches the fault it is for (red) and passes
 * a sound catalogue (green), so a green catalogue.test.ts means something.
 */

const EN = {
  'panel.power.on': 'Room on',
  'panel.displays': '{count, plural, one {# display} other {# displays}}',
  'panel.mute.named': 'Mute {name}',
  'panel.help.call': 'Call <b>{phone}</b> for help',
};

const DE = {
  'panel.power.on': 'Raum ein',
  'panel.displays': '{count, plural, one {# Bildschirm} other {# Bildschirme}}',
  'panel.mute.named': '{name} stummschalten',
  'panel.help.call': 'Hilfe unter <b>{phone}</b>',
};

const AR = {
  'panel.power.on': 'تشغيل القاعة',
  'panel.displays':
    '{count, plural, zero {لا شاشات} one {شاشة واحدة} two {شاشتان} few {# شاشات} many {# شاشة} other {# شاشة}}',
  'panel.mute.named': 'كتم {name}',
  'panel.help.call': 'اتصل بالرقم <b>{phone}</b> للمساعدة',
};

describe('keys', () => {
  it('a sound translation has no key problem', () => {
    expect(keyProblems(EN, DE, 'de')).toEqual([]);
  });
  it('names a missing key and an extra one', () => {
    const { 'panel.power.on': _, ...rest } = DE;
    expect(keyProblems(EN, { ...rest, 'panel.power.of': 'Aus' }, 'de')).toEqual([
      'de: missing panel.power.on',
      'de: panel.power.of is not in en.ts',
    ]);
  });
});

describe('parsing', () => {
  it('passes valid ICU, fails a broken brace, a plural without other, an ASCII apostrophe quoting a brace', () => {
    expect(parseProblems(DE, 'de')).toEqual([]);
    const broken = parseProblems(
      { a: 'Mute {name', b: '{n, plural, one {# item}}', c: "Room'{name}' on", d: 'It’s {name}' },
      'en',
    );
    expect(broken.map((p) => p.split(' does not parse')[0])).toEqual(['en: a', 'en: b']);
    // c parses, but as the literal text "{name}": the placeholder is gone, which the argument check sees.
    expect(argumentProblems({ c: 'Room {name} on' }, { c: "Room'{name}' on" }, 'en')).toEqual([
      'en: c drops {name}',
    ]);
  });
});

describe('placeholders and plurals', () => {
  it('a sound German and Arabic pass', () => {
    expect(argumentProblems(EN, DE, 'de')).toEqual([]);
    expect(argumentProblems(EN, AR, 'ar')).toEqual([]);
  });
  it('a dropped, a renamed placeholder and a lost tag are named', () => {
    const bad = { ...DE, 'panel.mute.named': 'Stummschalten', 'panel.help.call': 'Hilfe unter {telefon}' };
    expect(argumentProblems(EN, bad, 'de')).toEqual([
      'de: panel.mute.named drops {name}',
      'de: panel.help.call drops {phone}',
      'de: panel.help.call reads {telefon}, which English does not',
      'de: panel.help.call tags differ from English ( vs b)',
    ]);
  });
  it('Arabic needs all six categories; a category Arabic lacks is refused; =N is allowed', () => {
    const englishShaped = { ...AR, 'panel.displays': '{count, plural, one {شاشة} other {# شاشات}}' };
    expect(argumentProblems(EN, englishShaped, 'ar')).toEqual([
      'ar: panel.displays plural {count} lacks few, many, two, zero (ar has few, many, one, two, zero, other)',
    ]);
    const german = {
      ...DE,
      'panel.displays':
        '{count, plural, =0 {kein Bildschirm} one {# Bildschirm} few {# Bildschirme} other {# Bildschirme}}',
    };
    expect(argumentProblems(EN, german, 'de')).toEqual([
      'de: panel.displays plural {count} has few, not a plural category of de (one, other)',
    ]);
  });
});

describe('left in English', () => {
  it('passes translations, catches an English phrase and Latin letters in Arabic', () => {
    expect(untranslatedProblems(EN, DE, 'de')).toEqual([]);
    expect(untranslatedProblems(EN, AR, 'ar', /\p{Script=Arabic}/u)).toEqual([]);
    expect(untranslatedProblems(EN, { ...DE, 'panel.power.on': 'Room on' }, 'de')).toEqual([
      'de: panel.power.on is still English: "Room on"',
    ]);
    expect(
      untranslatedProblems(
        EN,
        { ...AR, 'panel.help.call': 'Call <b>{phone}</b> for help' },
        'ar',
        /\p{Script=Arabic}/u,
      ),
    ).toEqual(['ar: panel.help.call is still English: "Call <b>{phone}</b> for help"']);
    expect(untranslatedProblems({ x: 'Volume' }, { x: 'Volume' }, 'ar', /\p{Script=Arabic}/u)).toEqual([
      'ar: x has no ar letter: "Volume"',
    ]);
    // Technical identifiers alone are not prose; a product name is kept by an explicit entry.
    expect(untranslatedProblems({ x: 'IP / URI' }, { x: 'IP / URI' }, 'de')).toEqual([]);
    expect(
      untranslatedProblems({ x: 'Roomdeck' }, { x: 'Roomdeck' }, 'ar', /\p{Script=Arabic}/u, new Set(['x'])),
    ).toEqual([]);
  });
});

describe('the source’s t() calls and unused keys', () => {
  const source = [
    {
      file: 'renderer/src/A.svelte',
      source:
        "<script lang=\"ts\">\nimport { t } from './i18n.ts';\nconst label = t('panel.power.on');\n</script>\n<p>{t('panel.displays', { count })}</p>\n<button aria-label={t('panel.mute.named', { nome: x })}>×</button>\n<p>{t('panel.help.call')}</p>",
    },
    {
      file: 'core/kiosk/b.ts',
      source: "export const s = (tr: { t: (k: string) => string }) => tr.t('panel.gone');\n",
    },
  ];
  const usage = usageOf(source);

  it('reads calls from Svelte scripts, markup and .ts, with their lines and values', () => {
    expect(usage.calls).toEqual([
      { file: 'renderer/src/A.svelte', line: 3, key: 'panel.power.on', values: [] },
      { file: 'renderer/src/A.svelte', line: 5, key: 'panel.displays', values: ['count'] },
      { file: 'renderer/src/A.svelte', line: 6, key: 'panel.mute.named', values: ['nome'] },
      { file: 'renderer/src/A.svelte', line: 7, key: 'panel.help.call', values: [] },
      { file: 'core/kiosk/b.ts', line: 1, key: 'panel.gone', values: [] },
    ]);
  });

  it('names an unknown key, a missing value and an extra one', () => {
    expect(callProblems(EN, usage.calls)).toEqual([
      "renderer/src/A.svelte:6: t('panel.mute.named') does not pass {name}",
      "renderer/src/A.svelte:6: t('panel.mute.named') passes nome, which the message does not read",
      "renderer/src/A.svelte:7: t('panel.help.call') does not pass {phone}",
      "core/kiosk/b.ts:1: t('panel.gone') names no key of en.ts",
    ]);
    expect(callProblems(EN, [{ file: 'x.ts', line: 1, key: 'panel.mute.named', values: ['name'] }])).toEqual(
      [],
    );
  });

  it('a key in no literal is unused; a key in a map of literal keys is used', () => {
    expect(unusedKeys({ ...EN, 'panel.never': 'Never' }, usage)).toEqual(['panel.never']);
    const mapped = usageOf([
      { file: 'w.ts', source: "const WORDS = { on: 'panel.power.on', off: 'panel.never' } as const;" },
    ]);
    expect(unusedKeys({ 'panel.power.on': 'x', 'panel.never': 'y' }, mapped)).toEqual([]);
  });
});

describe('pseudo-locale', () => {
  it('the real pseudo-locale of the fixtures passes; an unpadded, unbracketed or unaccented one fails', () => {
    const pseudo = pseudoCatalogue(EN as unknown as Catalogue) as Record<string, string>;
    expect(pseudoProblems(EN, pseudo).problems).toEqual([]);
    const flat = Object.fromEntries(Object.entries(EN).map(([k, v]) => [k, `[${v}]`]));
    const problems = pseudoProblems(EN, flat).problems;
    expect(problems).toContain('en-XA: panel.power.on has unaccented letters: "[Room on]"');
    expect(problems.at(-1)).toMatch(/^en-XA: on average 1\.\d\d× English's length, under 1\.3×$/);
    expect(pseudoProblems(EN, { ...pseudo, 'panel.power.on': 'Ŕööɱ öñ ········' }).problems).toEqual([
      'en-XA: panel.power.on is not bracketed: "Ŕööɱ öñ ········"',
    ]);
  });
});
