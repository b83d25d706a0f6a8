import { describe, expect, it } from 'vitest';
import type { Module, System } from '#contract';
import { readAll } from '../../../renderer/src/lib/technician/fleet/fleet-index.svelte.ts';
import {
  buildRows,
  filterRows,
  NO_FILTERS,
  sortRows,
} from '../../../renderer/src/lib/technician/fleet/fleet.ts';

const mod = (id: string, over: Partial<Module> = {}): Module => ({
  id,
  dependency_id: 'dep-display',
  name: 'Display',
  role: 1,
  ip: `10.0.0.${id.length}`,
  port: 4999,
  running: true,
  connected: true,
  ...over,
});
const room = (id: string, name: string, modules: string[], zones: string[]): System => ({
  id,
  name,
  modules,
  zones,
  features: [],
  version: 1,
});

const modules = [
  mod('d1'),
  mod('d2', { connected: false }),
  mod('d3', { running: false, connected: false }),
  mod('svc', {
    role: 2,
    ip: undefined,
    port: undefined,
    uri: 'https://cal.example/room',
    name: 'Bookings',
    dependency_id: 'dep-cal',
  }),
  mod('light', { name: 'Lighting', dependency_id: 'dep-light', ignore_startstop: true }),
];
const systems = [
  room('sys-a', 'Boardroom', ['d1', 'd2', 'light'], ['zone-h']),
  room('sys-b', 'Huddle', ['d3', 'svc', 'light'], ['zone-k']),
];
const rows = buildRows(modules, systems, [{ id: 'dep-display', name: 'Display', role: 1 }]);
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('the module table’s rows', () => {
  it('gives each module its class and index in its room, every room it is in, and its zones', () => {
    const d2 = rows.find((r) => r.id === 'd2');
    expect(d2).toMatchObject({
      label: 'Display 2',
      rooms: [{ name: 'Boardroom' }],
      health: 'offline',
      address: '10.0.0.2:4999',
    });
    const light = rows.find((r) => r.id === 'light');
    expect(light?.rooms.map((r) => r.name)).toEqual(['Boardroom', 'Huddle']);
    expect(light?.zoneIds.sort()).toEqual(['zone-h', 'zone-k']);
    expect(rows.find((r) => r.id === 'svc')?.address).toBe('https://cal.example/room');
  });

  it('filters offline (running, not connected) apart from stopped, and both together', () => {
    expect(ids(filterRows(rows, { ...NO_FILTERS, status: 'offline' }))).toEqual(['d2']);
    expect(ids(filterRows(rows, { ...NO_FILTERS, status: 'stopped' }))).toEqual(['d3']);
    expect(ids(filterRows(rows, { ...NO_FILTERS, status: 'attention' })).sort()).toEqual(['d2', 'd3']);
  });

  it('filters by zone, room, role and driver, and finds "offline" and "stopped" as words', () => {
    expect(ids(filterRows(rows, { ...NO_FILTERS, zoneId: 'zone-k' })).sort()).toEqual(['d3', 'light', 'svc']);
    expect(
      ids(
        filterRows(rows, { ...NO_FILTERS, systemId: 'sys-a', role: 'device', dependencyId: 'dep-display' }),
      ).sort(),
    ).toEqual(['d1', 'd2']);
    expect(ids(filterRows(rows, { ...NO_FILTERS, text: 'offline' }))).toEqual(['d2']);
    expect(ids(filterRows(rows, { ...NO_FILTERS, text: 'display -boardroom' }))).toEqual(['d3']);
  });

  it('sorts by a column either way, worst health first when sorted by connection', () => {
    expect(ids(sortRows(rows, 'connected', 'ascending')).slice(0, 2)).toEqual(['d2', 'd3']);
    const byRoom = sortRows(rows, 'rooms', 'descending');
    expect(byRoom[0]?.rooms[0]?.name).toBe('Huddle');
  });
});

describe('reading every page', () => {
  it('asks page after page until the total is read, and says when it stopped at the cap', async () => {
    const all = Array.from({ length: 1200 }, (_, i) => i);
    const asked: number[] = [];
    const list = async ({ limit, offset }: { limit: number; offset: number }) => {
      asked.push(offset);
      return { items: all.slice(offset, offset + limit), total: all.length, offset, limit };
    };
    const whole = await readAll(list);
    expect(whole).toMatchObject({ total: 1200, complete: true });
    expect(whole.items).toHaveLength(1200);
    expect(asked).toEqual([0, 500, 1000]);
    const capped = await readAll(list, 2);
    expect(capped).toMatchObject({ complete: false });
    expect(capped.items).toHaveLength(1000);
  });
});
