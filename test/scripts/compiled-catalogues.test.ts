import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGES, type MessageKey, type MessageValues, Translator } from '../../locales/index.ts';
import fc from 'fast-check';
import { compileCatalogue, splitCatalogue, TECHNICIAN_WORDS } from '../../scripts/compiled-catalogues.ts';

/*
 * The page's catalogues are compiled when the renderer is built (the page has no parser): every
 * message of every language, compiled, must read exactly as the same message parsed at run time,
 * with every argument it takes, in every choice of its plurals and selects.
 */

const AT = Date.UTC(2026, 10, 26, 14, 5);

/** Every argument the message names, with the values that walk its choices (one set per choice). */
function valueSets(ast: readonly MessageFormatElement[]): MessageValues[] {
  const base: MessageValues = {};
  const choices: [string, (string | number)[]][] = [];
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument) base[el.value] ??= 'Display 1';
      if (el.type === TYPE.number) base[el.value] = 1234.5;
      if (el.type === TYPE.date || el.type === TYPE.time) base[el.value] = AT;
      if (el.type === TYPE.tag) walk(el.children);
      if (el.type === TYPE.plural) {
        base[el.value] = 1;
        choices.push([el.value, [0, 1, 2, 3, 11, 100]]);
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.select) {
        base[el.value] ??= 'other';
        choices.push([el.value, Object.keys(el.options)]);
        for (const option of Object.values(el.options)) walk(option.value);
      }
    }
  };
  walk(ast);
  const sets = [base];
  for (const [name, values] of choices) for (const value of values) sets.push({ ...base, [name]: value });
  return sets;
}

describe('catalogues compiled at build time', () => {
  for (const language of ALL_LANGUAGES) {
    it(`read as the run-time parse reads them: ${language.code}, every key`, async () => {
      const messages = await language.load();
      const compiled = compileCatalogue(messages as Record<string, string>, language.code);
      expect(Object.keys(compiled)).toEqual(Object.keys(messages));
      const options = { locale: language.code, dir: language.dir, clock: '24h' as const };
      const parsed = new Translator({ ...options, messages });
      const built = new Translator({ ...options, messages: compiled as typeof messages });
      for (const key of Object.keys(messages) as MessageKey[]) {
        for (const values of valueSets(compiled[key]!)) {
          const said = built.t(key, values);
          expect(said, key).toBe(parsed.t(key, values));
          expect(said, key).not.toBe(key);
        }
      }
    });
  }

  it('fails the build on a message that does not parse, naming its key', () => {
    expect(() => compileCatalogue({ 'app.broken': 'Hello {name' }, 'xx.ts')).toThrow(
      /xx\.ts: the message app\.broken/,
    );
  });
});

/*
 * The page's catalogue comes in two parts: the technician's words (keys under `tech.`) load with the
 * technician tools, the rest with the page. Every key must be in exactly one part. (That the page's
 * first scripts say no technician word is test/e2e/startup.spec.ts's to check, on the build.)
 */
describe('catalogues in two parts', () => {
  const keyOf = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ maxLength: 12 }).map((rest) => `${TECHNICIAN_WORDS}${rest}`),
    fc.constantFrom(
      'tech',
      'tech-x.y',
      'panel.tech.x',
      'Tech.x',
      `${TECHNICIAN_WORDS}`,
      '__proto__',
      'constructor',
    ),
  );

  it('puts every key in exactly one part, the technician’s being exactly the keys under tech.', () => {
    fc.assert(
      fc.property(fc.dictionary(keyOf, fc.constant(null)), (keys) => {
        const compiled = Object.fromEntries(Object.keys(keys).map((key) => [key, []]));
        const { page, technician } = splitCatalogue(compiled);
        for (const key of Object.keys(compiled)) {
          const inTechnician = Object.hasOwn(technician, key);
          expect(inTechnician, key).toBe(key.startsWith(TECHNICIAN_WORDS));
          expect(Object.hasOwn(page, key), key).toBe(!inTechnician);
        }
        expect(Object.keys(page).length + Object.keys(technician).length).toBe(Object.keys(compiled).length);
      }),
      { numRuns: 500 },
    );
  });

  for (const language of ALL_LANGUAGES) {
    it(`${language.code}: both parts read as the whole catalogue, and the technician's has every tech. word`, async () => {
      const messages = (await language.load()) as Record<string, string>;
      const { page, technician } = splitCatalogue(compileCatalogue(messages, language.code));
      expect(Object.keys(technician).length).toBeGreaterThan(100);
      expect(Object.keys(page).length).toBeGreaterThan(100);
      expect({ ...page, ...technician }).toEqual(compileCatalogue(messages, language.code));
      // Outside the renderer's build the technician twin is the whole catalogue, so it has them too.
      const twin = (await language.loadTechnician()) as Record<string, string>;
      for (const key of Object.keys(technician)) expect(twin[key], key).toBe(messages[key]);
    });
  }
});
