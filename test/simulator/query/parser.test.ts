import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../simulator/query/index.ts';
import type { QueryNode } from '../../../simulator/query/index.ts';

/** A compact rendering of the tree, so expectations read like the query they describe. */
function show(node: QueryNode): string {
  switch (node.type) {
    case 'all':
      return '*ALL*';
    case 'term':
      return node.word + (node.prefix ? '*' : '') + (node.fuzziness > 0 ? `~${node.fuzziness}` : '');
    case 'phrase': {
      const words = node.words.map((w) => show({ type: 'term', ...w })).join(' ');
      return `"${words}"` + (node.slop > 0 ? `~${node.slop}` : '');
    }
    case 'not':
      return `NOT ${show(node.child)}`;
    case 'and':
      return `(${node.children.map(show).join(' AND ')})`;
    case 'or':
      return `(${node.children.map(show).join(' OR ')})`;
    default: {
      const never: never = node;
      throw new Error(`unexpected node ${JSON.stringify(never)}`);
    }
  }
}

const parsed = (q: string): string => show(parseQuery(q));

describe('parseQuery: operators and precedence', () => {
  it('joins plain terms with the default OR', () => {
    expect(parsed('display projector vc')).toBe('(display OR projector OR vc)');
  });

  it('binds + tighter than the default OR', () => {
    expect(parsed('a b + c')).toBe('(a OR (b AND c))');
    expect(parsed('a + b c')).toBe('((a AND b) OR c)');
  });

  it('binds + tighter than |', () => {
    expect(parsed('a | b + c')).toBe('(a OR (b AND c))');
    expect(parsed('a + b | c')).toBe('((a AND b) OR c)');
  });

  it('reads | as the loosest operator, so each side keeps its own exclusions', () => {
    expect(parsed('display -projector | tv')).toBe('((display AND NOT projector) OR tv)');
    expect(parsed('a | -b')).toBe('(a OR NOT b)');
  });

  it('reads a negated term among default-OR terms as an exclusion (Lucene semantics)', () => {
    expect(parsed('display -projector')).toBe('(display AND NOT projector)');
    expect(parsed('display tv -projector -vc')).toBe('((display OR tv) AND NOT projector AND NOT vc)');
    expect(parsed('-projector display')).toBe('(display AND NOT projector)');
  });

  it('reads a query of only negations as everything that lacks them', () => {
    expect(parsed('-projector')).toBe('NOT projector');
    expect(parsed('-projector -vc')).toBe('(NOT projector AND NOT vc)');
  });

  it('negates inside a + chain without turning the chain into an exclusion', () => {
    expect(parsed('a + -b c')).toBe('((a AND NOT b) OR c)');
    expect(parsed('-a + b')).toBe('(NOT a AND b)');
  });

  it('cancels double negation', () => {
    expect(parsed('--a b')).toBe('(a OR b)');
    expect(parsed('-(-a)')).toBe('a');
  });

  it('negates phrases and groups', () => {
    expect(parsed('room -"wall panel"')).toBe('(room AND NOT "wall panel")');
    expect(parsed('room -(vc | projector)')).toBe('(room AND NOT (vc OR projector))');
  });

  it('uses parentheses for precedence, nested to any depth', () => {
    expect(parsed('(a | b) + c')).toBe('((a OR b) AND c)');
    expect(parsed('a + (b c)')).toBe('(a AND (b OR c))');
    expect(parsed('((a + (b | (c -d))))')).toBe('(a AND (b OR (c AND NOT d)))');
  });

  it('treats a parenthesised group as one positive clause of the outer list', () => {
    expect(parsed('x (-y)')).toBe('(x OR NOT y)');
    expect(parsed('x -(y)')).toBe('(x AND NOT y)');
  });
});

describe('parseQuery: terms, phrases and modifiers', () => {
  it('lowercases words', () => {
    expect(parsed('BoardRoom')).toBe('boardroom');
  });

  it('reads word~N as fuzziness, clamped to 2, with word~ meaning 2 and ~0 meaning exact', () => {
    expect(parsed('boardrom~1')).toBe('boardrom~1');
    expect(parsed('boardrom~2')).toBe('boardrom~2');
    expect(parsed('boardrom~7')).toBe('boardrom~2');
    expect(parsed('boardrom~')).toBe('boardrom~2');
    expect(parsed('boardrom~0')).toBe('boardrom');
    expect(parsed('boardrom~99999999999999999999999')).toBe('boardrom~2');
  });

  it('reads word* as a prefix, and combines it with fuzziness', () => {
    expect(parsed('board*')).toBe('board*');
    expect(parsed('bord*~1')).toBe('bord*~1');
    expect(parsed('bord~1*')).toBe('bord*~1');
  });

  it('reads a quoted phrase, with ~N as slop', () => {
    expect(parsed('"wall panel"')).toBe('"wall panel"');
    expect(parsed('"wall panel"~3')).toBe('"wall panel"~3');
    expect(parsed('"wall panel"~')).toBe('"wall panel"~2');
    expect(parsed('"wall panel"~2000000')).toBe('"wall panel"~1000000');
  });

  it('reads a one-word phrase as a term, ignoring slop', () => {
    expect(parsed('"Boardroom"~4')).toBe('boardroom');
  });

  it('does not read operators inside a phrase', () => {
    expect(parsed('"a + b | -c (d)"')).toBe('"a b c d"');
  });

  it('reads a term that splits into several words as a phrase of them', () => {
    expect(parsed('wall-panel')).toBe('"wall panel"');
    expect(parsed('10.0.1.20')).toBe('"10 0 1 20"');
    expect(parsed('ops@example.com')).toBe('"ops example com"');
  });

  it('spreads a multi-word term’s modifiers: fuzziness to every word, the prefix to the last', () => {
    expect(parsed('wal-pan~1')).toBe('"wal~1 pan~1"');
    expect(parsed('wall-pan*')).toBe('"wall pan*"');
  });

  it('splits on anything not a letter or digit, Unicode-aware', () => {
    expect(parsed('Zürich')).toBe('zürich');
    expect(parsed('会議室')).toBe('会議室');
    expect(parsed('Raum_3')).toBe('"raum 3"');
    expect(parsed('ÉTAGE')).toBe('étage');
  });

  it('joins a decomposed accent to its letter', () => {
    expect(parsed('cafe\u0301')).toBe('café');
  });

  it('keeps a hyphen inside a word, but reads one that starts a word as negation', () => {
    expect(parsed('a-b -c')).toBe('("a b" AND NOT c)');
  });

  it('reads a dash between spaces as punctuation, not negation', () => {
    expect(parsed('boardroom - level 4')).toBe('(boardroom OR level OR 4)');
  });
});

describe('parseQuery: malformed input is read leniently', () => {
  const cases: [string, string][] = [
    ['', '*ALL*'],
    ['   \t\n ', '*ALL*'],
    ['!!! ... ,,,', '*ALL*'],
    ['+|-"()~*', '*ALL*'],
    ['()', '*ALL*'],
    ['( ( ) )', '*ALL*'],
    ['""', '*ALL*'],
    ['-', '*ALL*'],
    ['- -', '*ALL*'],
    ['-()', '*ALL*'],
    ['~2', '*ALL*'],
    ['*', '*ALL*'],
    ['"unclosed phrase', '"unclosed phrase"'],
    ['room "unclosed', '(room OR unclosed)'],
    ['(a | b', '(a OR b)'],
    ['((a + b) | c', '((a AND b) OR c)'],
    ['a) b', '(a OR b)'],
    [')a(', 'a'],
    ['a ) + b', '(a OR b)'],
    ['+a', 'a'],
    ['a +', 'a'],
    ['a + + b', '(a AND b)'],
    ['a ++ b', '(a AND b)'],
    ['a + | b', '(a OR b)'],
    ['a | + b', '(a OR b)'],
    ['| a |', 'a'],
    ['a || b', '(a OR b)'],
    ['a + () + b', '(a AND b)'],
    ['a () b', '(a OR b)'],
    ['a -+b', '(a OR b)'],
    ['a - | b', '(a OR b)'],
    ['a -) b', '(a OR b)'],
    ['a ~ b', '(a OR b)'],
    ['a * b', '(a OR b)'],
    ['a~x', 'a~2'],
    ['a~1x', 'a~1'],
    ['"a b"c', '("a b" OR c)'],
    ['-"', '*ALL*'],
    ['-"a', 'NOT a'],
    ['(((((((a', 'a'],
    ['a)))))))', 'a'],
  ];
  for (const [q, expected] of cases) {
    it(`reads ${JSON.stringify(q)} as ${expected}`, () => {
      expect(parsed(q)).toBe(expected);
    });
  }

  it('survives nesting far deeper than it keeps, flattening the excess', () => {
    const deep = `${'('.repeat(100_000)}a${')'.repeat(100_000)} b`;
    expect(parsed(deep)).toBe('(a OR b)');
    const unclosed = `${'('.repeat(100_000)}a b`;
    expect(parsed(unclosed)).toBe('(a OR b)');
  });

  it('survives long runs of operators and negations', () => {
    expect(parsed(`${'-'.repeat(100_001)}a`)).toBe('NOT a');
    expect(parsed(`a ${'+'.repeat(100_000)} b`)).toBe('(a AND b)');
    expect(parsed(`a ${'| '.repeat(50_000)}`)).toBe('a');
  });

  it('handles a query with more terms than a function may take arguments', () => {
    const node = parseQuery('w '.repeat(200_000));
    expect(node.type === 'or' && node.children.length).toBe(200_000);
  });
});
