import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../simulator/server.ts';
import { type Api, expectError, request, SYS, startApi } from './support.ts';
import { fetch } from '../../support/inject-fetch.ts';

interface Stored {
  format: number;
  data: {
    systems: { id: string; name: string; version: number; capacity: number }[];
    modules: { id: string; running: boolean }[];
    states: Record<string, Record<string, unknown>>;
  };
  auth: unknown;
}

let dir: string;
let dataFile: string;
const running: Api[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'roomdeck-persist-'));
  dataFile = join(dir, 'nested', 'roomdeck.json');
});
afterEach(async () => {
  for (const api of running.splice(0)) await api.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function start(roles: ('admin' | 'user')[] = ['admin']): Promise<Api> {
  const api = await startApi({ dataFile, roles });
  running.push(api);
  return api;
}

async function stop(api: Api): Promise<void> {
  running.splice(running.indexOf(api), 1);
  await api.close();
}

/** Parses the data file; throws if it is not valid JSON. */
const readStored = (): Stored => JSON.parse(readFileSync(dataFile, 'utf8')) as Stored;
const leftovers = () => readdirSync(join(dir, 'nested')).filter((name) => name !== 'roomdeck.json');

describe('the data file', () => {
  it('is written with the demo building by the time the simulator has started', async () => {
    await start([]);
    expect(existsSync(dataFile)).toBe(true);
    const stored = readStored();
    expect(stored.data.systems.map((s) => s.id).sort()).toContain(SYS.boardroom);
    expect(stored.data.systems).toHaveLength(9);
  });

  it('holds every change, as valid JSON, by the time the response arrives', async () => {
    const api = await start();
    const created = await api.req<{ id: string }>('POST', '/api/control/systems', {
      json: { name: 'Persisted Room', zones: ['zone-org'] },
    });
    expect(created.status).toBe(201);
    expect(readStored().data.systems.map((s) => s.id)).toContain(created.body.id);

    expect(
      (await api.req('PUT', `/api/control/systems/${SYS.huddle}`, { json: { version: 0, capacity: 9 } }))
        .status,
    ).toBe(200);
    expect(readStored().data.systems.find((s) => s.id === SYS.huddle)).toMatchObject({
      version: 1,
      capacity: 9,
    });

    const exec = await api.req('POST', `/api/control/systems/${SYS.huddle}/exec`, {
      json: { module: 'Display', method: 'power', args: [true] },
    });
    expect(exec.status).toBe(200);
    expect(readStored().data.states['mod-huddle-display']).toMatchObject({ power: true });

    expect((await api.req('POST', '/api/control/modules/mod-lab-display/stop')).status).toBe(204);
    expect(readStored().data.modules.find((m) => m.id === 'mod-lab-display')?.running).toBe(false);

    expect((await api.req('DELETE', '/api/control/modules/mod-lounge-display')).status).toBe(204);
    expect(readStored().data.modules.map((m) => m.id)).not.toContain('mod-lounge-display');

    expect(leftovers()).toEqual([]);
  });

  it('stays valid JSON while 40 concurrent updates are written, and leaves no temporary files', async () => {
    const api = await start();
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        JSON.parse(await readFile(dataFile, 'utf8'));
        reads += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const systems = Object.values(SYS);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const id = systems[i % systems.length]!;
        return api.req('PUT', `/api/control/systems/${id}`, {
          json: { version: Math.floor(i / systems.length), capacity: i },
        });
      }),
    );
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const stored = readStored();
    for (const id of systems) {
      const live = await api.req<{ version: number; capacity: number }>('GET', `/api/control/systems/${id}`);
      expect(stored.data.systems.find((s) => s.id === id)).toMatchObject({
        version: live.body.version,
        capacity: live.body.capacity,
      });
    }
    await stop(api);
    expect(leftovers()).toEqual([]);
  });

  it('refuses to start on a corrupt file rather than overwrite it', async () => {
    await stop(await start([]));
    writeFileSync(dataFile, '{"format": 1, "data": ');
    await expect(startSimulator({ port: 0, dataFile })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(dataFile, 'utf8')).toBe('{"format": 1, "data": ');
  });
});

describe('a restart on the same data file', () => {
  it('keeps systems, modules, versions, device state and running flags', async () => {
    const first = await start();
    const created = await first.req<{ id: string }>('POST', '/api/control/systems', {
      json: { name: 'Survivor Room', zones: ['zone-kauri'], features: 'vc display' },
    });
    await first.req('PUT', `/api/control/systems/${SYS.huddle}`, {
      json: { version: 0, description: 'after restart' },
    });
    await first.req('POST', `/api/control/systems/${SYS.huddle}/exec`, {
      json: { module: 'Display', method: 'power', args: [true] },
    });
    await first.req('POST', `/api/control/systems/${SYS.huddle}/exec`, {
      json: { module: 'Display', method: 'volume', args: [64] },
    });
    await first.req('POST', '/api/control/modules/mod-lab-display/stop');
    await first.req('DELETE', '/api/control/modules/mod-lighting-harbour');
    await stop(first);

    const second = await start();
    expect((await second.req('GET', `/api/control/systems/${created.body.id}`)).body).toMatchObject({
      name: 'Survivor Room',
      features: ['vc', 'display'],
    });
    expect((await second.req('GET', `/api/control/systems/${SYS.huddle}`)).body).toMatchObject({
      version: 1,
      description: 'after restart',
    });
    expect((await second.req('GET', '/api/control/modules/mod-huddle-display/state')).body).toMatchObject({
      power: true,
      volume: 64,
    });
    expect((await second.req('GET', '/api/control/modules/mod-lab-display')).body).toMatchObject({
      running: false,
    });
    expectError(await second.req('GET', '/api/control/modules/mod-lighting-harbour'), 404, 'not_found');
    expect((await second.req('GET', `/api/control/systems/${SYS.lab}`)).body.modules).toEqual([
      'mod-lab-display',
      'mod-lab-bookings',
    ]);
    // The sign-in at start is written to the file in the background: wait for it, not for the clock.
    await second.simulator.flush();
    expect(leftovers()).toEqual([]);
  });

  it('keeps access tokens valid, and revoked ones revoked', async () => {
    const first = await start(['admin', 'user']);
    const kept = first.tokens.user;
    const revoked = first.tokens.admin;
    const revoke = await fetch(`${first.url}/auth/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked }).toString(),
    });
    expect(revoke.status).toBe(200);
    await stop(first);

    const second = await start([]);
    const ok = await request(second.url, 'GET', '/api/control/systems', { tokenValue: kept });
    expect(ok.status).toBe(200);
    const refused = await request(second.url, 'GET', '/api/control/systems', { tokenValue: revoked });
    expectError(refused, 401, 'unauthorized');
  });
});
