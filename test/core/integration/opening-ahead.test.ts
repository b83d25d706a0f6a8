import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../../core/bridge/handlers.ts';
import { createMemoryVault, type StoredTokens, type TokenVault } from '../../../core/store/vault.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { ciAccount, memorySettings, servicesFor } from '../../support/services.ts';

const ROOM = 'sys-huddle-3-2';

/**
 * A fresh start with the browser already open: the host serves the page before it has read its
 * vault. The page's room is opened once, ahead of its boot, and the boot takes that opening.
 */
describe('the room opened ahead of a page served before the vault is read', () => {
  let sim: RunningSimulator;
  let stored: StoredTokens;
  beforeAll(async () => {
    sim = await startSimulator({});
    // Tokens as a previous run left them in the vault.
    const vault = createMemoryVault();
    const { services } = servicesFor(sim.url, { config: ciAccount, vault });
    await services.api.session.signIn({});
    const tokens = await vault.load();
    services.dispose();
    if (tokens === null) throw new Error('signing in stored no tokens');
    stored = tokens;
  });
  afterAll(async () => {
    await sim.close();
  });

  /** Services whose vault answers only once `readVault()` is called, counting what they ask the service. */
  function startingServices(): { services: MainServices; readVault: () => void; asked: string[] } {
    let readVault!: () => void;
    const vaultRead = new Promise<void>((resolve) => {
      readVault = resolve;
    });
    const memory = createMemoryVault(stored);
    const vault: TokenVault = { ...memory, load: async () => vaultRead.then(() => memory.load()) };
    const asked: string[] = [];
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    }) as typeof fetch;
    const { services } = servicesFor(sim.url, {
      config: ciAccount,
      vault,
      settings: memorySettings(ROOM),
      fetch: counting,
    });
    return { services, readVault, asked };
  }

  const typesAsked = (asked: string[]) => asked.filter((path) => path.endsWith(`/${ROOM}/types`)).length;

  it('opens the room once, and the page’s boot answers with that opening', async () => {
    const { services, readVault, asked } = startingServices();
    try {
      // The page is served while the vault is still being read: every session reads as signed out.
      services.pageServed();
      expect(services.session.status().state).toBe('signed-out');
      readVault();
      await services.ready;
      const boot = await services.api.session.boot({});
      expect(boot.status.state).toBe('signed-in');
      if (boot.opening === null || !('room' in boot.opening)) throw new Error('the boot opened no room');
      expect(boot.opening.room.detail.system.id).toBe(ROOM);
      // One opening: the one started for the page, which its boot took.
      expect(typesAsked(asked)).toBe(1);
    } finally {
      services.dispose();
    }
  });

  it('with no page yet, warms up by opening the room, and a boot later opens it afresh', async () => {
    const { services, readVault, asked } = startingServices();
    try {
      readVault();
      await services.ready;
      await expect.poll(() => typesAsked(asked)).toBe(1);
      const boot = await services.api.session.boot({});
      if (boot.opening === null || !('room' in boot.opening)) throw new Error('the boot opened no room');
      expect(typesAsked(asked)).toBe(2);
    } finally {
      services.dispose();
    }
  });
});
