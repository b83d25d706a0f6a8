import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { ciAccount, memorySettings, servicesFor } from '../../support/services.ts';

/** The support page the main process lets the window open externally: the room's own, from the service. */
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({});
});
afterAll(async () => {
  await sim.close();
});

describe("the room's support page", () => {
  it('is the support_url of the room the panel shows, and none before a room is chosen or when signed out', async () => {
    const settings = memorySettings();
    const { services } = servicesFor(sim.url, { config: ciAccount, settings });
    try {
      expect(await services.roomSupportUrl()).toBeNull();
      await services.api.session.signIn({});
      expect(await services.roomSupportUrl()).toBeNull();
      await services.api.config.chooseSystem({ systemId: 'sys-harbour-boardroom' });
      expect(await services.roomSupportUrl()).toBe('https://control.demo.local/rooms/harbour-boardroom');
      await services.api.config.chooseSystem({ systemId: 'sys-huddle-3-2' });
      expect(await services.roomSupportUrl()).toBe('https://control.demo.local/rooms/huddle-3-2');
      await services.api.session.signOut({});
      expect(await services.roomSupportUrl()).toBeNull();
    } finally {
      services.dispose();
    }
  });
});
