import type { ResolvedConfig } from '../../core/config/schema.ts';
import { createMainServices, type MainServicesOptions } from '../../core/bridge/handlers.ts';
import type { Enrolment, Settings } from '../../core/store/settings.ts';
import { createMemoryVault } from '../../core/store/vault.ts';

export function testConfig(serverUrl: string, over: Partial<ResolvedConfig> = {}): ResolvedConfig {
  return {
    serverUrl,
    embeddedSimulator: false,
    clientId: 'roomdeck',
    scope: 'public',
    systemId: null,
    kiosk: false,
    poll: { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 },
    panel: { screensaverAfterS: 120, stillUsingAfterS: 10_800, stillUsingAnswerS: 60 },
    allowInsecureVault: false,
    dataDir: '/nonexistent',
    requestTimeoutMs: 5_000,
    host: { address: '127.0.0.1', port: 0 },
    ...over,
  };
}

export const ciAccount = {
  clientId: 'roomdeck-ci',
  clientSecret: 'roomdeck-ci-secret',
  serviceAccount: { username: 'admin@demo.local', password: 'demo', authority: 'demo' },
};

export function memorySettings(initial: string | null = null): Settings {
  let systemId = initial;
  let enrolment: Enrolment | null = null;
  let enrolling = false;
  return {
    getSystemId: () => systemId,
    setSystemId: (id) => {
      systemId = id;
    },
    getEnrolment: () => enrolment,
    setEnrolment: (next) => {
      enrolment = next;
    },
    isEnrolling: () => enrolling,
    setEnrolling: (next) => {
      enrolling = next;
    },
  };
}

export interface TokenEndpointLog {
  /** grant_type of every call to the token endpoint, in order. */
  grants: string[];
  revocations: number;
}

/** Wraps fetch to record calls to the token and revocation endpoints. */
export function countingFetch(
  log: TokenEndpointLog = { grants: [], revocations: 0 },
): typeof fetch & { log: TokenEndpointLog } {
  const wrapped = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/auth/oauth/token')) {
      log.grants.push(new URLSearchParams(String(init?.body ?? '')).get('grant_type') ?? '?');
    }
    if (url.endsWith('/auth/oauth/revoke')) log.revocations++;
    return fetch(input, init);
  }) as typeof fetch;
  return Object.assign(wrapped, { log });
}

/** Main services against a running simulator, with memory vault and settings unless given. */
export type ServicesOverrides = Omit<Partial<MainServicesOptions>, 'config'> & {
  config?: Partial<ResolvedConfig>;
};

export function servicesFor(serverUrl: string, over: ServicesOverrides = {}) {
  const fetch = countingFetch();
  const { config, ...rest } = over;
  const services = createMainServices({
    config: testConfig(serverUrl, config),
    vault: createMemoryVault(),
    settings: memorySettings(),
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:9/callback',
    fetch,
    ...rest,
  });
  return { services, log: fetch.log };
}
