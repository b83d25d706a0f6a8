import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import type { MainServices } from '../../../core/bridge/handlers.ts';
import { contract } from '../../../contract/verbs.ts';
import { createMemoryVault, type TokenVault } from '../../../core/store/vault.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';
import { GENERATIONS, recordingFetch } from '../../support/generations.ts';

let sim: RunningSimulator;
let services: MainServices;
let vault: TokenVault;
/** Every value any verb returned, to check for tokens at the end. */
const responses: unknown[] = [];

type Api = MainServices['api'];

/** Calls a verb, checks its result against the contract's result schema, and keeps it. */
async function call<D extends keyof Api, V extends keyof Api[D] & keyof (typeof contract)[D]>(
  domain: D,
  verb: V,
  args: Parameters<Extract<Api[D][V], (a: never) => unknown>>[0],
): Promise<Awaited<ReturnType<Extract<Api[D][V], (a: never) => unknown>>>> {
  const fn = services.api[domain][verb] as (a: unknown) => Promise<unknown>;
  const result = await fn(args);
  const schema = (contract[domain][verb] as { result: Parameters<typeof Value.Check>[0] }).result;
  expect(Value.Check(schema, result), `${String(domain)}.${String(verb)} result fits the contract`).toBe(
    true,
  );
  responses.push(result);
  return result as never;
}

async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; details?: unknown; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: { code: string; details?: unknown; message: string }) => err,
  );
}

// The same verbs, the same answers, in both API generations (`service.api`); the simulator serves both.
describe.each(GENERATIONS)(
  'every Control Service endpoint through the bridge handlers (%s generation)',
  (api) => {
    const wire = recordingFetch();
    beforeAll(async () => {
      sim = await startSimulator({ execTimeoutMs: 2_000 });
      vault = createMemoryVault();
      responses.length = 0;
      ({ services } = servicesFor(sim.url, {
        vault,
        fetch: wire,
        config: { ...ciAccount, service: { api } },
      }));
      responses.push(await services.api.session.signIn({}));
    });
    afterAll(async () => {
      services.dispose();
      await sim.close();
    });

    it('lists, filters and pages systems with the total from X-Total-Count', async () => {
      const all = await call('systems', 'list', {});
      expect(all.total).toBeGreaterThanOrEqual(6);
      expect(all.offset).toBe(0);
      // Each generation's own default page (wire contract: 20; rest-api: 100).
      expect(all.limit).toBe(api === 'legacy' ? 20 : 100);
      const page = await call('systems', 'list', { limit: 2, offset: 2 });
      expect(page.items).toHaveLength(2);
      expect(page.total).toBe(all.total);
      const byModule = await call('systems', 'list', { moduleId: 'mod-huddle-display' });
      expect(byModule.items.map((s) => s.id)).toEqual(['sys-huddle-3-2']);
      const byZone = await call('systems', 'list', { zoneId: 'zone-org' });
      expect(byZone.total).toBeGreaterThan(0);
      const search = await call('systems', 'list', { q: 'huddle' });
      expect(search.items.some((s) => s.id === 'sys-huddle-3-2')).toBe(true);
    });

    it('retrieves a system complete: the system with ids, plus full modules and zones in order', async () => {
      const detail = await call('systems', 'get', { id: 'sys-huddle-3-2' });
      expect(detail.system.id).toBe('sys-huddle-3-2');
      expect(detail.system.modules).toEqual([
        'mod-huddle-logic',
        'mod-huddle-display',
        'mod-huddle-bookings',
        'mod-huddle-codec',
      ]);
      expect(detail.modules.map((m) => m.id)).toEqual(detail.system.modules);
      expect(detail.zones.map((z) => z.id)).toEqual(detail.system.zones);
      expect(Array.isArray(detail.system.features)).toBe(true);
      // The client's plain retrieve too.
      expect((await services.client.getSystem('sys-huddle-3-2')).modules).toEqual(detail.system.modules);
    });

    it('reads types, count, funcs and state of a module in a system', async () => {
      expect(await call('systems', 'types', { id: 'sys-huddle-3-2' })).toMatchObject({ Display: 1 });
      expect(await call('systems', 'count', { id: 'sys-huddle-3-2', module: 'Display' })).toEqual({
        count: 1,
      });
      const funcs = await call('systems', 'funcs', { id: 'sys-huddle-3-2', module: 'Display', index: 1 });
      expect(funcs.power).toMatchObject({ arity: 1, order: ['state'] });
      const state = await call('systems', 'state', { id: 'sys-huddle-3-2', module: 'Display' });
      expect(state).toHaveProperty('power');
      const power = await call('systems', 'state', {
        id: 'sys-huddle-3-2',
        module: 'Display',
        lookup: 'power',
      });
      expect(Object.keys(power)).toEqual(['power']);
    });

    it('executes a method and sees its effect in the state', async () => {
      await call('systems', 'start', { id: 'sys-huddle-3-2' });
      expect(
        await call('systems', 'exec', {
          id: 'sys-huddle-3-2',
          module: 'Display',
          method: 'power',
          args: [true],
        }),
      ).toEqual({
        result: null,
      });
      await call('systems', 'exec', {
        id: 'sys-huddle-3-2',
        module: 'Display',
        index: 1,
        method: 'volume',
        args: [55],
      });
      expect(
        await call('systems', 'state', { id: 'sys-huddle-3-2', module: 'Display', lookup: 'volume' }),
      ).toEqual({
        volume: 55,
      });
    });

    it('types the failures of exec', async () => {
      const id = 'sys-huddle-3-2';
      expect(
        (await failure(services.api.systems.exec({ id, module: 'Display', method: 'explode' }))).code,
      ).toBe('ROOMDECK_METHOD_NOT_FOUND');
      expect(
        (
          await failure(
            services.api.systems.exec({ id, module: 'Display', index: 9, method: 'power', args: [true] }),
          )
        ).code,
      ).toBe('ROOMDECK_MODULE_NOT_FOUND');
      expect(
        (await failure(services.api.systems.exec({ id, module: 'Display', method: 'volume', args: [500] })))
          .code,
      ).toBe('ROOMDECK_INVALID_ARGUMENTS');
      await call('modules', 'stop', { id: 'mod-huddle-display' });
      expect(
        (await failure(services.api.systems.exec({ id, module: 'Display', method: 'power', args: [false] })))
          .code,
      ).toBe('ROOMDECK_MODULE_STOPPED');
      await call('modules', 'start', { id: 'mod-huddle-display' });
      expect((await failure(services.api.systems.get({ id: 'sys-nope' }))).code).toBe('ROOMDECK_NOT_FOUND');
    });

    it('creates, updates (with version checks) and removes a system', async () => {
      const created = await call('systems', 'create', {
        system: { name: 'Roomdeck Test Room', zones: ['zone-org'], capacity: 6, features: ['display'] },
      });
      expect(created).toMatchObject({ name: 'Roomdeck Test Room', version: 0, features: ['display'] });
      const duplicate = await failure(
        services.api.systems.create({ system: { name: 'roomdeck test room', zones: ['zone-org'] } }),
      );
      expect(duplicate.code).toBe('ROOMDECK_VALIDATION_FAILED');
      expect(duplicate.details).toMatchObject({ failures: [expect.objectContaining({ field: 'name' })] });

      const updated = await call('systems', 'update', {
        id: created.id,
        version: 0,
        changes: { capacity: 8 },
      });
      expect(updated).toMatchObject({ capacity: 8, version: 1 });
      const stale = await failure(
        services.api.systems.update({ id: created.id, version: 0, changes: { capacity: 9 } }),
      );
      expect(stale).toMatchObject({ code: 'ROOMDECK_VERSION_CONFLICT', details: { currentVersion: 1 } });

      await call('systems', 'stop', { id: created.id });
      expect(await call('systems', 'remove', { id: created.id })).toBeNull();
      expect((await failure(services.api.systems.get({ id: created.id }))).code).toBe('ROOMDECK_NOT_FOUND');
    });

    it('lists zones and dependencies', async () => {
      const zones = await call('systems', 'zones', {});
      expect(zones.items.some((z) => z.id === 'zone-org')).toBe(true);
      const deps = await call('modules', 'dependencies', { q: 'display' });
      expect(deps.items.some((d) => d.id === 'dep-display')).toBe(true);
    });

    it('lists, filters, reads and pings modules', async () => {
      const inSystem = await call('modules', 'list', { systemId: 'sys-huddle-3-2' });
      expect(inSystem.items.map((m) => m.id).sort()).toEqual([
        'mod-huddle-bookings',
        'mod-huddle-codec',
        'mod-huddle-display',
        'mod-huddle-logic',
      ]);
      const displays = await call('modules', 'list', { dependencyId: 'dep-display', limit: 1 });
      expect(displays.items).toHaveLength(1);
      expect(displays.total).toBeGreaterThan(1);
      const display = await call('modules', 'get', { id: 'mod-huddle-display' });
      expect(display).toMatchObject({ id: 'mod-huddle-display', role: 1 });
      const ping = await call('modules', 'ping', { id: 'mod-huddle-display' });
      expect(ping.host).toBe(display.ip);
      expect(await call('modules', 'state', { id: 'mod-huddle-display' })).toHaveProperty('power');
      expect(
        Object.keys(await call('modules', 'state', { id: 'mod-huddle-display', lookup: 'mute' })),
      ).toEqual(['mute']);
    });

    it('creates, updates and removes a module', async () => {
      const created = await call('modules', 'create', {
        module: { dependency_id: 'dep-display', ip: '10.99.0.1', notes: 'test' },
      });
      expect(created).toMatchObject({ dependency_id: 'dep-display', ip: '10.99.0.1' });
      const updated = await call('modules', 'update', {
        id: created.id,
        changes: { notes: 'moved', port: 5000 },
      });
      expect(updated).toMatchObject({ notes: 'moved', port: 5000 });
      const invalid = await failure(
        services.api.modules.create({ module: { dependency_id: 'dep-display' } }),
      );
      expect(invalid.code).toBe('ROOMDECK_VALIDATION_FAILED');
      expect(await call('modules', 'remove', { id: created.id })).toBeNull();
      expect((await failure(services.api.modules.get({ id: created.id }))).code).toBe('ROOMDECK_NOT_FOUND');
    });

    it('reports a forbidden action as ROOMDECK_FORBIDDEN for a panel account', async () => {
      const { services: panel } = servicesFor(sim.url, {
        config: {
          ...ciAccount,
          serviceAccount: { username: 'panel@demo.local', password: 'demo' },
          service: { api },
        },
      });
      await panel.api.session.signIn({});
      expect(
        (await failure(panel.api.systems.create({ system: { name: 'Nope', zones: ['zone-org'] } }))).code,
      ).toBe('ROOMDECK_FORBIDDEN');
      panel.dispose();
    });

    it('serves the config with the remembered room, unless the installer fixed one', async () => {
      expect(await call('config', 'get', {})).toMatchObject({
        systemId: null,
        systemLocked: false,
        serverUrl: sim.url,
      });
      expect(await call('config', 'chooseSystem', { systemId: 'sys-huddle-3-2' })).toMatchObject({
        systemId: 'sys-huddle-3-2',
      });
      const { services: locked } = servicesFor(sim.url, {
        config: { systemId: 'sys-level3-lounge', service: { api } },
      });
      expect(await locked.api.config.get({})).toMatchObject({
        systemId: 'sys-level3-lounge',
        systemLocked: true,
      });
      expect((await failure(locked.api.config.chooseSystem({ systemId: 'sys-huddle-3-2' }))).code).toBe(
        'ROOMDECK_SYSTEM_LOCKED',
      );
      locked.dispose();
    });

    it('never returns the access or refresh token in any response', async () => {
      responses.push(await call('session', 'status', {}));
      const stored = await vault.load();
      expect(stored).not.toBeNull();
      const serialized = JSON.stringify(responses);
      expect(responses.length).toBeGreaterThan(30);
      expect(serialized).not.toContain(stored!.accessToken);
      expect(serialized).not.toContain(stored!.refreshToken!);
      expect(serialized).not.toMatch(/access_token|refresh_token|accessToken|refreshToken/);
    });

    it(`spoke the ${api} generation only`, () => {
      const own = api === 'legacy' ? '/api/control/' : '/api/engine/v2/';
      const other = api === 'legacy' ? '/api/engine/v2/' : '/api/control/';
      expect(wire.paths.filter((path) => path.startsWith(own)).length).toBeGreaterThan(30);
      expect(wire.paths.filter((path) => path.startsWith(other))).toEqual([]);
    });
  },
);
