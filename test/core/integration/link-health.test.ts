import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { type Fault, type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * The main process's link-health model, over real HTTP through the fault proxy: each fault puts the
 * link in the right state with the panel's words, the bridge reports it (session.link), and the
 * first answered call after the fault clears makes it live again.
 */
let sim: RunningSimulator;
let proxy: FaultProxy;
beforeAll(async () => {
  sim = await startSimulator({});
  proxy = await startFaultProxy(sim.url);
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

const CASES: [Fault, string, RegExp][] = [
  ['unavailable', 'degraded', /having trouble/],
  ['html-502', 'degraded', /having trouble/],
  ['malformed', 'degraded', /having trouble/],
  ['truncated', 'degraded', /having trouble/],
  ['refuse', 'unreachable', /not answering/],
  ['unauthorized', 'refused', /credentials/],
];

describe('the link to the service', () => {
  it.each(CASES)(
    '%s: the link is %s, said in the panel’s words, and live again after it clears',
    async (fault, state, words) => {
      const { services } = servicesFor(proxy.url, { config: { ...ciAccount, requestTimeoutMs: 2_000 } });
      try {
        await services.api.session.signIn({});
        await services.api.systems.list({});
        expect((await services.api.session.link({})).state).toBe('live');
        await proxy.set(fault);
        await expect(services.api.systems.list({})).rejects.toMatchObject({
          code: expect.stringMatching(/^ROOMDECK_/),
        });
        const view = await services.api.session.link({});
        expect(view).toMatchObject({ state, message: expect.stringMatching(words) });
        expect((await services.api.session.status({})).state).toBe('signed-in');
        await proxy.set('pass');
        await services.api.systems.list({});
        expect((await services.api.session.link({})).state).toBe('live');
      } finally {
        await proxy.set('pass');
        services.dispose();
      }
    },
  );

  it('a refusal the service answers (a missing room) leaves the link live', async () => {
    const { services } = servicesFor(proxy.url, { config: ciAccount });
    try {
      await services.api.session.signIn({});
      await expect(services.api.systems.get({ id: 'sys-missing' })).rejects.toMatchObject({
        code: 'ROOMDECK_NOT_FOUND',
      });
      expect((await services.api.session.link({})).state).toBe('live');
    } finally {
      services.dispose();
    }
  });
});
