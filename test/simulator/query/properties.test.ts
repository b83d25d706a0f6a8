import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Corpus, compileQuery, indexDocument, parseQuery } from '../../../simulator/query/index.ts';
import type { IndexedDocument } from '../../../simulator/query/index.ts';
import { evaluate, osaDistance, wordMatches } from './reference.ts';

const RUNS = { seed: 20_240_611, numRuns: 1_000 } as const;

/**
 * A small vocabulary, so that random documents and queries share words, plus short words over two
 * letters, which sit within one or two edits of each other and exercise fuzziness and prefixes.
 */
const vocabWord = fc.oneof(
  fc.constantFrom(
    'display',
    'projector',
    'vc',
    'board',
    'boardroom',
    'room',
    'wall',
    'panel',
    '4',
    '12',
    'zürich',
  ),
  fc.stringMatching(/^[ab]{1,4}$/),
);

/** A document: fields of words, plus the text indexDocument receives (mixed case, varied separators). */
interface Doc {
  readonly words: readonly (readonly string[])[];
  readonly indexed: IndexedDocument;
}

const separator = fc.constantFrom(' ', '  ', ', ', '-', '.', ' / ', '\n');
const fieldArb = fc.array(fc.tuple(vocabWord, fc.boolean(), separator), { maxLength: 6 }).map((parts) => ({
  words: parts.map(([w]) => w),
  text: parts.map(([w, upper, sep], i) => (i > 0 ? sep : '') + (upper ? w.toUpperCase() : w)).join(''),
}));
const docArb: fc.Arbitrary<Doc> = fc.array(fieldArb, { minLength: 1, maxLength: 4 }).map((fields) => ({
  words: fields.map((f) => f.words),
  indexed: indexDocument(fields.map((f) => f.text)),
}));
const docsArb = fc.array(docArb, { minLength: 1, maxLength: 8 });

const has = (d: Doc, w: string): boolean => d.words.some((f) => f.includes(w));
const matches = (q: string, d: Doc): boolean => compileQuery(q).matches(d.indexed);

/** A query with the meaning it must have, built from pieces whose meaning is known. */
interface Q {
  readonly text: string;
  readonly holds: (d: Doc) => boolean;
}

const atom: fc.Arbitrary<Q> = fc.oneof(
  vocabWord.map((w) => ({ text: w, holds: (d: Doc) => has(d, w) })),
  fc.tuple(vocabWord, fc.constantFrom(0, 1, 2)).map(([w, n]) => ({
    text: `${w}~${n}`,
    holds: (d: Doc) => d.words.some((f) => f.some((x) => osaDistance(w, x) <= n)),
  })),
  vocabWord.map((w) => ({
    text: `${w}*`,
    holds: (d: Doc) => d.words.some((f) => f.some((x) => x.startsWith(w))),
  })),
  fc.tuple(vocabWord, vocabWord).map(([a, b]) => ({
    text: `"${a} ${b}"`,
    holds: (d: Doc) => d.words.some((f) => f.some((x, i) => x === a && f[i + 1] === b)),
  })),
);

/** Composes queries with the operators; every composite's meaning follows from its parts'. */
const query: fc.Arbitrary<Q> = fc.letrec<{ q: Q }>((tie) => ({
  q: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('q'), tie('q')).map(([a, b]) => ({
      text: `${a.text} | ${b.text}`,
      holds: (d: Doc) => a.holds(d) || b.holds(d),
    })),
    fc.tuple(tie('q'), tie('q')).map(([a, b]) => ({
      text: `(${a.text}) + (${b.text})`,
      holds: (d: Doc) => a.holds(d) && b.holds(d),
    })),
    fc.tuple(tie('q'), tie('q')).map(([a, b]) => ({
      text: `(${a.text}) (${b.text})`,
      holds: (d: Doc) => a.holds(d) || b.holds(d),
    })),
    fc.tuple(tie('q'), tie('q')).map(([a, b]) => ({
      text: `(${a.text}) -(${b.text})`,
      holds: (d: Doc) => a.holds(d) && !b.holds(d),
    })),
    tie('q').map((a) => ({ text: `-(${a.text})`, holds: (d: Doc) => !a.holds(d) })),
  ),
})).q;

/** Strings dense in operators, quotes and modifiers: the malformed inputs users really type. */
const operatorSoup = fc
  .array(
    fc.oneof(
      fc.constantFrom('+', '|', '-', '"', '(', ')', '~', '*', ' ', '~1', '~2', '~0', '~9', '  '),
      vocabWord,
      fc.constantFrom('Wall-Panel', '10.0.1.20', 'ZÜRICH', 'a_b'),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('query properties', () => {
  it('searching many documents at once (Corpus) finds exactly the documents each one matches', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          query.map((q) => q.text),
          operatorSoup,
        ),
        docsArb,
        (q, docs) => {
          const corpus = new Corpus(docs.map((d) => d.indexed));
          const hits = corpus.match(parseQuery(q));
          expect([...hits].map(Boolean)).toEqual(docs.map((d) => matches(q, d)));
        },
      ),
      RUNS,
    );
  });

  it('compileQuery and matches never throw, for arbitrary strings', () => {
    const anyString = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      operatorSoup,
    );
    fc.assert(
      fc.property(anyString, docArb, (q, d) => {
        parseQuery(q);
        expect(typeof compileQuery(q).matches(d.indexed)).toBe('boolean');
      }),
      { ...RUNS, numRuns: 5_000 },
    );
  });

  it('the compiled matcher agrees with a naive evaluation of the parsed tree', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          operatorSoup,
          query.map((q) => q.text),
        ),
        docsArb,
        (q, docs) => {
          const tree = parseQuery(q);
          const compiled = compileQuery(q);
          for (const d of docs) expect(compiled.matches(d.indexed)).toBe(evaluate(tree, d.words));
        },
      ),
      { ...RUNS, numRuns: 3_000 },
    );
  });

  it('composed queries mean what their operators say', () => {
    fc.assert(
      fc.property(query, docsArb, (q, docs) => {
        const compiled = compileQuery(q.text);
        for (const d of docs) expect(compiled.matches(d.indexed)).toBe(q.holds(d));
      }),
      RUNS,
    );
  });

  it('a single plain word matches exactly the documents containing it', () => {
    fc.assert(
      fc.property(vocabWord, docArb, (w, d) => {
        expect(matches(w, d)).toBe(has(d, w));
        expect(matches(w.toUpperCase(), d)).toBe(has(d, w));
      }),
      RUNS,
    );
  });

  it('a | b matches exactly when a or b does', () => {
    fc.assert(
      fc.property(query, query, docArb, (a, b, d) => {
        expect(matches(`${a.text} | ${b.text}`, d)).toBe(matches(a.text, d) || matches(b.text, d));
      }),
      RUNS,
    );
  });

  it('a + b matches exactly when both do (parenthesised for composite sides; bare for atoms)', () => {
    fc.assert(
      fc.property(query, query, docArb, (a, b, d) => {
        expect(matches(`(${a.text}) + (${b.text})`, d)).toBe(matches(a.text, d) && matches(b.text, d));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(atom, atom, docArb, (a, b, d) => {
        expect(matches(`${a.text} + ${b.text}`, d)).toBe(matches(a.text, d) && matches(b.text, d));
      }),
      RUNS,
    );
  });

  it('-a matches exactly the documents a does not', () => {
    fc.assert(
      fc.property(atom, docArb, (a, d) => {
        expect(matches(`-${a.text}`, d)).toBe(!matches(a.text, d));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(query, docArb, (a, d) => {
        expect(matches(`-(${a.text})`, d)).toBe(!matches(a.text, d));
      }),
      RUNS,
    );
  });

  it('x -y matches exactly when x does and y does not', () => {
    fc.assert(
      fc.property(atom, atom, docArb, (x, y, d) => {
        expect(matches(`${x.text} -${y.text}`, d)).toBe(matches(x.text, d) && !matches(y.text, d));
        expect(matches(`-${y.text} ${x.text}`, d)).toBe(matches(x.text, d) && !matches(y.text, d));
      }),
      RUNS,
    );
  });

  it('unparenthesised chains follow the precedence: + first, then default OR with exclusions, then |', () => {
    const chainArb = fc.array(
      fc.tuple(
        fc.constantFrom(' ', ' + ', ' | '),
        fc.boolean(),
        vocabWord.filter((w) => w !== ''),
      ),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(chainArb, docArb, (parts, d) => {
        const text = parts.map(([op, neg, w], i) => (i > 0 ? op : '') + (neg ? '-' : '') + w).join('');
        expect(matches(text, d)).toBe(expectedByPrecedence(parts, d));
      }),
      RUNS,
    );
  });

  it('a word always matches itself, at every fuzziness', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[\p{L}\p{N}]{1,12}$/u),
        fc.constantFrom('', '~', '~0', '~1', '~2'),
        (w, mod) => {
          const lower = w.toLowerCase().normalize('NFC');
          // Only words that are one word on their own; anything else is a different property.
          fc.pre(parseQuery(lower).type === 'term');
          expect(compileQuery(w + mod).matches(indexDocument([w]))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('adding ~0 to a word changes nothing', () => {
    fc.assert(
      fc.property(vocabWord, docArb, (w, d) => {
        expect(parseQuery(`${w}~0`)).toEqual(parseQuery(w));
        expect(matches(`${w}~0`, d)).toBe(matches(w, d));
      }),
      RUNS,
    );
  });

  it('word~N matches exactly the documents with a word within N edits (optimal string alignment)', () => {
    fc.assert(
      fc.property(vocabWord, fc.constantFrom(1, 2), docArb, (w, n, d) => {
        const expected = d.words.some((f) => f.some((x) => osaDistance(w, x) <= n));
        expect(matches(`${w}~${n}`, d)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('word* matches exactly the documents with a word starting with it', () => {
    fc.assert(
      fc.property(vocabWord, docArb, (w, d) => {
        expect(matches(`${w}*`, d)).toBe(d.words.some((f) => f.some((x) => x.startsWith(w))));
      }),
      RUNS,
    );
  });

  it('word*~N matches exactly the documents with a word having a prefix within N edits', () => {
    fc.assert(
      fc.property(vocabWord, fc.constantFrom(1, 2), docArb, (w, n, d) => {
        const q = { word: w, fuzziness: n, prefix: true } as const;
        expect(matches(`${w}*~${n}`, d)).toBe(d.words.some((f) => f.some((x) => wordMatches(q, x))));
      }),
      RUNS,
    );
  });

  it('a phrase with slop matches exactly when some placement of its words spreads no more than the slop', () => {
    fc.assert(
      fc.property(fc.array(vocabWord, { minLength: 2, maxLength: 4 }), fc.nat(5), docArb, (ws, slop, d) => {
        const tree = parseQuery(`"${ws.join(' ')}"~${slop}`);
        expect(matches(`"${ws.join(' ')}"~${slop}`, d)).toBe(evaluate(tree, d.words));
      }),
      RUNS,
    );
  });

  it('a query without letters or digits matches everything', () => {
    const noWords = fc
      .array(
        fc.constantFrom(
          ' ',
          '\t',
          '+',
          '|',
          '-',
          '"',
          '(',
          ')',
          '~',
          '*',
          '.',
          ',',
          '!',
          '@',
          '#',
          '_',
          '/',
          '\u00a0',
        ),
        {
          maxLength: 30,
        },
      )
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(noWords, docArb, (q, d) => {
        const c = compileQuery(q);
        expect(c.matchesAll).toBe(true);
        expect(c.matches(d.indexed)).toBe(true);
      }),
      RUNS,
    );
  });

  it('case does not matter, in the query or in the documents', () => {
    fc.assert(
      fc.property(query, docArb, (q, d) => {
        expect(matches(q.text.toUpperCase(), d)).toBe(matches(q.text, d));
      }),
      RUNS,
    );
  });
});

/** The precedence, restated independently of the parser: split on "|", then on spaces, then on "+". */
function expectedByPrecedence(parts: readonly (readonly [string, boolean, string])[], d: Doc): boolean {
  const lists: { neg: boolean; w: string; op: string }[][][] = [];
  for (const [op, neg, w] of parts) {
    const item = { neg, w, op };
    if (lists.length === 0 || op === ' | ') lists.push([[item]]);
    else if (op === ' ') lists.at(-1)!.push([item]);
    else lists.at(-1)!.at(-1)!.push(item);
  }
  const lit = (x: { neg: boolean; w: string }): boolean => has(d, x.w) !== x.neg;
  return lists.some((chains) => {
    const excluded = chains.filter((c) => c.length === 1 && c[0]!.neg);
    const positive = chains.filter((c) => !(c.length === 1 && c[0]!.neg));
    const anyPositive = positive.length === 0 || positive.some((c) => c.every(lit));
    return anyPositive && excluded.every((c) => !has(d, c[0]!.w));
  });
}
