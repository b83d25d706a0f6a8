import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../core/bridge/handlers.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { type DeploymentProxy, startDeploymentProxy } from '../../support/deployment-proxy.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * Roomdeck against the simulator behind a proxy that answers as real deployments do: nulls,
 * legacy lists and funcs, JSON-text state, modules without names, an unrequested id_token and a
 * path prefix. Everything a panel needs must still work, through the same bridge handlers.
 */
let sim: RunningSimulator;
let proxy: DeploymentProxy;
let services: MainServices;

beforeAll(async () => {
  sim = await startSimulator({});
  proxy = await startDeploymentProxy(sim.url);
  ({ services } = servicesFor(proxy.url, { config: ciAccount }));
  await services.api.session.signIn({});
});
afterAll(async () => {
  services.dispose();
  await proxy.close();
  await sim.close();
});

describe('a deployment that sends nulls, legacy shapes and JSON-text state', () => {
  it('signs in although the token response carries an id_token nobody asked for', async () => {
    expect((await services.api.session.status({})).state).toBe('signed-in');
  });

  it('lists every room from the legacy envelope with nulls in optional fields', async () => {
    const page = await services.api.systems.list({ limit: 50 });
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    expect(page.total).toBe(page.items.length);
    expect(page.items.find((s) => s.id === 'sys-huddle-3-2')?.name).toBe('Huddle 3.2');
  });

  it('loads a room whose modules carry no name, naming each class from its driver', async () => {
    const detail = await services.api.systems.get({ id: 'sys-huddle-3-2' });
    expect(detail.modules.length).toBeGreaterThan(0);
    for (const m of detail.modules) expect(m.name ?? m.custom_name).toBeTruthy();
  });

  it('reads the legacy funcs shape and runs a method with it', async () => {
    const funcs = await services.api.systems.funcs({ id: 'sys-huddle-3-2', module: 'Display', index: 1 });
    expect(funcs.power?.order).toEqual(['state']);
    await services.api.systems.exec({
      id: 'sys-huddle-3-2',
      module: 'Display',
      index: 1,
      method: 'power',
      args: [true],
    });
  });

  it('hands the panel state values read from JSON text, so a press confirms', async () => {
    await services.api.systems.exec({
      id: 'sys-huddle-3-2',
      module: 'Display',
      index: 1,
      method: 'power',
      args: [true],
    });
    const state = await services.api.systems.state({ id: 'sys-huddle-3-2', module: 'Display', index: 1 });
    expect(state.power).toBe(true);
    await services.api.systems.exec({
      id: 'sys-huddle-3-2',
      module: 'Display',
      index: 1,
      method: 'power',
      args: [false],
    });
    expect(
      (await services.api.systems.state({ id: 'sys-huddle-3-2', module: 'Display', index: 1 })).power,
    ).toBe(false);
  });
});
