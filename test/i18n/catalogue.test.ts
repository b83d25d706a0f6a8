import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../locales/en.ts';
import { LANGUAGES, languageOf, PSEUDO_LOCALE, SOURCE_LOCALE } from '../../locales/languages.ts';
import {
  argumentProblems,
  callProblems,
  keyProblems,
  type Messages,
  parseProblems,
  pseudoProblems,
  untranslatedProblems,
  unusedKeys,
} from '../../scripts/i18n/catalogue-checks.ts';
import { usageOf } from '../../scripts/i18n/catalogue-usage.ts';
import { KEPT_AS_IS, OWN_ARGUMENTS } from '../../scripts/i18n/kept-as-is.ts';

/*
 * The message catalogue holds together: every shipped language (as locales/languages.ts lists
 * them, loaded the way a page loads them) has every key of en.ts and no other, every message is
 * valid ICU, a translation reads exactly English's placeholders with its own language's plural
 * categories, nothing is left in English; the source's t() calls name real keys and pass what
 * each message reads; no key goes unused; the pseudo-locale is bracketed, accented and longer.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['renderer/src', 'core', 'host', 'electron', 'contract'];

function sourceFiles(): { file: string; source: string }[] {
  const out: { file: string; source: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|svelte)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        out.push({ file: rel, source: readFileSync(path.join(ROOT, rel), 'utf8') });
    }
  };
  SOURCE_DIRS.forEach(walk);
  return out;
}

/** Scripts whose letters a translation must use (a message left in Latin letters was not translated). */
const SCRIPTS: Record<string, RegExp> = {
  ar: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
  ru: /\p{Script=Cyrillic}/u,
};

const loaded = await Promise.all(
  LANGUAGES.map(async (language) => ({ language, messages: (await language.load()) as Messages })),
);
const translations = loaded.filter(({ language }) => language.code !== SOURCE_LOCALE);
const usage = usageOf(sourceFiles());

describe('the parts of each catalogue', () => {
  // A language's catalogue spreads its parts (locales/<code>/*.ts) into one object, where a key in
  // two parts would be taken silently from the later one: each key lives in exactly one part.
  it.each(LANGUAGES.map((language) => language.code))('%s: no key is in two parts', async (code) => {
    const folder = path.join(ROOT, 'locales', code);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const part = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const words of Object.values(part)) {
        if (typeof words !== 'object' || words === null) continue;
        for (const key of Object.keys(words)) {
          const first = seen.get(key);
          if (first !== undefined) twice.push(`${key} in ${first} and ${file}`);
          seen.set(key, file);
        }
      }
    }
    expect(twice).toEqual([]);
    expect(seen.size).toBe(Object.keys(en).length);
  });
});

describe('the list of languages', () => {
  it('lists every catalogue file in locales/, by its code (adding a language is its file and one line)', () => {
    const files = readdirSync(path.join(ROOT, 'locales'))
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /\}\s*satisfies Catalogue\s*;/.test(readFileSync(path.join(ROOT, 'locales', file), 'utf8')),
      );
    expect(files.length).toBeGreaterThan(0);
    const listed = LANGUAGES.map((language) => `${language.code}.ts`);
    expect(listed).toContain(`${SOURCE_LOCALE}.ts`);
    expect(
      files.filter((file) => !listed.includes(file)),
      'catalogues missing from languages.ts',
    ).toEqual([]);
  });

  it.each(LANGUAGES.map((language) => [language.code, language] as const))(
    '%s: a tag Intl knows, its direction as Intl says, its name in itself',
    (code, language) => {
      expect(Intl.getCanonicalLocales(code)).toEqual([code]);
      expect(Intl.PluralRules.supportedLocalesOf([code])).toEqual([code]);
      const info = new Intl.Locale(code) as Intl.Locale & {
        textInfo?: { direction: string };
        getTextInfo?: () => { direction: string };
      };
      const direction = (info.getTextInfo?.() ?? info.textInfo)?.direction;
      if (direction !== undefined) expect(language.dir).toBe(direction);
      expect(language.name.trim()).not.toBe('');
    },
  );
});

describe.each(loaded.map(({ language, messages }) => [language.code, messages] as const))(
  '%s',
  (code, messages) => {
    it('has every key of en.ts and no other (checked at run time, on the loaded catalogue)', () => {
      expect(keyProblems(en, messages, code)).toEqual([]);
    });

    it('every message parses as ICU MessageFormat', () => {
      expect(parseProblems(messages, code)).toEqual([]);
    });

    it('reads the same placeholders as English, with its own plural categories', () => {
      expect(argumentProblems(en, messages, code, new Set(OWN_ARGUMENTS.map((entry) => entry.key)))).toEqual(
        [],
      );
    });
  },
);

describe.each(translations.map(({ language, messages }) => [language.code, messages] as const))(
  '%s is translated',
  (code, messages) => {
    it('leaves no message in English', () => {
      const base = code.split('-')[0]!;
      const kept = new Set(KEPT_AS_IS.map((entry) => entry.key));
      expect(untranslatedProblems(en, messages, code, SCRIPTS[base], kept)).toEqual([]);
    });
  },
);

it('keeps no stale entry in kept-as-is.ts (each names a key of en.ts)', () => {
  expect(OWN_ARGUMENTS.filter((entry) => !Object.hasOwn(en, entry.key)).map((entry) => entry.key)).toEqual(
    [],
  );
  expect(KEPT_AS_IS.filter((entry) => !Object.hasOwn(en, entry.key)).map((entry) => entry.key)).toEqual([]);
});

describe('the source and the catalogue', () => {
  it('finds the t() calls (the reader works)', () => {
    expect(usage.literals.size).toBeGreaterThan(100);
  });

  it('every t() call names a key of en.ts and passes exactly the values its message reads', () => {
    expect(
      callProblems(
        en,
        usage.calls,
        translations.map(({ messages }) => messages),
      ),
    ).toEqual([]);
  });

  it('no key goes unused: each appears as a string literal in the source', () => {
    expect(unusedKeys(en, usage)).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  it('is bracketed, accented, shaped as English and at least 30 % longer on average', async () => {
    const pseudo = (await languageOf(PSEUDO_LOCALE)!.load()) as Messages;
    const { problems, ratio } = pseudoProblems(en, pseudo, 1.3);
    expect(problems).toEqual([]);
    expect(ratio).toBeGreaterThanOrEqual(1.3);
  });
});
