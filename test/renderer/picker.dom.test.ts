import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE, RoomSearch } from '../../renderer/src/lib/search/picker.svelte.ts';
import { contractApi } from '../support/contract-api.ts';

function fakeApi() {
  const list = vi.fn(async (query: { offset?: number }) => ({
    items: [],
    total: 20,
    offset: query.offset ?? 0,
    limit: PAGE_SIZE,
  }));
  const zones = vi.fn(async () => ({
    items: [{ id: 'z1', name: 'Level 3' }],
    total: 1,
    offset: 0,
    limit: 500,
  }));
  return { api: contractApi({ systems: { list, zones } }), list };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('choosing a room', () => {
  it('searches once typing pauses, each typed word as a prefix in the service’s query language', async () => {
    const { api, list } = fakeApi();
    const search = new RoomSearch(api);
    await search.start();
    list.mockClear();
    search.setQuery('disp');
    await vi.advanceTimersByTimeAsync(100);
    search.setQuery('display -projector');
    await vi.advanceTimersByTimeAsync(249);
    expect(list).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(list).toHaveBeenCalledExactlyOnceWith({ limit: PAGE_SIZE, offset: 0, q: 'display* -projector*' });
  });

  it('is busy from the first key until the answer to what was typed is in', async () => {
    const { api, list } = fakeApi();
    let answer: () => void = () => {};
    const search = new RoomSearch(api);
    await search.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(search.busy).toBe(false);
    list.mockImplementationOnce(
      (query) =>
        new Promise((resolve) => {
          answer = () => resolve({ items: [], total: 0, offset: query.offset ?? 0, limit: PAGE_SIZE });
        }),
    );
    search.setQuery('hud');
    expect(search.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    expect(list).toHaveBeenLastCalledWith({ limit: PAGE_SIZE, offset: 0, q: 'hud*' });
    expect(search.busy).toBe(true);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(search.busy).toBe(false);
  });

  it('filters by zone and pages through the results', async () => {
    const { api, list } = fakeApi();
    const search = new RoomSearch(api);
    await search.start();
    expect(search.zones.map((z) => z.name)).toEqual(['Level 3']);
    search.setZone('z1');
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenLastCalledWith({ limit: PAGE_SIZE, offset: 0, zoneId: 'z1' });
    expect(search.hasNext).toBe(true);
    search.page(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(list).toHaveBeenLastCalledWith({ limit: PAGE_SIZE, offset: PAGE_SIZE, zoneId: 'z1' });
    expect(search.hasPrevious).toBe(true);
  });
});
