import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, type Api, expectError, ids, SYS, startApi } from './support.ts';

interface Named {
  id: string;
  name: string;
  custom_name?: string;
}

const nextLink = (link: string | null) => (link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null);

/** The contract's order: by name (case-insensitive here), then id. */
const byNameThenId = (a: { key: string; id: string }, b: { key: string; id: string }) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

describe('paging through 609 systems', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ roles: ['admin'], extraSystems: 600 });
  });
  afterAll(() => api.close());

  it('returns 20 by default with X-Total-Count and a next Link', async () => {
    const res = await api.req<Named[]>('GET', '/api/control/systems');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers.get('x-total-count')).toBe('609');
    const next = nextLink(res.headers.get('link'));
    expect(next).not.toBeNull();
    const url = new URL(next!, api.url);
    expect(url.pathname).toBe('/api/control/systems');
    expect(url.searchParams.get('offset')).toBe('20');
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it.each([
    ['0', 1],
    ['1', 1],
    ['500', 500],
    ['501', 500],
    ['100000', 500],
  ])('clamps limit=%s to %i items', async (limit, expected) => {
    const res = await api.req<Named[]>('GET', `/api/control/systems?limit=${limit}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(expected);
    expect(res.headers.get('x-total-count')).toBe('609');
    expect(new URL(nextLink(res.headers.get('link'))!, api.url).searchParams.get('limit')).toBe(
      String(expected),
    );
  });

  it('starts at offset, sends no Link on the last page and an empty array past the end', async () => {
    const all = await api.req<Named[]>('GET', '/api/control/systems?limit=500');
    const page = await api.req<Named[]>('GET', '/api/control/systems?offset=10&limit=5');
    expect(ids(page.body)).toEqual(ids(all.body.slice(10, 15)));
    const last = await api.req<Named[]>('GET', '/api/control/systems?offset=600&limit=10');
    expect(last.body).toHaveLength(9);
    expect(last.headers.get('link')).toBeNull();
    const past = await api.req<Named[]>('GET', '/api/control/systems?offset=5000');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('609');
    expect(past.headers.get('link')).toBeNull();
  });

  it('orders systems by name then id, and following Link visits every system once, in that order', async () => {
    const visited = await allPages<Named>(api, '/api/control/systems?limit=97');
    expect(visited).toHaveLength(609);
    expect(new Set(ids(visited)).size).toBe(609);
    const sorted = visited
      .map((s) => ({ key: s.name.toLowerCase(), id: s.id }))
      .sort(byNameThenId)
      .map((s) => s.id);
    expect(ids(visited)).toEqual(sorted);
  });

  it('orders modules by resolved class name then id across pages, ties broken by id', async () => {
    const visited = await allPages<Named>(api, '/api/control/modules?limit=150');
    expect(visited.length).toBe(650);
    const key = (m: Named) => (m.custom_name || m.name).toLowerCase();
    const sorted = visited
      .map((m) => ({ key: key(m), id: m.id }))
      .sort(byNameThenId)
      .map((m) => m.id);
    expect(ids(visited)).toEqual(sorted);
    const displays = visited.filter((m) => m.name === 'Display');
    expect(displays.length).toBeGreaterThan(600);
  });

  it('keeps filters and q in the next Link, and the pages it leads to stay filtered', async () => {
    const first = await api.req<Named[]>(
      'GET',
      '/api/control/systems?q=huddle&zone_id=zone-kauri-l1&limit=5',
    );
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(5);
    const next = new URL(nextLink(first.headers.get('link'))!, api.url);
    expect(next.searchParams.get('q')).toBe('huddle');
    expect(next.searchParams.get('zone_id')).toBe('zone-kauri-l1');
    const visited = await allPages<Named & { zones: string[] }>(
      api,
      '/api/control/systems?q=huddle&zone_id=zone-kauri-l1&limit=5',
    );
    expect(visited).toHaveLength(total);
    for (const system of visited) expect(system.zones).toContain('zone-kauri-l1');
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
  ])('refuses %s with 400 bad_request naming the parameter', async (query, parameter) => {
    for (const list of ['systems', 'modules', 'zones', 'dependencies']) {
      const body = expectError(await api.req('GET', `/api/control/${list}?${query}`), 400, 'bad_request');
      expect(body.parameter).toBe(parameter);
    }
  });
});

describe('filters and search on the demo building', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ roles: ['admin'] });
  });
  afterAll(() => api.close());

  const systemIds = async (query: string) => {
    const res = await api.req<Named[]>('GET', `/api/control/systems?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
    return ids(res.body);
  };
  const moduleIds = async (query: string) => {
    const res = await api.req<Named[]>('GET', `/api/control/modules?limit=500&${query}`);
    expect(res.status).toBe(200);
    return ids(res.body);
  };

  it('filters systems by zone_id, by module_id, and by both together', async () => {
    expect(await systemIds('zone_id=zone-harbour-l3')).toEqual([SYS.huddle, SYS.lounge]);
    expect(await systemIds('module_id=mod-lighting-harbour')).toEqual([SYS.boardroom, SYS.lab, SYS.lounge]);
    expect(await systemIds('zone_id=zone-harbour-l3&module_id=mod-lighting-harbour')).toEqual([SYS.lounge]);
    expect(await systemIds('zone_id=zone-nowhere')).toEqual([]);
  });

  it('ANDs the filters with q', async () => {
    expect(await systemIds('zone_id=zone-harbour&q=display')).toEqual([SYS.huddle, SYS.lab, SYS.lounge]);
    expect(await systemIds('module_id=mod-lighting-kauri&q=projector')).toEqual([SYS.auditorium]);
  });

  it('filters modules by system_id, by dependency_id, both, and with q', async () => {
    expect(await moduleIds(`system_id=${SYS.training}`)).toEqual([
      'mod-training-bookings',
      'mod-training-camera-audience',
      'mod-training-camera-presenter',
      'mod-training-display-front',
      'mod-training-display-rear',
      'mod-lighting-kauri',
      'mod-training-pc',
      'mod-training-recorder',
      'mod-training-logic',
      'mod-training-switcher',
      'mod-training-codec',
    ]);
    expect(await moduleIds('dependency_id=dep-display')).toEqual([
      'mod-huddle-display',
      'mod-lab-display',
      'mod-lounge-display',
      'mod-rimu-a-display',
      'mod-rimu-b-display',
      'mod-training-display-front',
      'mod-training-display-rear',
    ]);
    expect(await moduleIds(`system_id=${SYS.training}&dependency_id=dep-display`)).toEqual([
      'mod-training-display-front',
      'mod-training-display-rear',
    ]);
    expect(await moduleIds(`system_id=${SYS.training}&q=confidence`)).toEqual(['mod-training-display-rear']);
    expect(await moduleIds(`system_id=${SYS.auditorium}&q=camera`)).toEqual([
      'mod-auditorium-camera-1',
      'mod-auditorium-camera-2',
    ]);
    expect(await moduleIds('system_id=sys-nope')).toEqual([]);
  });

  it('searches modules by ip, notes and the dependency’s name', async () => {
    expect(await moduleIds('q=10.20.3.31')).toEqual(['mod-huddle-display']);
    expect(await moduleIds('q=signage')).toEqual(['mod-lounge-display']);
    expect(await moduleIds('q=gateway')).toEqual(['mod-lighting-harbour']);
    expect(await moduleIds('q=lighting')).toEqual([
      'mod-lighting-harbour',
      'mod-lighting-kauri',
      'mod-lighting-rimu',
    ]);
  });

  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  it('matches any plain term by default, case-insensitively', async () => {
    expect(await systemIds(q('signage dsp'))).toEqual([SYS.lounge, SYS.auditorium]);
    expect(await systemIds(q('DISPLAY'))).toEqual(await systemIds(q('display')));
  });

  it('reads `display -projector` as display AND NOT projector (Lucene negation)', async () => {
    expect(await systemIds(q('display -projector'))).toEqual([
      SYS.huddle,
      SYS.lab,
      SYS.training,
      SYS.lounge,
      SYS.rimuA,
      SYS.rimuAB,
      SYS.rimuB,
    ]);
    expect(await systemIds(q('projector -display'))).toEqual([SYS.boardroom, SYS.auditorium]);
  });

  it('matches everything lacking the term for a query of only negations', async () => {
    expect(await systemIds(q('-projector'))).toEqual([
      SYS.huddle,
      SYS.lab,
      SYS.training,
      SYS.lounge,
      SYS.rimuA,
      SYS.rimuAB,
      SYS.rimuB,
    ]);
    expect(await systemIds(q('-(projector | signage)'))).toEqual([
      SYS.huddle,
      SYS.lab,
      SYS.training,
      SYS.rimuA,
      SYS.rimuAB,
      SYS.rimuB,
    ]);
  });

  it('supports + for both and | for either', async () => {
    expect(await systemIds(q('display + camera'))).toEqual([SYS.training, SYS.rimuA, SYS.rimuAB, SYS.rimuB]);
    expect(await systemIds(q('projector | signage'))).toEqual([SYS.boardroom, SYS.lounge, SYS.auditorium]);
  });

  it('matches phrases only with the words adjacent and in order, unless slop allows', async () => {
    expect(await systemIds(q('"wall display"'))).toEqual([SYS.huddle]);
    expect(await systemIds(q('"display wall"'))).toEqual([]);
    expect(await systemIds(q('"huddle display"'))).toEqual([]);
    expect(await systemIds(q('"huddle display"~3'))).toEqual([]);
    expect(await systemIds(q('"huddle display"~4'))).toEqual([SYS.huddle]);
    expect(await systemIds(q('display -"wall display"'))).toEqual([
      SYS.lab,
      SYS.training,
      SYS.lounge,
      SYS.rimuA,
      SYS.rimuAB,
      SYS.rimuB,
    ]);
  });

  it('matches fuzzy terms within the edit distance, and prefixes', async () => {
    expect(await systemIds(q('auditorum~1'))).toEqual([SYS.auditorium]);
    expect(await systemIds(q('audtorum~1'))).toEqual([]);
    expect(await systemIds(q('audtorum~2'))).toEqual([SYS.auditorium]);
    expect(await systemIds(q('audit*'))).toEqual([SYS.auditorium]);
    expect(await systemIds(q('harb*'))).toEqual([SYS.boardroom]);
  });

  it.each(['"unbalanced', '(display', 'display +', '| |', '-', '~~~', '*', '"', ')('])(
    'never errors on malformed input %j',
    async (text) => {
      const res = await api.req('GET', `/api/control/systems?${q(text)}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    },
  );

  it('lists zones and dependencies with the same conventions', async () => {
    const zones = await api.req<(Named & { parent_id: string | null })[]>('GET', '/api/control/zones');
    expect(zones.status).toBe(200);
    expect(zones.headers.get('x-total-count')).toBe('8');
    expect(zones.body.map((z) => z.name)).toEqual([
      'Harbour Building',
      'Harbour Level 3',
      'Harbour Level 4',
      'Kauri Ground',
      'Kauri House',
      'Kauri Level 1',
      'Kauri Level 2',
      'Roomdeck Demo Organisation',
    ]);
    const page = await api.req<Named[]>('GET', '/api/control/zones?limit=2&offset=1');
    expect(ids(page.body)).toEqual(['zone-harbour-l3', 'zone-harbour-l4']);
    expect(nextLink(page.headers.get('link'))).toMatch(/offset=3&limit=2/);
    expect(ids((await api.req<Named[]>('GET', `/api/control/zones?${q('kauri')}`)).body)).toEqual([
      'zone-kauri-g',
      'zone-kauri',
      'zone-kauri-l1',
      'zone-kauri-l2',
    ]);

    const deps = await api.req<(Named & { role: number })[]>('GET', '/api/control/dependencies');
    expect(deps.status).toBe(200);
    // Thirteen demo drivers, and another vendor's display and room logic for rooms added through the API.
    expect(deps.headers.get('x-total-count')).toBe('15');
    expect(deps.body.map((d) => d.name)).toEqual([
      'Blinds',
      'Bookings',
      'Camera',
      'Display',
      'Display',
      'Lighting',
      'Mixer',
      'PartitionWall',
      'Projector',
      'Recorder',
      'RoomLogic',
      'RoomPC',
      'Switcher',
      'System',
      'VidConf',
    ]);
    expect(deps.body.find((d) => d.name === 'RoomLogic')?.role).toBe(3);
    expect(deps.body.find((d) => d.name === 'RoomPC')?.role).toBe(0);
    const limited = await api.req<Named[]>('GET', '/api/control/dependencies?limit=3');
    expect(limited.body).toHaveLength(3);
    expect(nextLink(limited.headers.get('link'))).toMatch(/offset=3&limit=3/);
  });
});
