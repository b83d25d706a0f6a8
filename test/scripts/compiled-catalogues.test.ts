import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ALL_LANGUAGES, type MessageKey, type MessageValues, Translator } from '../../locales/index.ts';
import { compileCatalogue } from '../../scripts/compiled-catalogues.ts';

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
