import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, followPages, nextLink, V2 } from './support.ts';

/** placeos-generations.md §1C "Lists (C)": bare arrays, X-Total-Count, Content-Range, Link, limit 100. */

let api: Api;
beforeAll(async () => {
  api = await startApi({ roles: ['admin'], extraSystems: 150 });
});
afterAll(() => api.close());

describe('current generation lists', () => {
  it('answers a bare array of at most 100 systems by default, with the three headers', async () => {
    const res = await api.req('GET', `${V2}/systems`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(100);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(150);
    expect(res.headers.get('content-range')).toBe(`sys 0-100/${total}`);
    // base_route keeps its trailing slash; the next offset is offset + returned.
    expect(nextLink(res)).toBe(`${V2}/systems/?offset=100&limit=100`);
  });

  it('pages by limit and offset, keeps the other query parameters in Link, and ends without Link', async () => {
    const first = await api.req<{ id: string }[]>('GET', `${V2}/systems?q=room&limit=7&offset=3`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(7);
    const total = Number(first.headers.get('x-total-count'));
    expect(first.headers.get('content-range')).toBe(`sys 3-10/${total}`);
    const link = new URL(nextLink(first) ?? '', 'http://x');
    expect(Object.fromEntries(link.searchParams)).toEqual({ q: 'room', offset: '10', limit: '7' });

    const all = await followPages<{ id: string }>(api, `${V2}/systems?limit=40`);
    expect(all.length).toBe(
      Number((await api.req('GET', `${V2}/systems?limit=1`)).headers.get('x-total-count')),
    );
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const last = await api.req('GET', `${V2}/systems?offset=${all.length - 2}`);
    expect(last.body).toHaveLength(2);
    expect(last.headers.get('link')).toBeNull();
  });

  it('clamps limit to 10000 and refuses negative or non-numeric paging with a ParameterError', async () => {
    const big = await api.req<unknown[]>('GET', `${V2}/systems?limit=50000`);
    expect(big.status).toBe(200);
    expect(big.body.length).toBe(Number(big.headers.get('x-total-count')));
    for (const query of ['limit=-1', 'offset=-5', 'limit=abc']) {
      const res = await api.req('GET', `${V2}/systems?${query}`);
      expectCommonError(res, 400);
      expect(res.body).toMatchObject({ parameter: query.split('=')[0], restriction: 'UInt32' });
    }
  });

  it('filters modules by driver_id and running (the renamed filters), paginated with mod', async () => {
    const res = await api.req<{ id: string; driver_id: string; running: boolean }[]>(
      'GET',
      `${V2}/modules?driver_id=dep-display&limit=3`,
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const module of res.body) expect(module.driver_id).toBe('dep-display');
    expect(res.headers.get('content-range')).toMatch(/^mod 0-\d+\/\d+$/);
    // The legacy name is not a filter here: it is ignored, as rest-api ignores unknown parameters.
    const legacyName = await api.req('GET', `${V2}/modules?dependency_id=dep-display&limit=1`);
    expect(Number(legacyName.headers.get('x-total-count'))).toBeGreaterThan(
      Number(res.headers.get('x-total-count')),
    );
  });

  it('lists a system’s modules by control_system_id in the system’s own order, not paginated', async () => {
    const system = (await api.req<{ modules: string[] }>('GET', `${V2}/systems/${SYS.training}`)).body;
    const res = await api.req<{ id: string }[]>('GET', `${V2}/modules?control_system_id=${SYS.training}`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.id)).toEqual(system.modules);
    const n = system.modules.length;
    expect(res.headers.get('x-total-count')).toBe(String(n));
    expect(res.headers.get('content-range')).toBe(`mod 0-${n - 1}/${n}`);
    expect(res.headers.get('link')).toBeNull();
  });

  it('filters systems by zone_id (all of a comma list), email, features and capacity', async () => {
    const both = await api.req<{ id: string; zones: string[] }[]>(
      'GET',
      `${V2}/systems?zone_id=zone-org,zone-harbour-l4&limit=10000`,
    );
    expect(both.body.length).toBeGreaterThan(0);
    for (const s of both.body)
      expect(s.zones).toEqual(expect.arrayContaining(['zone-org', 'zone-harbour-l4']));
    const org = await api.req<unknown[]>('GET', `${V2}/systems?zone_id=zone-org&limit=10000`);
    expect(org.body.length).toBeGreaterThan(both.body.length);

    const boardroom = (
      await api.req<{ email: string; capacity: number }>('GET', `${V2}/systems/${SYS.boardroom}`)
    ).body;
    const byEmail = await api.req<{ id: string }[]>(
      'GET',
      `${V2}/systems?email=${boardroom.email.toUpperCase()}`,
    );
    expect(byEmail.body.map((s) => s.id)).toEqual([SYS.boardroom]);
    const featured = await api.req<{ features: string[]; capacity: number }[]>(
      'GET',
      `${V2}/systems?features=vc,projector&capacity=${boardroom.capacity}&limit=10000`,
    );
    expect(featured.body.length).toBeGreaterThan(0);
    for (const s of featured.body) {
      expect(s.features).toEqual(expect.arrayContaining(['vc', 'projector']));
      expect(s.capacity).toBeGreaterThanOrEqual(boardroom.capacity);
    }
  });

  it('lists zones as a bare array with zone headers, and a system’s zones as a collection', async () => {
    const zones = await api.req<{ id: string; tags: string[] }[]>('GET', `${V2}/zones?limit=2`);
    expect(zones.status).toBe(200);
    expect(zones.body).toHaveLength(2);
    expect(Array.isArray(zones.body[0]?.tags)).toBe(true);
    expect(zones.headers.get('content-range')).toBe(`zone 0-2/${zones.headers.get('x-total-count')}`);
    const ofRoom = await api.req<{ id: string }[]>('GET', `${V2}/systems/${SYS.boardroom}/zones`);
    const system = (await api.req<{ zones: string[] }>('GET', `${V2}/systems/${SYS.boardroom}`)).body;
    expect(ofRoom.body.map((z) => z.id)).toEqual(system.zones);
    expect(ofRoom.headers.get('content-range')).toBe(
      `zone 0-${system.zones.length - 1}/${system.zones.length}`,
    );
    const one = await api.req<{ id: string }>('GET', `${V2}/zones/${system.zones[0]}`);
    expect(one.body.id).toBe(system.zones[0]);
    expectCommonError(await api.req('GET', `${V2}/zones/zone-nope`), 404);
  });

  it('echoes X-Request-ID, and makes one up when none is sent', async () => {
    const echoed = await api.req('GET', `${V2}/zones?limit=1`, { headers: { 'x-request-id': 'panel-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('panel-42');
    const made = await api.req('GET', `${V2}/zones?limit=1`);
    expect(made.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});
