import { ErrorCode } from '../../contract/error-codes.ts';
import { LinkHealth, observed } from '../link/health.ts';
import type { SignOutMemory } from '../auth/sign-out-memory.ts';
import { ControlClient } from '../api/client.ts';
import { type Clock, systemClock } from '../api/clock.ts';
import { RoomdeckError, toBridgeError } from '../api/errors.ts';
import { readStateValues } from '../api/tolerant.ts';
import { Capabilities, type Capability, outcomeOf as capabilityOutcome } from './capabilities.ts';
import { createOAuthContext } from '../auth/flows.ts';
import { type OpenSignInWindow, Session, type SignInMode } from '../auth/session.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { buildDiagnostics, diagnosticsFileName } from '../diagnostics/bundle.ts';
import { type DiagnosticsContext, platformOf } from '../diagnostics/collect.ts';
import { RoundTripHistogram } from '../diagnostics/histogram.ts';
import { PanelEnrolment } from '../enrolment/enrolment.ts';
import { PanelReports } from '../kiosk/panel-reports.ts';
import { logLink, logSession, refreshLogger } from '../log/events.ts';
import { createMemoryLog, type Log } from '../log/log.ts';
import type { Settings } from '../store/settings.ts';
import { createMemoryVault, type TokenVault } from '../store/vault.ts';
import { guardRoute } from './audience.ts';
import type { RoomdeckApi } from '../../contract/verbs.ts';
import type { AppConfig, BootView, RoomOpening, SessionStatus } from '../../contract/types.ts';
import { safeErrorBody } from './validate.ts';
import { DEFAULT_IDLE_TIMEOUT_MS, TechnicianGate } from '../technician/gate.ts';
import type { LockoutStore } from '../technician/lockout.ts';
import { isPinHash, parsePinHash } from '../technician/pin.ts';

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
  /** in-app-window (kiosk): opens the isolated sign-in window. */
  openSignInWindow?: OpenSignInWindow;
  /** The main process's HTTP: Electron's net.fetch (system proxy, OS certificates); Node's in tests. */
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
  /**
   * system-browser: where a kiosk's technician signs in (an in-app sign-in window); default
   * `openExternal`.
   */
  openTechnicianSignIn?: (url: string) => Promise<void> | void;
  /** Where sign-in, refresh, link and exec outcomes are logged (default: memory only). */
  log?: Log;
  /** What the diagnostics bundle says about the host (default: a browser host, no sources). */
  diagnostics?: DiagnosticsContext;
  /**
   * Where the technician PIN's lock-out is kept across restarts (store/lockout-file.ts, in the
   * data folder). Default: memory only, which a restart resets (tests).
   */
  technicianLockout?: LockoutStore;
}

export interface MainServices {
  /** The panel's route: on a kiosk, its technician verbs are refused while the PIN gate is closed. */
  api: RoomdeckApi;
  /**
   * The same verbs answered with the technician's own account (a kiosk's PIN-gated tools): every
   * verb but the gate's own (`technician.*`) is refused unless the gate is open. Transports serve it on a route of
   * its own (IPC `technician/domain:verb`, HTTP `/technician/bridge/…`).
   */
  technicianApi: RoomdeckApi;
  technician: TechnicianGate;
  /** host-redirect: the host's callback route passes the URL it was called with. */
  completeSignIn(callbackUrl: URL): Promise<void>;
  session: Session;
  /** The Control client, for main-process callers other than the bridge (e.g. diagnostics). */
  client: ControlClient;
  /** Settles when the vault has been read; every verb waits for it. */
  ready: Promise<void>;
  /** What the panel last reported (room, page, room in use): recovery and display-awake read it. */
  panelReports: PanelReports;
  /** The support page (`support_url`) of the room this panel shows, or null (external-links.ts). */
  roomSupportUrl(): Promise<string | null>;
  dispose(): void;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const { config, settings } = options;
  const clock = resolveClock(options);
  const log = options.log ?? createMemoryLog();
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
    ...(options.openSignInWindow ? { openSignInWindow: options.openSignInWindow } : {}),
    serviceAccount: config.serviceAccount,
    clock,
    random: options.random,
    signInTimeoutMs: options.signInTimeoutMs,
    ...(options.signOutMemory ? { signOutMemory: options.signOutMemory } : {}),
    onRefresh: refreshLogger(log),
    // A wall panel opens no browser, not even to end a login session.
    endSessionUrl: config.kiosk ? undefined : config.endSessionUrl,
  });
  const unlogSession = logSession(session, log);
  const panel = principal(session, options, clock, config.serviceAccount !== undefined);
  const { client } = panel;
  const unlogLink = logLink(panel.link, log);
  const enrolment = new PanelEnrolment({
    settings,
    session,
    configuredSystemId: config.systemId,
    supportContact: config.supportContact ?? null,
    now: () => new Date(clock.now()),
    log,
  });
  const ready = session.restore();

  // The technician on a kiosk: an account of their own, in memory only, behind the PIN gate.
  const technicianSession = new Session({
    oauth,
    vault: createMemoryVault(),
    serverUrl: config.serverUrl,
    clientId: config.clientId,
    signInMode: options.signInMode,
    openExternal: options.openTechnicianSignIn ?? options.openExternal,
    hostCallbackUrl: options.hostCallbackUrl,
    // On a kiosk the technician signs in in the same isolated window as the panel, never a browser.
    ...(options.openSignInWindow ? { openSignInWindow: options.openSignInWindow } : {}),
    clock,
    random: options.random,
    signInTimeoutMs: options.signInTimeoutMs,
    // A panel is shared: every technician types their own password, whatever the browser remembers.
    signOutMemory: { load: async () => true, save: async () => undefined },
  });
  const pinHash = config.kiosk && config.technicianPin ? parsePinHash(config.technicianPin) : null;
  const technician = new TechnicianGate({
    pinHash: pinHash !== null && isPinHash(pinHash) ? pinHash : null,
    idleTimeoutMs: (config.technicianIdleS ?? DEFAULT_IDLE_TIMEOUT_MS / 1000) * 1000,
    session: technicianSession,
    clock,
    log,
    ...(options.technicianLockout ? { store: options.technicianLockout } : {}),
  });
  // The technician's own account signing in and out, beside the panel's.
  const unlogTechnician = logSession(technicianSession, log, 'technician ');
  const panelReports = new PanelReports();
  const shared: Shared = {
    config,
    clock,
    settings,
    ready,
    technician,
    panelReports,
    enrolment,
    log,
    pollRoundTrips: new RoundTripHistogram(),
    diagnostics: options.diagnostics,
  };
  // Every route's verbs go through guardRoute: on a kiosk, technician verbs need the PIN gate open
  // on the panel's route too, whatever transport carries them (audience.ts).
  const api = guardRoute(buildApi(panel, shared), { route: 'panel', kiosk: config.kiosk, gate: technician });
  // A panel's first screen needs its room at once. Open it while the window is still loading (the
  // connections, the token, the code paths): the page's own boot call then finds the host warm,
  // which halves what that call takes on a fresh start. The answer is dropped; the page gets a
  // fresh one. Signed out or no room bound: the connection alone.
  void ready
    .then(async () => {
      if (session.status().state !== 'signed-in') return;
      const systemId = config.systemId ?? settings.getSystemId();
      if (systemId === null) await client.listZones({ limit: 1 });
      else await api.systems.open({ id: systemId });
    })
    .catch(() => undefined);
  const technicianApi = guardRoute(
    // A technician always types their own password: never the panel's managed account.
    buildApi(principal(technicianSession, options, clock, false), shared),
    { route: 'technician', kiosk: config.kiosk, gate: technician },
  );

  return {
    api,
    technicianApi,
    technician,
    session,
    client,
    ready,
    panelReports,
    completeSignIn: async (callbackUrl) => {
      await ready;
      // One callback route serves both sessions: the sign-in whose state it carries takes it.
      if (technicianSession.awaitsCallback(callbackUrl)) await technicianSession.completeSignIn(callbackUrl);
      else await session.completeSignIn(callbackUrl);
    },
    roomSupportUrl: async () => {
      const systemId = config.systemId ?? settings.getSystemId();
      if (systemId === null || session.status().state !== 'signed-in') return null;
      return (await client.getSystem(systemId)).support_url ?? null;
    },
    dispose: () => {
      unlogSession();
      unlogTechnician();
      unlogLink();
      technician.dispose();
      technicianSession.dispose();
      session.dispose();
    },
  };
}

/** Who a set of verbs acts as: a session, its client, what it may do, and how its link is. */
interface Principal {
  session: Session;
  client: ControlClient;
  link: LinkHealth;
  capabilities: Capabilities;
  usesPasswordGrant: boolean;
}

interface Shared {
  config: ResolvedConfig;
  clock: Clock;
  settings: Settings;
  ready: Promise<void>;
  technician: TechnicianGate;
  /** Where the panel says it is (room, page, in use): the kiosk's watchdog and display-awake read it. */
  panelReports: PanelReports;
  /** The panel's own binding (its room, its account): settings go through it. */
  enrolment: PanelEnrolment;
  log: Log;
  pollRoundTrips: RoundTripHistogram;
  diagnostics: DiagnosticsContext | undefined;
}

function principal(
  session: Session,
  options: MainServicesOptions,
  clock: Clock,
  usesPasswordGrant: boolean,
): Principal {
  const { config } = options;
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
  return { session, client, link, capabilities, usesPasswordGrant };
}

function buildApi(who: Principal, shared: Shared): RoomdeckApi {
  const { session, client, link, capabilities, usesPasswordGrant } = who;
  const { config, clock, settings, ready, technician, panelReports, enrolment, log, pollRoundTrips } = shared;

  /** Every verb waits for the vault to be read, so the first status is the real one. */
  const after =
    <A, R>(run: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      await ready;
      return run(args);
    };

  const status = (): SessionStatus => session.status();

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
    systemLocked: config.systemId !== null || enrolment.bound,
    kiosk: config.kiosk,
    poll: { ...config.poll },
    panel: { ...config.panel },
  });

  /**
   * The room as a panel draws it. The module list (types) is asked for beside the record, and each
   * module's funcs and state as soon as the list is in, without waiting for the record.
   */
  const openRoom = async (id: string): Promise<RoomOpening> => {
    const types = client.types(id);
    const detail = client.getSystemDetail(id);
    // Both are awaited below; a failure of one must not go unhandled while the other is awaited.
    detail.catch(() => undefined);
    const modules = types.then((counts) =>
      Promise.all(
        Object.entries(counts)
          .flatMap(([module, count]) =>
            Array.from({ length: count }, (_, i) => ({ module, index: i + 1, count })),
          )
          .map(async (m) => {
            const ref = { module: m.module, index: m.index };
            const [funcs, state] = await Promise.all([
              client.funcs(id, ref),
              // A module whose state cannot be read still gets its controls; the poller retries.
              client
                .systemState(id, ref)
                .then(readStateValues)
                .catch(() => ({})),
            ]);
            return { ...m, funcs, state };
          }),
      ),
    );
    modules.catch(() => undefined);
    return { detail: await detail, types: await types, modules: await modules };
  };

  const boot = async (): Promise<BootView> => {
    const config = appConfig();
    const systemId = config.systemId;
    if (status().state !== 'signed-in' || systemId === null)
      return { status: status(), config, opening: null };
    const opening = await openRoom(systemId).then(
      (room) => ({ systemId, room }),
      (err: unknown) => ({ systemId, failure: safeErrorBody(err) }),
    );
    // After the room: a refusal while opening it may have ended the session, which the status says.
    return { status: status(), config: appConfig(), opening };
  };

  const api: RoomdeckApi = {
    session: {
      status: after(async () => status()),
      boot: after(boot),
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
      cancelSignIn: after(async () => {
        session.cancelSignIn();
        return status();
      }),
      reopenSignIn: after(async () => {
        const again = await session.reopenSignIn();
        if (again !== null) return { status: status(), navigateTo: again.navigateTo };
        // Nothing in progress any more (it timed out, or finished): a new sign-in is what was meant.
        return api.session.signIn({});
      }),
      capabilities: after(async () => {
        if (session.status().state === 'signed-in') await capabilities.refresh();
        return capabilities.view();
      }),
    },
    config: {
      get: after(async () => appConfig()),
      chooseSystem: after(async ({ systemId }) => {
        if (config.systemId !== null) throw new RoomdeckError(ErrorCode.ROOMDECK_SYSTEM_LOCKED);
        enrolment.chooseSystem(systemId);
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
      open: after(async (a) => openRoom(a.id)),
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
        learning('systems.exec', async (a) => {
          try {
            return {
              result: await client.exec(a.id, {
                module: a.module,
                index: a.index,
                method: a.method,
                args: a.args,
              }),
            };
          } catch (err) {
            // Which command failed and why, never its arguments (a keypad's PIN is an argument).
            const { code, message } = toBridgeError(err);
            log.warn('exec failed', {
              systemId: a.id,
              module: a.module,
              index: a.index,
              method: a.method,
              code,
              message,
            });
            throw err;
          }
        }),
      ),
      // The panel compares and shows these: JSON text ("true", "15") is read as what it encodes.
      state: after(async (a) => {
        const started = clock.now();
        try {
          const state = await client.systemState(a.id, {
            module: a.module,
            index: a.index,
            lookup: a.lookup,
          });
          pollRoundTrips.record(clock.now() - started, true);
          return readStateValues(state);
        } catch (err) {
          pollRoundTrips.record(clock.now() - started, false);
          throw err;
        }
      }),
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
    technician: {
      status: after(async () => technician.status()),
      unlock: after(({ pin }) => technician.unlock(pin)),
      signIn: after(async () => {
        const start = await technician.signIn().catch((err: unknown) => {
          if (err instanceof RoomdeckError && err.code !== ErrorCode.ROOMDECK_TECHNICIAN_LOCKED) return null;
          throw err;
        });
        return { status: technician.status().session, navigateTo: start?.navigateTo ?? null };
      }),
      deviceSignIn: after(async () => {
        const device = await technician.deviceSignIn().catch((err: unknown) => {
          // Not offered, or the service unreachable: the status carries why; the drawer offers the other way.
          if (err instanceof RoomdeckError && err.code !== ErrorCode.ROOMDECK_TECHNICIAN_LOCKED) return null;
          throw err;
        });
        return { status: technician.status().session, device };
      }),
      touch: after(async () => {
        technician.touch();
        return technician.status();
      }),
      close: after(async () => {
        await technician.close();
        return technician.status();
      }),
    },
    panel: {
      // Needs no session: a signed-out panel still sends its heartbeat (the watchdog listens).
      report: async (report) => {
        panelReports.record(report);
        return null;
      },
    },
    enrolment: {
      status: after(async () => enrolment.view()),
      begin: after(async () => {
        await enrolment.begin();
        return { view: enrolment.view(), status: status() };
      }),
      unenrol: after(async () => {
        await enrolment.unenrol();
        return { view: enrolment.view(), status: status() };
      }),
    },
    diagnostics: {
      export: after(async () => {
        const now = new Date(clock.now());
        const context = shared.diagnostics;
        log.info('diagnostics exported');
        const bundle = buildDiagnostics({
          now,
          versions: context?.versions ?? {},
          platform: platformOf(context?.host ?? 'browser-host'),
          // Redacted by buildDiagnostics: secrets show as "[redacted]", never their values.
          config: { ...config },
          configSources: { ...(context?.configSources ?? {}) },
          configProblems: [...(context?.configProblems ?? [])],
          session: { ...status(), enrolment: enrolment.view() },
          link: { ...link.view() },
          pollRoundTrips: pollRoundTrips.snapshot(),
          // The browser host has no updater; a desktop app without a feed says `disabled`.
          updates: context?.updates?.() ?? { state: 'not in this host' },
          logLines: log.recent(),
        });
        return { fileName: diagnosticsFileName(now), bundle };
      }),
    },
  };
  return api;
}

function resolveClock(options: MainServicesOptions): Clock {
  const clock = options.clock ?? systemClock;
  return options.now === undefined ? clock : { ...clock, now: options.now };
}
