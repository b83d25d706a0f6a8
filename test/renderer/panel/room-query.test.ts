import { describe, expect, it } from 'vitest';
import { plainWords, prefixQuery, zonesMatching } from '../../../renderer/src/lib/search/room-query.ts';

describe('as-you-type room search', () => {
  it('makes every plain word a prefix and leaves phrases, fuzziness and operators as typed', () => {
    expect(prefixQuery('board')).toBe('board*');
    expect(prefixQuery('display + camera -lounge')).toBe('display* + camera* -lounge*');
    expect(prefixQuery('"board room" harb')).toBe('"board room" harb*');
    expect(prefixQuery('projektor~1 (a | b)')).toBe('projektor~1 (a* | b*)');
    expect(prefixQuery('proj*')).toBe('proj*');
  });

  it('matches zone names by the start of their words', () => {
    const zones = [
      { id: 'z1', name: 'Harbour Building' },
      { id: 'z2', name: 'Kauri House' },
      { id: 'z3', name: 'Harbour Level 3' },
    ];
    expect(zonesMatching('harb', zones).map((z) => z.id)).toEqual(['z1', 'z3']);
    expect(zonesMatching('"harbour"', zones)).toEqual([]);
    expect(plainWords('level -kauri')).toEqual(['level']);
  });
});
