import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../core/bridge/handlers.ts';
import { contract } from '../../../contract/verbs.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { GENERATIONS } from '../../support/generations.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

// The same room in both API generations (`service.api`).
describe.each(GENERATIONS)('%s generation', (api) => {
  let sim: RunningSimulator;
  let services: MainServices;
  beforeAll(async () => {
    sim = await startSimulator({});
    ({ services } = servicesFor(sim.url, { config: { ...ciAccount, service: { api } } }));
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

  describe('session.boot: the panel’s first screen in one bridge call', () => {
    it('is the status and configuration alone while no room is bound', async () => {
      await services.api.config.chooseSystem({ systemId: null });
      const boot = await services.api.session.boot({});
      expect(Value.Check(contract.session.boot.result, boot)).toBe(true);
      expect(boot.status).toEqual(await services.api.session.status({}));
      expect(boot.config).toEqual(await services.api.config.get({}));
      expect(boot.opening).toBeNull();
    });

    it('carries the bound room’s opening, the same as systems.open answers', async () => {
      const id = 'sys-harbour-boardroom';
      await services.api.config.chooseSystem({ systemId: id });
      const boot = await services.api.session.boot({});
      expect(Value.Check(contract.session.boot.result, boot)).toBe(true);
      expect(boot.config.systemId).toBe(id);
      if (boot.opening === null || !('room' in boot.opening)) throw new Error('no opening in the answer');
      expect(boot.opening.systemId).toBe(id);
      const opened = await services.api.systems.open({ id });
      expect(boot.opening.room.detail).toEqual(opened.detail);
      expect(boot.opening.room.types).toEqual(opened.types);
      expect(boot.opening.room.modules.map((m) => [m.module, m.index, m.funcs])).toEqual(
        opened.modules.map((m) => [m.module, m.index, m.funcs]),
      );
    });

    it('says why a bound room could not be opened, in the bridge’s own words, and still answers', async () => {
      await services.api.config.chooseSystem({ systemId: 'sys-nowhere' });
      const boot = await services.api.session.boot({});
      expect(Value.Check(contract.session.boot.result, boot)).toBe(true);
      const get = await services.api.systems
        .get({ id: 'sys-nowhere' })
        .catch((e: { code: string; message: string }) => e);
      expect(boot.status.state).toBe('signed-in');
      expect(boot.opening).toEqual({
        systemId: 'sys-nowhere',
        failure: { code: (get as { code: string }).code, message: (get as { message: string }).message },
      });
      await services.api.config.chooseSystem({ systemId: null });
    });

    it('asks for no room while signed out, even with one bound', async () => {
      const { services: signedOut } = servicesFor(sim.url, { config: { ...ciAccount, service: { api } } });
      try {
        await signedOut.api.config.chooseSystem({ systemId: 'sys-harbour-boardroom' });
        const boot = await signedOut.api.session.boot({});
        expect(boot.status.state).toBe('signed-out');
        expect(boot.opening).toBeNull();
      } finally {
        signedOut.dispose();
      }
    });
  });
});
