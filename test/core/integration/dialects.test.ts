import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomdeckError } from '../../../core/api/errors.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { recordingFetch } from '../../support/generations.ts';
import { startGenerationProxy } from '../../support/generation-proxy.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * What differs between the API generations, over real HTTP against the simulator (which serves
 * both on the same data): the current one's lists, slugs, JSON-text state, statuses, settings and
 * exec errors come out of ControlClient exactly as the legacy ones do; `auto` asks once.
 */

const LAB = 'sys-innovation-lab';
const TRAINING = 'sys-kauri-training';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ execTimeoutMs: 2_000 });
});
afterAll(() => sim.close());

async function signedIn(api: 'legacy' | 'current' | 'auto', url = sim.url) {
  const wire = recordingFetch();
  const { services } = servicesFor(url, { fetch: wire, config: { ...ciAccount, service: { api } } });
  await services.api.session.signIn({});
  return { services, client: services.client, wire };
}

async function failure(promise: Promise<unknown>): Promise<RoomdeckError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RoomdeckError) return err;
    throw err;
  }
  throw new Error('expected a RoomdeckError');
}

describe('the current generation through ControlClient', () => {
  let current: Awaited<ReturnType<typeof signedIn>>;
  let legacy: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    current = await signedIn('current');
    legacy = await signedIn('legacy');
  });
  afterAll(() => {
    current.services.dispose();
    legacy.services.dispose();
  });

  it('reads a bare-array page with its total from the headers, 100 a page unless asked', async () => {
    const page = await current.client.listSystems({ limit: 2, offset: 2 });
    const everything = await current.client.listSystems();
    expect(everything.limit).toBe(100);
    expect(page.items.map((s) => s.id)).toEqual(everything.items.slice(2, 4).map((s) => s.id));
    expect(page.total).toBe(everything.items.length);
    expect(current.wire.paths).toContain('/api/engine/v2/systems');
    // The same rooms as the legacy generation sees (each generation has fields of its own).
    const brief = (items: { id: string; name: string; version: number; modules: string[] }[]) =>
      items.map(({ id, name, version, modules }) => ({ id, name, version, modules }));
    expect(brief(everything.items)).toEqual(brief((await legacy.client.listSystems({ limit: 100 })).items));
  });

  it('addresses the second display by its slug, Display_2, and only it changes', async () => {
    await current.client.exec(TRAINING, { module: 'Display', index: 2, method: 'power', args: [true] });
    await current.client.exec(TRAINING, { module: 'Display', index: 2, method: 'volume', args: [37] });
    expect(current.wire.paths).toContain(`/api/engine/v2/systems/${TRAINING}/Display_2/volume`);
    const second = await current.client.systemState(TRAINING, { module: 'Display', index: 2 });
    const first = await current.client.systemState(TRAINING, { module: 'Display', index: 1 });
    expect(second.volume).toBe(37);
    expect(first.volume).not.toBe(37);
    expect(
      await current.client.systemState(TRAINING, { module: 'Display', index: 2, lookup: 'volume' }),
    ).toEqual({
      volume: 37,
    });
  });

  it('decodes state values sent as JSON text into the values the legacy generation sends', async () => {
    const raw = (await (
      await fetch(`${sim.url}/api/engine/v2/systems/${TRAINING}/Display_2`, {
        headers: { authorization: `Bearer ${await current.services.session.getAccessToken()}` },
      })
    ).json()) as Record<string, unknown>;
    // On the wire: every value its JSON text (placeos-generations.md §3 state).
    expect(Object.values(raw).every((v) => typeof v === 'string')).toBe(true);
    expect(raw.volume).toBe('37');
    const decoded = await current.client.systemState(TRAINING, { module: 'Display', index: 2 });
    expect(decoded).toEqual(await legacy.client.systemState(TRAINING, { module: 'Display', index: 2 }));
    expect(typeof decoded.input).toBe('string');
    expect(current.wire.paths).toContain(`/api/engine/v2/systems/${TRAINING}/Display_2`);
    expect(decoded.power).toBe(true);
    expect(await current.client.moduleState('mod-huddle-display')).toEqual(
      await legacy.client.moduleState('mod-huddle-display'),
    );
  });

  it('creates with 201 and deletes with 202, answering the contract’s records', async () => {
    const created = await current.client.createSystem({
      name: 'Dialect Room',
      zones: ['zone-org'],
      capacity: 4,
    });
    expect(created).toMatchObject({ name: 'Dialect Room', capacity: 4, version: 0 });
    const module = await current.client.createModule({ dependency_id: 'dep-display', ip: '10.97.0.1' });
    expect(module).toMatchObject({ dependency_id: 'dep-display', name: 'Display', role: 1 });
    await current.client.deleteModule(module.id);
    await current.client.deleteSystem(created.id);
    const statuses = current.wire.calls
      .filter((c) => c.method !== 'GET')
      .map((c) => `${c.method} ${c.status}`);
    expect(statuses).toEqual(expect.arrayContaining(['POST 201', 'DELETE 202']));
    expect((await failure(current.client.getSystem(created.id))).code).toBe('ROOMDECK_NOT_FOUND');
  });

  it('updates with ?version= and names the current version on a conflict, as the legacy answer does', async () => {
    const created = await current.client.createSystem({ name: 'Versioned Room', zones: ['zone-org'] });
    expect((await current.client.updateSystem(created.id, 0, { capacity: 2 })).version).toBe(1);
    const stale = await failure(current.client.updateSystem(created.id, 0, { capacity: 3 }));
    expect(stale.code).toBe('ROOMDECK_VERSION_CONFLICT');
    expect(stale.details).toEqual({ currentVersion: 1 });
    expect(current.wire.calls).toContainEqual({
      method: 'PUT',
      path: `/api/engine/v2/systems/${created.id}`,
      status: 409,
    });
    await current.client.deleteSystem(created.id);
  });

  it('reports a device’s refusal in the device’s words, and other exec failures by their codes', async () => {
    await current.client.exec(TRAINING, { module: 'Display', index: 1, method: 'power', args: [false] });
    const refused = await failure(
      current.client.exec(TRAINING, { module: 'Display', index: 1, method: 'volume', args: [10] }),
    );
    expect(refused.code).toBe('ROOMDECK_DRIVER_ERROR');
    expect(refused.message).toBe('The device said: display is off.');
    expect(current.wire.paths).toContain(`/api/engine/v2/systems/${TRAINING}/Display_1/volume`);
    const same = await failure(
      legacy.client.exec(TRAINING, { module: 'Display', method: 'volume', args: [10] }),
    );
    expect(same.message).toBe(refused.message);
    const codes = await Promise.all([
      failure(current.client.exec(TRAINING, { module: 'Display', index: 7, method: 'power', args: [true] })),
      failure(current.client.exec(TRAINING, { module: 'Display', method: 'explode' })),
      failure(current.client.exec(TRAINING, { module: 'Display', method: 'power', args: ['maybe'] })),
      failure(current.client.exec('sys-nope', { module: 'Display', method: 'power', args: [true] })),
    ]);
    expect(codes.map((e) => e.code)).toEqual([
      'ROOMDECK_MODULE_NOT_FOUND',
      'ROOMDECK_METHOD_NOT_FOUND',
      'ROOMDECK_INVALID_ARGUMENTS',
      'ROOMDECK_NOT_FOUND',
    ]);
  });

  it('fills the room’s settings from /systems/:id/settings, so the panel finds settings.panel', async () => {
    const detail = await current.client.getSystemDetail(LAB);
    expect(current.wire.paths).toContain(`/api/engine/v2/systems/${LAB}/settings`);
    expect(detail.system.settings).toBeDefined();
    expect(detail.system.settings?.panel).toBeDefined();
    const before = await legacy.client.getSystemDetail(LAB);
    expect(detail.system.settings).toEqual(before.system.settings);
    expect(detail.modules.map((m) => [m.id, m.dependency_id, m.role])).toEqual(
      before.modules.map((m) => [m.id, m.dependency_id, m.role]),
    );
    expect(detail.zones.map((z) => [z.id, z.name])).toEqual(before.zones.map((z) => [z.id, z.name]));
  });

  it('counts modules from the types (there is no count route) and reads drivers as dependencies', async () => {
    expect(await current.client.count(TRAINING, 'Display')).toBe(2);
    expect(await current.client.count(TRAINING, 'Nothing')).toBe(0);
    const drivers = await current.client.listDependencies({ limit: 500 });
    expect(current.wire.paths).toContain('/api/engine/v2/drivers');
    expect(current.wire.paths).toContain(`/api/engine/v2/systems/${TRAINING}/types`);
    expect(drivers.items).toEqual(
      (await legacy.client.listDependencies({ limit: 500 })).items.map((d) =>
        expect.objectContaining({ id: d.id, name: d.name, role: d.role }),
      ),
    );
  });
});

describe('service.api = auto', () => {
  it('lists a room on a service that speaks only the current generation', async () => {
    const proxy = await startGenerationProxy(sim.url, { refuseLegacy: true });
    const { services, client } = await signedIn('auto', proxy.url);
    expect(await client.generation()).toBe('current');
    expect((await services.api.systems.list({})).items.some((s) => s.id === LAB)).toBe(true);
    const opening = await services.api.systems.open({ id: LAB });
    expect(opening.detail.system.settings?.panel).toBeDefined();
    expect(proxy.paths.filter((p) => p.startsWith('/api/control'))).toEqual([]);
    services.dispose();
    await proxy.close();
  });

  it('asks the service once, for the sign-in and every client of the process', async () => {
    const { services, client, wire } = await signedIn('auto');
    await services.api.systems.list({});
    await services.api.systems.open({ id: LAB });
    await services.technicianApi.systems.list({}).catch(() => undefined);
    expect(await client.generation()).toBe('current');
    expect(wire.paths.filter((p) => p === '/auth/authority')).toHaveLength(1);
    services.dispose();
  });

  it('finds the legacy generation where there is no authority document', async () => {
    const proxy = await startGenerationProxy(sim.url, { authority: () => ({ version: '1.9.0' }) });
    const { services, client } = await signedIn('auto', proxy.url);
    expect(await client.generation()).toBe('legacy');
    await services.api.systems.list({});
    expect(proxy.paths.some((p) => p.startsWith('/api/control/systems'))).toBe(true);
    expect(proxy.paths.some((p) => p.startsWith('/api/engine/v2'))).toBe(false);
    services.dispose();
    await proxy.close();
  });

  it('does not remember a failure to ask: the next call asks again', async () => {
    const proxy = await startGenerationProxy(sim.url, { failAuthority: 1 });
    const wire = recordingFetch();
    const { services } = servicesFor(proxy.url, { fetch: wire, config: { ...ciAccount } });
    const first = await failure(services.client.generation());
    expect(first.code).toBe('ROOMDECK_OFFLINE');
    expect(await services.client.generation()).toBe('current');
    expect(await services.client.generation()).toBe('current');
    expect(proxy.paths.filter((p) => p === '/auth/authority')).toHaveLength(2);
    services.dispose();
    await proxy.close();
  });

  it('never asks when the generation is configured as legacy', async () => {
    const { services, wire } = await signedIn('legacy');
    await services.api.systems.list({});
    expect(wire.paths).not.toContain('/auth/authority');
    services.dispose();
  });
});

describe('sign-in follows the generation', () => {
  it('uses the token endpoint the authority document names', async () => {
    const proxy = await startGenerationProxy(sim.url, {
      authority: (doc) => ({ ...doc, config: { ...(doc.config as object), token_uri: '/custom/token' } }),
      aliases: { '/custom/token': '/auth/oauth/token' },
    });
    const { services } = await signedIn('current', proxy.url);
    expect((await services.api.session.status({})).state).toBe('signed-in');
    expect(proxy.paths).toContain('/custom/token');
    expect(proxy.paths).not.toContain('/auth/oauth/token');
    expect(proxy.paths.indexOf('/auth/authority')).toBeLessThan(proxy.paths.indexOf('/custom/token'));
    services.dispose();
    await proxy.close();
  });

  it('refuses an authority that names another origin’s token endpoint, sending nothing there', async () => {
    const elsewhere = 'http://127.0.0.1:9/token';
    const proxy = await startGenerationProxy(sim.url, {
      authority: (doc) => ({ ...doc, config: { ...(doc.config as object), token_uri: elsewhere } }),
    });
    const wire = recordingFetch();
    const { services } = servicesFor(proxy.url, {
      fetch: wire,
      config: { ...ciAccount, service: { api: 'current' } },
    });
    const refused = await services.api.session.signIn({}).then(
      () => null,
      (err: { code: string }) => err,
    );
    expect(refused?.code ?? (await services.api.session.status({})).reason?.code).toBe(
      'ROOMDECK_CONFIG_INVALID',
    );
    expect((await services.api.session.status({})).state).not.toBe('signed-in');
    expect(wire.paths).not.toContain('/token');
    expect(proxy.paths).not.toContain('/auth/oauth/token');
    services.dispose();
    await proxy.close();
  });
});
