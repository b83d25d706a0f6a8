import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { de } from '../../../locales/de.ts';
import { en } from '../../../locales/en.ts';

/*
 * The page's catalogue comes without the technician's words (keys under `tech.`): the renderer's
 * build puts them in a chunk of their own, loaded with the technician's views. Here '#locales'
 * splits the catalogues as that build does, and holds each load of the technician's words until
 * the test lets it through, so the order of a language switch and that load is the test's.
 */

type Release = { code: string; resolve: () => void; reject: (error: Error) => void };
const held: Release[] = [];

/** '#locales' with each catalogue split as the renderer's build splits it (see above). */
const splitLocales = async (importOriginal: <T>() => Promise<T>) => {
  const real = await importOriginal<typeof import('#locales')>();
  const part = (messages: object, technician: boolean) =>
    Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith('tech.') === technician));
  return {
    ...real,
    loadTranslator: async (tag: string, clock?: 'locale' | '12h' | '24h') => {
      const whole = await real.loadTranslator(tag, clock);
      const messages = await real.languageOf(whole.language)!.load();
      return new real.Translator({
        locale: whole.locale,
        language: whole.language,
        dir: whole.dir,
        clock: whole.clock,
        messages: part(messages, false) as typeof messages,
      });
    },
    languageOf: (code: string) => {
      const language = real.languageOf(code);
      if (language === undefined) return undefined;
      return {
        ...language,
        loadTechnician: async () => {
          await new Promise<void>((resolve, reject) => held.push({ code, resolve, reject }));
          return part(await language.load(), true);
        },
      };
    },
  };
};

/**
 * A fresh copy of the page's i18n store (its state is the module's) over the split '#locales'. The
 * files of this project share one module graph per worker (vitest.config.ts, `isolate: false`):
 * afterEach takes the mock and this graph away again, or the next file would start its page on it.
 */
async function freshI18n() {
  vi.resetModules();
  vi.doMock('#locales', splitLocales);
  return import('../../../renderer/src/lib/i18n/i18n.svelte.ts');
}

/** Lets the held load of `code`'s technician's words through (or fails it). */
async function release(code: string, failure?: Error): Promise<void> {
  await vi.waitFor(() => expect(held.map((h) => h.code)).toContain(code));
  const at = held.findIndex((h) => h.code === code);
  const [load] = held.splice(at, 1);
  if (failure === undefined) load!.resolve();
  else load!.reject(failure);
}

/** A fresh store speaking English, the technician's words asked for and arrived. */
async function englishWithTechnicianWords() {
  const i18n = await freshI18n();
  await i18n.useLanguage('en');
  const asked = i18n.useTechnicianWords();
  await release('en');
  await asked;
  return i18n;
}

const TITLE = 'tech.tools.title';

beforeEach(() => {
  held.length = 0;
});

afterEach(() => {
  // Nothing left waiting, and the next file's modules its own.
  for (const load of held.splice(0)) load.resolve();
  vi.doUnmock('#locales');
  vi.resetModules();
});

describe('the technician’s words, loaded apart from the page’s', () => {
  it('are not there with the page’s language, and are once asked for; the panel’s button is', async () => {
    const i18n = await freshI18n();
    await i18n.useLanguage('en');
    expect(i18n.t(TITLE)).toBe(TITLE);
    expect(i18n.t('panel.technicianTools')).toBe(en['panel.technicianTools']);
    const asked = i18n.useTechnicianWords();
    await release('en');
    await asked;
    expect(i18n.t(TITLE)).toBe(en[TITLE]);
    // Asked again: nothing more is loaded.
    await i18n.useTechnicianWords();
    expect(held).toEqual([]);
  });

  it('come with every language switched to once they were asked for', async () => {
    const i18n = await englishWithTechnicianWords();
    const switched = i18n.useLanguage('de');
    await release('de');
    await switched;
    expect(i18n.activeLocale()).toBe('de');
    expect(i18n.t(TITLE)).toBe(de[TITLE]);
  });

  it('a switch of language while they are on their way: the new language’s, never the old', async () => {
    const i18n = await freshI18n();
    await i18n.useLanguage('en');
    const asked = i18n.useTechnicianWords();
    const switched = i18n.useLanguage('de');
    // German's arrive first, English's after: the English ones must not replace the German page.
    await release('de');
    await switched;
    await release('en');
    await asked;
    expect(i18n.activeLocale()).toBe('de');
    expect(i18n.t(TITLE)).toBe(de[TITLE]);
    expect(i18n.t('panel.technicianTools')).toBe(de['panel.technicianTools']);
  });

  it('that fail to load do not hold a language back, and are asked for again', async () => {
    const i18n = await englishWithTechnicianWords();
    const switched = i18n.useLanguage('de');
    await release('de', new Error('the chunk did not load'));
    await switched;
    expect(i18n.activeLocale()).toBe('de');
    expect(i18n.t(TITLE)).toBe(TITLE);
    const again = i18n.withTechnicianWords(async () => 'the view');
    await release('de');
    await expect(again).resolves.toBe('the view');
    expect(i18n.t(TITLE)).toBe(de[TITLE]);
  });

  it('asked for from a view’s template, do not make it load again when the words or the language change', async () => {
    const i18n = await freshI18n();
    // Svelte's runtime of this fresh module graph, so the effect below tracks the store's state.
    const { flushSync } = await import('svelte');
    const { countEffectRuns } = await import('./effect-runs.svelte.ts');
    await i18n.useLanguage('en');
    // As the tools' `{#await loadTools()}` does: the load starts inside the template's effect.
    const loads: Promise<string>[] = [];
    const view = countEffectRuns(() => {
      loads.push(i18n.withTechnicianWords(async () => 'the tools'));
    });
    flushSync();
    await release('en');
    await Promise.all(loads);
    const switched = i18n.useLanguage('de');
    await release('de');
    await switched;
    flushSync();
    expect(i18n.t(TITLE)).toBe(de[TITLE]);
    // Once: the words arriving, and German, changed the page's Translator twice.
    expect(view.runs()).toBe(1);
    view.stop();
  });
});
