/*
 * The catalogue's rules as pure functions over plain objects, each returning the problems it
 * finds as sentences (empty: all well). test/i18n/catalogue.test.ts runs them on the shipped
 * languages and the source; test/i18n/catalogue-checks.test.ts runs them on small broken fixtures.
 */
import { literalText, type MessageShape, shapeOf, type TCall, type Usage } from './catalogue-usage.ts';

export type Messages = Readonly<Record<string, string>>;

const sorted = (set: Iterable<string>) => [...set].sort();
const missingFrom = (wanted: Iterable<string>, have: ReadonlySet<string>) =>
  sorted([...wanted].filter((x) => !have.has(x)));

/** Keys English has that `other` lacks, and keys `other` has that English does not. */
export function keyProblems(en: Messages, other: Messages, locale: string): string[] {
  const enKeys = new Set(Object.keys(en));
  const otherKeys = new Set(Object.keys(other));
  return [
    ...missingFrom(enKeys, otherKeys).map((key) => `${locale}: missing ${key}`),
    ...missingFrom(otherKeys, enKeys).map((key) => `${locale}: ${key} is not in en.ts`),
  ];
}

/** Messages that are not valid ICU MessageFormat (with an `other` in every plural and select). */
export function parseProblems(messages: Messages, locale: string): string[] {
  const out: string[] = [];
  for (const [key, message] of Object.entries(messages)) {
    try {
      shapeOf(message);
    } catch (error) {
      out.push(`${locale}: ${key} does not parse (${(error as Error).message}): ${JSON.stringify(message)}`);
    }
  }
  return out;
}

const shapeOrNull = (message: string | undefined): MessageShape | null => {
  if (message === undefined) return null;
  try {
    return shapeOf(message);
  } catch {
    return null;
  }
};

/**
 * A translation reads the same arguments and tags as English (a placeholder it drops loses
 * information; one it adds is never passed), and its plurals use the categories of its own
 * language (Intl.PluralRules), every one of them, or exact `=N` cases.
 */
export function argumentProblems(
  en: Messages,
  other: Messages,
  locale: string,
  ownArguments: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  const rules = (ordinal: boolean) =>
    new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions()
      .pluralCategories as string[];
  for (const [key, message] of Object.entries(other)) {
    const mine = shapeOrNull(message);
    const source = shapeOrNull(en[key]);
    if (!mine || !source) continue; // parse and key problems are reported on their own
    // A key with its own plain arguments per language (kept-as-is.ts) may differ in those only.
    const plain = (args: ReadonlySet<string>, shape: MessageShape) =>
      new Set([...args].filter((arg) => !ownArguments.has(key) || shape.structural.has(arg)));
    const lost = missingFrom(plain(source.args, source), plain(mine.args, mine));
    const added = missingFrom(plain(mine.args, mine), plain(source.args, source));
    if (lost.length > 0) out.push(`${locale}: ${key} drops {${lost.join('}, {')}}`);
    if (added.length > 0) out.push(`${locale}: ${key} reads {${added.join('}, {')}}, which English does not`);
    const tagsLost = missingFrom(source.tags, mine.tags);
    const tagsAdded = missingFrom(mine.tags, source.tags);
    if (tagsLost.length + tagsAdded.length > 0)
      out.push(
        `${locale}: ${key} tags differ from English (${sorted(mine.tags).join(',')} vs ${sorted(source.tags).join(',')})`,
      );
    for (const plural of mine.plurals) {
      const categories = rules(plural.ordinal);
      const unknown = plural.options.filter(
        (option) => !/^=\d+$/.test(option) && !categories.includes(option),
      );
      const absent = categories.filter((category) => !plural.options.includes(category));
      if (unknown.length > 0)
        out.push(
          `${locale}: ${key} plural {${plural.arg}} has ${unknown.join(', ')}, not a plural category of ${locale} (${categories.join(', ')})`,
        );
      if (absent.length > 0)
        out.push(
          `${locale}: ${key} plural {${plural.arg}} lacks ${absent.join(', ')} (${locale} has ${categories.join(', ')})`,
        );
    }
  }
  return out;
}

/** Prose words (with lowercase letters, two or more): "IP / URI" has none, "Room on" has two. */
const words = (text: string) => text.match(/\p{L}*\p{Ll}\p{L}*/gu)?.filter((word) => word.length >= 2) ?? [];

/**
 * Messages left in English in a translation. A message whose English has at least two prose words
 * and comes out the same in the translation is untranslated; for a language in another script, any
 * message whose English has a lowercase word must have a letter of that script. `kept`: keys that
 * rightly read the same in every language (a product's name, protocol names), each for a reason.
 */
export function untranslatedProblems(
  en: Messages,
  other: Messages,
  locale: string,
  script?: RegExp,
  kept: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (const [key, message] of Object.entries(other)) {
    const source = en[key];
    if (source === undefined || kept.has(key)) continue;
    let mine: string;
    let theirs: string;
    try {
      mine = literalText(message);
      theirs = literalText(source);
    } catch {
      continue;
    }
    if (words(theirs).length >= 2 && mine.trim() === theirs.trim())
      out.push(`${locale}: ${key} is still English: ${JSON.stringify(message)}`);
    else if (script && /\p{Ll}{2,}/u.test(theirs) && !script.test(mine))
      out.push(`${locale}: ${key} has no ${locale} letter: ${JSON.stringify(message)}`);
  }
  return out;
}

/** Each t() call names a key English has, and passes exactly the values its message reads. */
export function callProblems(
  en: Messages,
  calls: readonly TCall[],
  others: readonly Messages[] = [],
): string[] {
  const out: string[] = [];
  for (const call of calls) {
    const where = `${call.file}:${call.line}`;
    const message = en[call.key];
    if (message === undefined) {
      out.push(`${where}: t('${call.key}') names no key of en.ts`);
      continue;
    }
    if (call.values === null) continue; // values from a variable or a spread: tsc and the message's own test see those
    const shape = shapeOrNull(message);
    if (!shape) continue;
    const passed = new Set(call.values);
    const needed = missingFrom(shape.args, passed);
    // Every language's arguments count as read (a language may read its own; see OWN_ARGUMENTS).
    const read = new Set(shape.args);
    for (const messages of others)
      for (const arg of shapeOrNull(messages[call.key] ?? '')?.args ?? []) read.add(arg);
    const extra = missingFrom(passed, read);
    if (needed.length > 0) out.push(`${where}: t('${call.key}') does not pass {${needed.join('}, {')}}`);
    if (extra.length > 0)
      out.push(`${where}: t('${call.key}') passes ${extra.join(', ')}, which the message does not read`);
  }
  return out;
}

/** Keys no source file names: a word nobody shows, or a key built at run time (which the rules forbid). */
export function unusedKeys(en: Messages, usage: Pick<Usage, 'literals'>): string[] {
  return Object.keys(en)
    .filter((key) => !usage.literals.has(key))
    .sort();
}

/**
 * The pseudo-locale does its job: every message bracketed, its ICU shape English's, no letter
 * left unaccented outside placeholders, and on average at least `minRatio` as long as English.
 */
export function pseudoProblems(
  en: Messages,
  pseudo: Messages,
  minRatio = 1.3,
): { problems: string[]; ratio: number } {
  const problems: string[] = [...keyProblems(en, pseudo, 'en-XA'), ...argumentProblems(en, pseudo, 'en')];
  let sum = 0;
  let n = 0;
  for (const [key, message] of Object.entries(pseudo)) {
    if (!message.startsWith('[') || !message.endsWith(']'))
      problems.push(`en-XA: ${key} is not bracketed: ${JSON.stringify(message)}`);
    try {
      if (/[A-Za-z]/.test(literalText(message)))
        problems.push(`en-XA: ${key} has unaccented letters: ${JSON.stringify(message)}`);
    } catch (error) {
      problems.push(`en-XA: ${key} does not parse (${(error as Error).message})`);
    }
    const source = en[key];
    if (source !== undefined && source.length > 0) {
      sum += message.length / source.length;
      n++;
    }
  }
  const ratio = n === 0 ? 0 : sum / n;
  if (ratio < minRatio)
    problems.push(`en-XA: on average ${ratio.toFixed(2)}× English's length, under ${minRatio}×`);
  return { problems, ratio };
}
