import type { ConfigProblem } from './problems.ts';

/**
 * The language settings (`panel.locale`, `panel.languages`, `panel.clock`) checked in words an
 * installer can act on. A tag only has to be a well-formed BCP 47 language tag: one Roomdeck does
 * not ship (`fr`) is accepted, and the panel falls back to the next choice at run time (the room's,
 * the operating system's), so a panel configured ahead of a new language starts all the same.
 */

const EXAMPLES = 'such as "de", "en-GB" or "ar"';
export const CLOCK_RULES: readonly string[] = ['locale', '12h', '24h'];

/**
 * The canonical form of a language tag ("EN-gb" → "en-GB"), or what is wrong with it. The
 * language subtag must be two or three letters (ISO 639): BCP 47 also allows five to eight, but
 * none is registered, and a word such as "German" or "deutsch" is a mistake, not a language.
 */
export function languageTag(raw: unknown): { tag: string } | { error: string } {
  if (typeof raw !== 'string')
    return { error: `must be a language tag ${EXAMPLES} (got ${JSON.stringify(raw)})` };
  const text = raw.trim();
  const canonical = canonicalTag(text);
  if (canonical !== null) return { tag: canonical };
  // "de_DE" is how POSIX locales write it; BCP 47 wants a hyphen.
  const hyphenated = canonicalTag(text.replace(/_/g, '-'));
  if (hyphenated !== null && text.includes('_'))
    return { error: `must be written with hyphens: "${hyphenated}" (got "${raw}")` };
  return { error: `is not a language tag: write one ${EXAMPLES} (got "${raw}")` };
}

function canonicalTag(text: string): string | null {
  if (!/^[A-Za-z]{2,3}(-|$)/.test(text)) return null;
  try {
    return Intl.getCanonicalLocales(text)[0] ?? null;
  } catch {
    return null;
  }
}

type Sources = ReadonlyMap<string, string>;

/** Checks the panel's language settings in place, writing back their canonical forms. */
export function checkLanguageSettings(value: Record<string, unknown>, sources: Sources): ConfigProblem[] {
  const panel = value.panel as { locale?: unknown; languages?: unknown; clock?: unknown } | undefined;
  if (panel === undefined) return [];
  const problems: ConfigProblem[] = [];
  const problem = (key: string, message: string) =>
    problems.push({ key, source: sources.get(key) ?? '', message });

  if (panel.locale !== undefined) {
    const checked = languageTag(panel.locale);
    if ('error' in checked) problem('panel.locale', checked.error);
    else panel.locale = checked.tag;
  }

  if (panel.languages !== undefined) {
    if (!Array.isArray(panel.languages)) {
      problem(
        'panel.languages',
        `must be a list of language tags such as ["de", "en", "ar"] (got ${JSON.stringify(panel.languages)})`,
      );
    } else {
      const tags: string[] = [];
      for (const entry of panel.languages as unknown[]) {
        const checked = languageTag(entry);
        if ('error' in checked) problem('panel.languages', `${JSON.stringify(entry)} ${checked.error}`);
        // Listed twice is harmless: the button offers each language once.
        else if (!tags.includes(checked.tag)) tags.push(checked.tag);
      }
      panel.languages = tags;
    }
  }

  if (panel.clock !== undefined && !CLOCK_RULES.includes(panel.clock as string)) {
    const got = JSON.stringify(panel.clock);
    problem('panel.clock', `must be "locale" (as the language writes times), "12h" or "24h" (got ${got})`);
  }
  return problems;
}
