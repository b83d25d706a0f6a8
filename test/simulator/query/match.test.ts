import { describe, expect, it } from 'vitest';
import { compileQuery, indexDocument } from '../../../simulator/query/index.ts';
import type { IndexedDocument } from '../../../simulator/query/index.ts';

/** Systems as the list endpoint indexes them: name, description, email, features, id. */
const rooms = {
  board: indexDocument([
    'Boardroom 4.12',
    'Executive boardroom with a large display and a ceiling projector.',
    'boardroom-412@example.com',
    'vc projector whiteboard',
    'sys-board-412',
  ]),
  huddle: indexDocument([
    'Huddle Room 2',
    'Small room, wall-mounted display',
    null,
    'display',
    'sys-huddle-2',
  ]),
  lab: indexDocument(['Lab', 'Panel on the wall at 10.0.1.20', undefined, '', 'sys-lab']),
  zurich: indexDocument([
    'Sitzungszimmer Zürich',
    'Raum für Besprechungen',
    'zuerich@example.ch',
    '',
    'sys-zh',
  ]),
  tokyo: indexDocument(['会議室 東京', 'テレビ会議', 'tokyo@example.jp', 'vc', 'sys-tyo']),
};
type Room = keyof typeof rooms;
const all = Object.keys(rooms) as Room[];

/** The rooms a query matches, in declaration order. */
function hits(q: string): Room[] {
  const c = compileQuery(q);
  return all.filter((name) => c.matches(rooms[name]));
}

function matches(q: string, ...fields: string[]): boolean {
  return compileQuery(q).matches(indexDocument(fields));
}

describe('compileQuery: boolean structure', () => {
  it('matches a record when any plain term matches (default OR)', () => {
    expect(hits('whiteboard lab')).toEqual(['board', 'lab']);
  });

  it('requires both sides of +', () => {
    expect(hits('display + projector')).toEqual(['board']);
    expect(hits('display + small')).toEqual(['huddle']);
  });

  it('accepts either side of |', () => {
    expect(hits('whiteboard | lab')).toEqual(['board', 'lab']);
  });

  it('applies + before the default OR and before |', () => {
    // lab OR (display AND projector): huddle has display but no projector.
    expect(hits('lab display + projector')).toEqual(['board', 'lab']);
    expect(hits('lab | display + projector')).toEqual(['board', 'lab']);
    // (lab AND display) OR projector
    expect(hits('lab + display projector')).toEqual(['board']);
  });

  it('excludes negated terms from a default-OR list: display -projector', () => {
    expect(hits('display -projector')).toEqual(['huddle']);
    expect(hits('display wall -projector')).toEqual(['huddle', 'lab']);
  });

  it('matches everything lacking the terms when the query is only negations', () => {
    expect(hits('-display')).toEqual(['lab', 'zurich', 'tokyo']);
    expect(hits('-display -vc')).toEqual(['lab', 'zurich']);
  });

  it('reads | as plain OR even with a negation on one side', () => {
    expect(hits('lab | -display')).toEqual(['lab', 'zurich', 'tokyo']);
  });

  it('negates phrases and groups', () => {
    expect(hits('display -"wall mounted"')).toEqual(['board']);
    expect(hits('room -(small | projector)')).toEqual([]);
    expect(hits('-(display | vc)')).toEqual(['lab', 'zurich']);
  });

  it('honours nested groups', () => {
    expect(hits('((display | vc) + (projector | small)) + -huddle')).toEqual(['board']);
    expect(hits('(lab | (zürich + raum)) + -(sys + board)')).toEqual(['lab', 'zurich']);
  });

  it('matches every record for an empty, blank or punctuation-only query, and says so', () => {
    for (const q of ['', '   ', '.,;:!?', '+|-"()~*', '()', '""']) {
      const c = compileQuery(q);
      expect(c.matchesAll).toBe(true);
      expect(hits(q)).toEqual(all);
    }
    expect(compileQuery('display').matchesAll).toBe(false);
    expect(compileQuery('-display').matchesAll).toBe(false);
  });
});

describe('compileQuery: words', () => {
  it('ignores case on both sides', () => {
    expect(hits('BOARDROOM')).toEqual(['board']);
    expect(hits('hUdDlE')).toEqual(['huddle']);
    expect(matches('zürich', 'ZÜRICH')).toBe(true);
  });

  it('matches Unicode words', () => {
    expect(hits('zürich')).toEqual(['zurich']);
    expect(hits('東京')).toEqual(['tokyo']);
    expect(hits('für')).toEqual(['zurich']);
    expect(matches('café', 'Cafe\u0301 au lait')).toBe(true);
  });

  it('matches whole words only, not substrings', () => {
    expect(hits('boar')).toEqual([]);
    expect(hits('room')).toEqual(['huddle']);
    expect(hits('zimmer')).toEqual([]);
  });

  it('splits record text on anything not a letter or digit', () => {
    expect(hits('412')).toEqual(['board']);
    expect(hits('example')).toEqual(['board', 'zurich', 'tokyo']);
    expect(hits('mounted')).toEqual(['huddle']);
  });

  it('reads a term that splits into several words as a phrase', () => {
    expect(hits('10.0.1.20')).toEqual(['lab']);
    expect(hits('10.0.20.1')).toEqual([]);
    expect(hits('wall-mounted')).toEqual(['huddle']);
    expect(hits('mounted-wall')).toEqual([]);
    expect(hits('sys-board-412')).toEqual(['board']);
  });

  it('matches a word by prefix with *', () => {
    expect(hits('board*')).toEqual(['board']);
    expect(hits('sitzung*')).toEqual(['zurich']);
    expect(hits('wall-moun*')).toEqual(['huddle']);
    expect(hits('zz*')).toEqual([]);
  });
});

describe('compileQuery: fuzziness', () => {
  const word = (q: string, w: string): boolean => matches(q, w);

  it('matches exactly at distance 0', () => {
    expect(word('boardroom~0', 'boardroom')).toBe(true);
    expect(word('boardrom~0', 'boardroom')).toBe(false);
  });

  it('allows one insertion, deletion or substitution at ~1', () => {
    expect(word('boardrom~1', 'boardroom')).toBe(true);
    expect(word('boardrooms~1', 'boardroom')).toBe(true);
    expect(word('boardroon~1', 'boardroom')).toBe(true);
    expect(word('bordrom~1', 'boardroom')).toBe(false);
  });

  it('counts a transposition of adjacent letters as one edit', () => {
    expect(word('baordroom~1', 'boardroom')).toBe(true);
    expect(word('projcetor~1', 'projector')).toBe(true);
    expect(word('projcetor~0', 'projector')).toBe(false);
  });

  it('allows two edits at ~2 and with a bare ~, and never more even if asked', () => {
    expect(word('bordrom~2', 'boardroom')).toBe(true);
    expect(word('bordrom~', 'boardroom')).toBe(true);
    expect(word('brdrom~2', 'boardroom')).toBe(false);
    expect(word('brdrom~9', 'boardroom')).toBe(false);
  });

  it('measures distance in characters, not UTF-16 units', () => {
    expect(word('𝒳a~1', '𝒳b')).toBe(true);
    expect(word('a𝒳~1', 'a')).toBe(true);
    expect(word('ab~1', 'a𝒳')).toBe(true);
  });

  it('combines fuzziness and prefix: some prefix of the word within the distance', () => {
    expect(word('bord*~1', 'boardroom')).toBe(true);
    expect(word('brd*~1', 'boardroom')).toBe(false);
  });

  it('finds the fuzzy word in any field', () => {
    expect(hits('whitebaord~1')).toEqual(['board']);
    expect(hits('boardrom~1 + lab')).toEqual([]);
  });
});

describe('compileQuery: phrases', () => {
  it('requires phrase words adjacent and in order', () => {
    expect(matches('"large display"', 'a large display')).toBe(true);
    expect(matches('"large display"', 'a large bright display')).toBe(false);
    expect(matches('"display large"', 'a large display')).toBe(false);
  });

  it('does not let a phrase span two fields', () => {
    expect(matches('"large display"', 'very large', 'display')).toBe(false);
  });

  it('allows words in between up to the slop', () => {
    expect(matches('"large display"~1', 'a large bright display')).toBe(true);
    expect(matches('"large display"~1', 'a large and bright display')).toBe(false);
    expect(matches('"large display"~2', 'a large and bright display')).toBe(true);
  });

  it('charges 2 for swapping two adjacent words (Lucene sloppy phrase)', () => {
    expect(matches('"display large"~1', 'a large display')).toBe(false);
    expect(matches('"display large"~2', 'a large display')).toBe(true);
    expect(matches('"c b a"~3', 'a b c')).toBe(false);
    expect(matches('"c b a"~4', 'a b c')).toBe(true);
  });

  it('gives a repeated phrase word its own position', () => {
    expect(matches('"room room"', 'room')).toBe(false);
    expect(matches('"room room"~5', 'room with a view')).toBe(false);
    expect(matches('"room room"', 'room room')).toBe(true);
    expect(matches('"room x room"~2', 'room room x')).toBe(true);
  });

  it('matches a phrase case-insensitively across punctuation', () => {
    expect(hits('"Wall, mounted"')).toEqual(['huddle']);
    expect(hits('"boardroom 4 12"')).toEqual(['board']);
  });

  it('reads an unclosed quote as a phrase to the end', () => {
    expect(hits('"wall mounted')).toEqual(['huddle']);
  });
});

describe('compileQuery: robustness', () => {
  const nasty = [
    '"',
    '(',
    ')',
    '-',
    '+',
    '|',
    '~',
    '*',
    '~~~~',
    '"~2',
    '-"-"-',
    '(-)',
    '+-|',
    '"a b"~99999999999999999999999999',
    'a~-1',
    '((((((((((((((((((((',
    '))))))))))))))))))))',
    '\u0000\uffff\ud800',
    '\ud83d\ude00 emoji',
    `"${'room '.repeat(200)}"~3`,
    `${'x~2 '.repeat(500)}`,
  ];
  for (const q of nasty) {
    it(`never throws for ${JSON.stringify(q.length > 40 ? `${q.slice(0, 40)}…` : q)}`, () => {
      const c = compileQuery(q);
      for (const name of all) expect(typeof c.matches(rooms[name])).toBe('boolean');
    });
  }

  it('accepts a hand-built IndexedDocument that honours the interface', () => {
    const doc: IndexedDocument = { fields: [['large', 'display'], ['vc']] };
    expect(compileQuery('"large display" + vc').matches(doc)).toBe(true);
    expect(compileQuery('displya~1 -vc').matches(doc)).toBe(false);
  });

  it('finds words that were new to the index when the query was compiled', () => {
    // Words no test indexes elsewhere, so the process-wide vocabulary cannot know them yet.
    const c = compileQuery('qwzexact | qwzprefix* | qwzfuzzy~1');
    expect(c.matches(indexDocument(['qwzexact']))).toBe(true);
    expect(c.matches(indexDocument(['qwzprefixed']))).toBe(true);
    expect(c.matches(indexDocument(['qwzfuzzi']))).toBe(true);
    expect(c.matches(indexDocument(['qwzother']))).toBe(false);
  });

  it('matches a query of many fuzzy terms, beyond what it keeps memos for', () => {
    const many = Array.from({ length: 100 }, (_, i) => `room${i}~1`).join(' ');
    const c = compileQuery(`${many} | boardrom~1 | wal*`);
    expect(all.filter((n) => c.matches(rooms[n]))).toEqual(['board', 'huddle', 'lab']);
    expect(compileQuery(`${many} -room`).matches(indexDocument(['room99x']))).toBe(true);
  });

  it('gives the same answers when a compiled query is reused across documents', () => {
    const c = compileQuery('boardrom~1 | huddl*~1 | "wall panel"~4');
    const first = all.map((n) => c.matches(rooms[n]));
    const second = all.map((n) => c.matches(rooms[n]));
    expect(second).toEqual(first);
    expect(first).toEqual([true, true, true, false, false]);
  });
});
