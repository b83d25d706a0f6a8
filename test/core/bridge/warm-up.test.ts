import { describe, expect, it, vi } from 'vitest';
import { createMainServices } from '../../../core/bridge/handlers.ts';
import { createMemoryVault } from '../../../core/store/vault.ts';
import { fakeFetch, json } from '../../support/fake-fetch.ts';
import { memorySettings, testConfig } from '../../support/services.ts';
import { sampleTokens } from '../../support/tokens.ts';

const SERVER = 'http://127.0.0.1:4010';

function start(stored: ReturnType<typeof sampleTokens> | null) {
  const fetch = fakeFetch(() => json([], 200, { 'x-total-count': '0' }));
  const services = createMainServices({
    // The legacy generation, configured: with `auto` the first request would ask /auth/authority.
    config: testConfig(SERVER, { service: { api: 'legacy' } }),
    vault: createMemoryVault(stored),
    settings: memorySettings(),
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:9/callback',
    fetch,
    now: () => sampleTokens().issuedAt + 60_000,
  });
  return { services, fetch };
}

describe('start-up', () => {
  it('opens the connection to the service as soon as a stored session is restored', async () => {
    const { services, fetch } = start(sampleTokens({ server: SERVER }));
    await services.ready;
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(1));
    const [call] = fetch.calls;
    expect(call?.url.pathname).toBe('/api/control/zones');
    expect(call?.url.searchParams.get('limit')).toBe('1');
    expect(call?.headers.get('authorization')).toMatch(/^bearer /i);
    services.dispose();
  });

  it('sends nothing before anyone has signed in', async () => {
    const { services, fetch } = start(null);
    await services.ready;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.calls).toHaveLength(0);
    services.dispose();
  });
});
