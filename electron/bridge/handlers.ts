import { LinkHealth, observed } from '../link/health.ts';
import type { SignOutMemory } from '../auth/sign-out-memory.ts';
import { ControlClient } from '../api/client.ts';
import { type Clock, systemClock } from '../api/clock.ts';
import { RoomdeckError } from '../api/errors.ts';
import { readStateValues } from '../api/tolerant.ts';
import { Capabilities, type Capability, outcomeOf as capabilityOutcome } from './capabilities.ts';
import { createOAuthContext } from '../auth/flows.ts';
import { Session, type SignInMode } from '../auth/session.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Settings } from '../store/settings.ts';
import type { TokenVault } from '../store/vault.ts';
import type { RoomdeckApi } from './contract.ts';
import type { AppConfig, SessionStatus } from './types.ts';

/**
 * The main process's implementation of every bridge verb, shared by the IPC and HTTP transports
 * (they validate arguments with the contract's schemas before calling in, and turn thrown errors
 * into `toBridgeError` bodies). Results match the contract's result schemas exactly, and nothing
 * returned here ever holds a token: session verbs report state, reason and the server's origin.
 */

export interface MainServicesOptions {
  config: ResolvedConfig;
  vault: TokenVault;
  settings: Settings;
  signInMode: SignInMode;
  /** system-browser: Electron's shell.openExternal. */
  openExternal?: (url: string) => Promise<void> | void;
  /** host-redirect: the browser host's callback URL (its redirect_uri). */
  hostCallbackUrl?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Overrides only `now` of the clock (tests). */
  now?: () => number;
  /** [0, 1) for retry jitter (tests). */
  random?: () => number;
  /** How long a started sign-in waits for the browser (default 5 minutes). */
  signInTimeoutMs?: number;
  /** Remembers an explicit sign-out across restarts (the next sign-in asks for the password). */
  signOutMemory?: SignOutMemory;
}

export interface MainServices {
  api: RoomdeckApi;
  /** host-redirect: the host's callback route passes the URL it was called with. */
  completeSignIn(callbackUrl: URL): Promise<void>;
  session: Session;
  /** The Control client, for main-process callers other than the bridge (e.g. diagnostics). */
  client: ControlClient;
  /** Settles when the vault has been read; every verb waits for it. */
  ready: Promise<void>;
  dispose(): void;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const { config, settings } = options;
  const clock = resolveClock(options);
  const oauth = createOAuthContext({
    serverUrl: config.serverUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: config.scope,
    timeoutMs: config.requestTimeoutMs,
    fetch: options.fetch,
    clock,
  });
  const session = new Session({
    oauth,
    vault: options.vault,
    serverUrl: config.serverUrl,
    clientId: config.clientId,
    signInMode: options.signInMode,
    openExternal: options.openExternal,
    hostCallbackUrl: options.hostCallbackUrl,
    serviceAccount: config.serviceAccount,
    clock,
    random: options.random,
    signInTimeoutMs: options.signInTimeoutMs,
    ...(options.signOutMemory ? { signOutMemory: options.signOutMemory } : {}),
  });
  // Every call's outcome tells the link-health model how the link to the service is.
  const link = new LinkHealth(clock);
  const client = observed(
    new ControlClient({
      baseUrl: config.serverUrl,
      auth: session,
      timeoutMs: config.requestTimeoutMs,
      fetch: options.fetch,
      clock,
    }),
    link,
  );
  const ready = session.restore();
  // A panel's first screen needs the service at once. Open the connection (and load the HTTP
  // client) while the window is still loading, not on the first request that waits for it.
  void ready
    .then(() => (session.status().state === 'signed-in' ? client.listZones({ limit: 1 }) : undefined))
    .catch(() => undefined);
  const usesPasswordGrant = config.serviceAccount !== undefined;

  /** Every verb waits for the vault to be read, so the first status is the real one. */
  const after =
    <A, R>(run: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      await ready;
      return run(args);
    };

  const status = (): SessionStatus => session.status();

  // What the account may do: probed at sign-in, corrected by every real request (capabilities.ts).
  const capabilities = new Capabilities(async (request) => {
    try {
      await client.probe(request);
      return 'allowed';
    } catch (err) {
      return capabilityOutcome(err);
    }
  });
  session.onChange((next) => {
    if (next.state !== 'signed-in') capabilities.reset();
  });
  const learning =
    <A, R>(capability: Capability, run: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      try {
        const result = await run(args);
        capabilities.learn(capability, true);
        return result;
      } catch (err) {
        if (capabilityOutcome(err) === 'forbidden') capabilities.learn(capability, false);
        throw err;
      }
    };

  const appConfig = (): AppConfig => ({
    serverUrl: config.serverUrl,
    embeddedSimulator: config.embeddedSimulator,
    systemId: config.systemId ?? settings.getSystemId(),
    systemLocked: config.systemId !== null,
    kiosk: config.kiosk,
    poll: { ...config.poll },
    panel: { ...config.panel },
  });

  const api: RoomdeckApi = {
    session: {
      status: after(async () => status()),
      link: after(async () => link.view()),
      signIn: after(async () => {
        if (usesPasswordGrant) {
          // Managed installs sign in unattended; the failure is already in the status.
          await session.signInWithPassword().catch(() => undefined);
          return { status: status(), navigateTo: null };
        }
        const start = await session.beginSignIn().catch((err: unknown) => {
          if (err instanceof RoomdeckError) return null;
          throw err;
        });
        return { status: status(), navigateTo: start?.navigateTo ?? null };
      }),
      signOut: after(async () => {
        await session.signOut();
        return status();
      }),
      capabilities: after(async () => {
        if (session.status().state === 'signed-in') await capabilities.refresh();
        return capabilities.view();
      }),
    },
    config: {
      get: after(async () => appConfig()),
      chooseSystem: after(async ({ systemId }) => {
        if (config.systemId !== null) throw new RoomdeckError('ROOMDECK_SYSTEM_LOCKED');
        settings.setSystemId(systemId);
        return appConfig();
      }),
    },
    systems: {
      list: after((a) =>
        client.listSystems({
          q: a.q,
          limit: a.limit,
          offset: a.offset,
          zoneId: a.zoneId,
          moduleId: a.moduleId,
        }),
      ),
      get: after((a) => client.getSystemDetail(a.id)),
      open: after(async (a) => {
        const [detail, types] = await Promise.all([client.getSystemDetail(a.id), client.types(a.id)]);
        const instances = Object.entries(types).flatMap(([module, count]) =>
          Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
        );
        const modules = await Promise.all(
          instances.map(async (m) => {
            const ref = { module: m.module, index: m.index };
            const [funcs, state] = await Promise.all([
              client.funcs(a.id, ref),
              // A module whose state cannot be read still gets its controls; the poller retries.
              client
                .systemState(a.id, ref)
                .then(readStateValues)
                .catch(() => ({})),
            ]);
            return { ...m, funcs, state };
          }),
        );
        return { detail, types, modules };
      }),
      create: after(learning('systems.create', (a) => client.createSystem(a.system))),
      update: after(learning('systems.update', (a) => client.updateSystem(a.id, a.version, a.changes))),
      remove: after(
        learning('systems.remove', async (a) => {
          await client.deleteSystem(a.id);
          return null;
        }),
      ),
      start: after(
        learning('systems.startStop', async (a) => {
          await client.startSystem(a.id);
          return null;
        }),
      ),
      stop: after(
        learning('systems.startStop', async (a) => {
          await client.stopSystem(a.id);
          return null;
        }),
      ),
      exec: after(
        learning('systems.exec', async (a) => ({
          result: await client.exec(a.id, {
            module: a.module,
            index: a.index,
            method: a.method,
            args: a.args,
          }),
        })),
      ),
      // The panel compares and shows these: JSON text ("true", "15") is read as what it encodes.
      state: after(async (a) =>
        readStateValues(
          await client.systemState(a.id, { module: a.module, index: a.index, lookup: a.lookup }),
        ),
      ),
      funcs: after((a) => client.funcs(a.id, { module: a.module, index: a.index })),
      count: after(async (a) => ({ count: await client.count(a.id, a.module) })),
      types: after((a) => client.types(a.id)),
      zones: after((a) => client.listZones({ q: a.q, limit: a.limit, offset: a.offset })),
    },
    modules: {
      list: after((a) =>
        client.listModules({
          q: a.q,
          limit: a.limit,
          offset: a.offset,
          systemId: a.systemId,
          dependencyId: a.dependencyId,
        }),
      ),
      get: after((a) => client.getModule(a.id)),
      create: after(learning('modules.create', (a) => client.createModule(a.module))),
      update: after(learning('modules.update', (a) => client.updateModule(a.id, a.changes))),
      remove: after(
        learning('modules.remove', async (a) => {
          await client.deleteModule(a.id);
          return null;
        }),
      ),
      start: after(
        learning('modules.startStop', async (a) => {
          await client.startModule(a.id);
          return null;
        }),
      ),
      stop: after(
        learning('modules.startStop', async (a) => {
          await client.stopModule(a.id);
          return null;
        }),
      ),
      ping: after(learning('modules.ping', (a) => client.ping(a.id))),
      state: after((a) => client.moduleState(a.id, a.lookup)),
      dependencies: after((a) => client.listDependencies({ q: a.q, limit: a.limit, offset: a.offset })),
    },
  };

  return {
    api,
    session,
    client,
    ready,
    completeSignIn: async (callbackUrl) => {
      await ready;
      await session.completeSignIn(callbackUrl);
    },
    dispose: () => session.dispose(),
  };
}

function resolveClock(options: MainServicesOptions): Clock {
  const clock = options.clock ?? systemClock;
  return options.now === undefined ? clock : { ...clock, now: options.now };
}
