import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from '../api/support.ts';
import { expectCommonError, followPages, V2 } from './support.ts';

/**
 * Two routes the current generation keeps apart from the legacy shapes (placeos-generations.md §1C,
 * §4): a system's settings at `/systems/:id/settings` (not embedded in the system), and the
 * drivers the legacy API calls dependencies.
 */

interface SettingsDocument {
  parent_id: string;
  encryption_level: number;
  settings_string: string;
  keys: string[];
}

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('GET /systems/:id/settings', () => {
  it('serves the room’s settings as a settings document, the same data the legacy system embeds', async () => {
    const legacy = await api.req<{ settings: Record<string, unknown> }>(
      'GET',
      `/api/control/systems/${SYS.lab}`,
    );
    const response = await api.req<SettingsDocument[]>('GET', `${V2}/systems/${SYS.lab}/settings`, {
      as: 'user',
    });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
    const [document] = response.body;
    expect(document).toMatchObject({ parent_id: SYS.lab, encryption_level: 0 });
    expect(JSON.parse(document!.settings_string)).toEqual(legacy.body.settings);
    expect(document!.keys.sort()).toEqual(Object.keys(legacy.body.settings).sort());
    expect(Object.keys(legacy.body.settings)).toContain('panel');
    // Not embedded in the system itself (§4 System).
    const system = await api.req('GET', `${V2}/systems/${SYS.lab}`);
    expect(system.body).not.toHaveProperty('settings');
  });

  it('follows a change made through the legacy API, and is empty for a room without settings', async () => {
    const created = await api.req<{ id: string; version: number }>('POST', `${V2}/systems`, {
      json: { name: 'Settings Room', zones: ['zone-org'] },
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect((await api.req('GET', `${V2}/systems/${id}/settings`)).body).toEqual([]);
    const put = await api.req('PUT', `/api/control/systems/${id}`, {
      json: { version: 0, settings: { panel: { tiles: [] }, help: 'ext 4357' } },
    });
    expect(put.status).toBe(200);
    const [document] = (await api.req<SettingsDocument[]>('GET', `${V2}/systems/${id}/settings`)).body;
    expect(JSON.parse(document!.settings_string)).toEqual({ panel: { tiles: [] }, help: 'ext 4357' });
  });

  it('refuses an unknown room and a missing token as the other routes do', async () => {
    expectCommonError(await api.req('GET', `${V2}/systems/sys-nope/settings`), 404);
    expect((await api.req('GET', `${V2}/systems/${SYS.lab}/settings`, { as: null })).status).toBe(401);
  });
});

describe('GET /drivers', () => {
  it('lists every driver with the current list headers, roles in C’s numbering', async () => {
    const legacy = await api.req<{ id: string; role: number }[]>(
      'GET',
      '/api/control/dependencies?limit=500',
    );
    const drivers = await followPages<{ id: string; role: number; module_name: string }>(
      api,
      `${V2}/drivers?limit=2`,
    );
    expect(drivers.map((d) => d.id).sort()).toEqual(legacy.body.map((d) => d.id).sort());
    for (const driver of drivers) {
      const before = legacy.body.find((d) => d.id === driver.id)!;
      expect(driver.role).toBe(before.role === 3 ? 99 : before.role);
      expect(typeof driver.module_name).toBe('string');
    }
    expect(drivers.some((d) => d.role === 99)).toBe(true);
  });

  it('shows one driver and refuses an unknown one', async () => {
    const response = await api.req('GET', `${V2}/drivers/dep-display`, { as: 'user' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 'dep-display', module_name: 'Display', role: 1 });
    expectCommonError(await api.req('GET', `${V2}/drivers/dep-nope`), 404);
  });
});
