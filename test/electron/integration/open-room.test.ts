import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../electron/bridge/handlers.ts';
import { contract } from '../../../electron/bridge/contract.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { ciAccount, servicesFor } from '../helpers/services.ts';

let sim: RunningSimulator;
let services: MainServices;
beforeAll(async () => {
  sim = await startSimulator({});
  ({ services } = servicesFor(sim.url, { config: ciAccount }));
  await services.api.session.signIn({});
});
afterAll(async () => {
  services.dispose();
  await sim.close();
});

describe('systems.open: a panel’s room in one bridge call', () => {
  it('answers the record, the types, and every module’s funcs and state, as the separate verbs do', async () => {
    const id = 'sys-harbour-boardroom';
    const opened = await services.api.systems.open({ id });
    expect(Value.Check(contract.systems.open.result, opened)).toBe(true);
    const types = await services.api.systems.types({ id });
    expect(opened.types).toEqual(types);
    expect(opened.detail.system.id).toBe(id);
    const expected = Object.entries(types).flatMap(([module, count]) =>
      Array.from({ length: count }, (_, i) => `${module}/${i + 1}/${count}`),
    );
    expect(opened.modules.map((m) => `${m.module}/${m.index}/${m.count}`)).toEqual(expected);
    for (const m of opened.modules) {
      expect(m.funcs).toEqual(await services.api.systems.funcs({ id, module: m.module, index: m.index }));
      const state = await services.api.systems.state({ id, module: m.module, index: m.index });
      expect(Object.keys(m.state).sort()).toEqual(Object.keys(state).sort());
    }
  });

  it('fails as systems.get does for a room that does not exist', async () => {
    const open = await services.api.systems.open({ id: 'sys-nowhere' }).catch((e: { code: string }) => e);
    const get = await services.api.systems.get({ id: 'sys-nowhere' }).catch((e: { code: string }) => e);
    expect((open as { code: string }).code).toBe((get as { code: string }).code);
  });
});
