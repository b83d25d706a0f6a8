import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from '../api/support.ts';
import { nextLink, V2 } from './support.ts';

/**
 * placeos-generations.md §1C "Lists (C)": Link rel="next" carries all current query parameters with
 * offset and limit replaced. ts-client reads them back with `decodeURIComponent`
 * (resources/functions.ts `handleHeaders`, utilities/general.ts `convertPairStringToMap`), so they
 * must be percent-encoded: a form-encoded space (`+`) comes back as a plus, which the query language
 * reads as AND, and page 2 of `q=huddle boardroom` would answer another question.
 */

/** The Link's parameters as ts-client decodes them. */
function asTsClientReads(link: string): Record<string, string> {
  const query = link.split('?')[1] ?? '';
  return Object.fromEntries(
    query.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [decodeURIComponent(key), decodeURIComponent(value)];
    }),
  );
}

let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['user'] });
});
afterAll(() => api.close());

describe('the next link of a current-generation list', () => {
  it('percent-encodes spaces and reserved characters so any decoder reads the same query back', async () => {
    const q = 'huddle boardroom, ü&=1';
    const first = await api.req('GET', `${V2}/systems?q=${encodeURIComponent(q)}&limit=1`, { as: 'user' });
    expect(first.status).toBe(200);
    const link = nextLink(first);
    expect(link, 'more than one system matches, so a next page is linked').not.toBeNull();
    expect(link).not.toMatch(/\+/);
    expect(asTsClientReads(link ?? '')).toEqual({ q, offset: '1', limit: '1' });
  });

  it('asks the same question on page 2: the total does not change when the link is followed as ts-client does', async () => {
    const first = await api.req('GET', `${V2}/systems?q=huddle%20boardroom&limit=1`, { as: 'user' });
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(1);
    // ts-client's toQueryString: key=encodeURIComponent(value), joined by &.
    const query = Object.entries(asTsClientReads(nextLink(first) ?? ''))
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
      .join('&');
    const second = await api.req('GET', `${V2}/systems?${query}`, { as: 'user' });
    expect(second.status).toBe(200);
    expect(Number(second.headers.get('x-total-count'))).toBe(total);
  });
});
