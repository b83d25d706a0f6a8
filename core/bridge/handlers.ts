import type { RoomdeckApi } from '../../contract/verbs.ts';
import { type Clock, systemClock } from '../api/clock.ts';
import type { ControlClient } from '../api/client.ts';
import { ServiceGeneration } from '../api/generation.ts';
import { createOAuthContext } from '../auth/flows.ts';
import { type OpenSignInWindow, Session, type SignInMode } from '../auth/session.ts';
import type { SignOutMemory } from '../auth/sign-out-memory.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { DiagnosticsContext } from '../diagnostics/collect.ts';
import { RoundTripHistogram } from '../diagnostics/histogram.ts';
import { PanelEnrolment } from '../enrolment/enrolment.ts';
import { PanelReports } from '../kiosk/panel-reports.ts';
import { logLink, logSession, refreshLogger } from '../log/events.ts';
import { createLiveFeeds } from '../live/index.ts';
import { createMemoryLog, type Log } from '../log/log.ts';
import type { Settings } from '../store/settings.ts';
import { createMemoryVault, type TokenVault } from '../store/vault.ts';
import { DEFAULT_IDLE_TIMEOUT_MS, TechnicianGate } from '../technician/gate.ts';
import type { LockoutStore } from '../technician/lockout.ts';
import { isPinHash, parsePinHash } from '../technician/pin.ts';
import { guardRoute } from './audience.ts';
import { LiveChannel, type LiveRoute } from './live-channel.ts';
import { liveSeed, type MakeLiveFeeds } from './live-seed.ts';
import { type Principal, principal } from './principal.ts';
import { buildApi, type SharedServices } from './verbs/api.ts';
import { appConfigOf } from './verbs/config.ts';
import { FirstLanguage } from '../page/first-language.ts';
import { OpeningAhead } from '../page/opening-ahead.ts';

/**
 * The main process's services and every bridge verb, shared by the IPC and HTTP transports (they
 * validate arguments with the contract's schemas before calling in, and turn thrown errors into
 * `toBridgeError` bodies). This file only assembles: it builds the sessions, the PIN gate and the
 * panel's binding, and hands them to each domain's verbs (verbs/<domain>.ts, one per contract
 * domain, put together by verbs/api.ts). Results match the contract's result schemas exactly, and nothing returned ever holds a
 * token: session verbs report state, reason and the server's origin.
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
   * Where the technician PIN's lock-out is kept across restarts (core/technician/lockout-file.ts, in the
   * data folder). Default: memory only, which a restart resets (tests).
   */
  technicianLockout?: LockoutStore;
  /**
   * Makes a session's live feeds (default core/live's control websocket; tests pass a fake). With
   * `service.live` off there is no socket and the pages poll.
   */
  liveFeeds?: MakeLiveFeeds;
  /** The OS's preferred languages (Electron's app.getPreferredSystemLanguages); none in the browser host. */
  systemLanguages?: () => readonly string[];
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
  /**
   * host-redirect: the host's callback route passes the URL it was called with; 'technician' when
   * it ended a kiosk technician's sign-in (in a window of its own, over the panel).
   */
  completeSignIn(callbackUrl: URL): Promise<void | 'technician'>;
  session: Session;
  /** The Control client, for main-process callers other than the bridge (e.g. diagnostics). */
  client: ControlClient;
  /** Settles when the vault has been read; every verb waits for it. */
  ready: Promise<void>;
  /** What the panel last reported (room, page, room in use): recovery and display-awake read it. */
  panelReports: PanelReports;
  /** The support page (`support_url`) of the room this panel shows, or null (external-links.ts). */
  roomSupportUrl(): Promise<string | null>;
  /** The panel's live events, for the transports (IPC to the app window, the host's event stream). */
  live: LiveRoute;
  /** The language the next page will speak first, to preload its catalogue (core/page). */
  firstLanguage: FirstLanguage;
  /** A host is serving the app's page: the bound room starts opening for its boot (core/page). */
  pageServed(): void;
  /** The technician's (their own session): events flow only while the PIN gate is open. */
  technicianLive: LiveRoute;
  dispose(): void;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const { config, settings } = options;
  const clock = resolveClock(options);
  const log = options.log ?? createMemoryLog();
  // Which API generation the service speaks (`service.api`): asked once, for every client and sign-in.
  const generation = new ServiceGeneration({
    baseUrl: config.serverUrl,
    choice: config.service?.api ?? 'auto',
    timeoutMs: config.requestTimeoutMs,
    fetch: options.fetch,
    clock,
  });
  const oauth = createOAuthContext({
    serverUrl: config.serverUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: config.scope,
    timeoutMs: config.requestTimeoutMs,
    fetch: options.fetch,
    clock,
    generation,
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
  const panel = principal(session, {
    config,
    clock,
    fetch: options.fetch,
    usesPasswordGrant: config.serviceAccount !== undefined,
    generation,
  });
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
  const appConfig = appConfigOf({ config, settings, enrolment, systemLanguages: options.systemLanguages });
  const firstLanguage = new FirstLanguage(appConfig);
  const shared: SharedServices = {
    config,
    clock,
    ready,
    technician,
    panelReports,
    enrolment,
    appConfig,
    firstLanguage,
    log,
    pollRoundTrips: new RoundTripHistogram(),
    diagnostics: options.diagnostics,
  };
  // Every route's verbs go through guardRoute: on a kiosk, technician verbs need the PIN gate open
  // on the panel's route too, whatever transport carries them (audience.ts).
  // One live channel per session: the panel's, and on a kiosk the technician's own (below).
  const liveOn = config.service?.live === 'on';
  const makeFeeds = options.liveFeeds ?? createLiveFeeds;
  const liveChannel = (who: Principal, allowed?: () => boolean): LiveChannel =>
    new LiveChannel({
      session: who.session,
      enabled: liveOn,
      ...(allowed ? { allowed } : {}),
      log,
      create: async () =>
        makeFeeds(
          await liveSeed({
            serviceUrl: config.serverUrl,
            tokens: who.session,
            client: who.client,
            link: who.link,
            clock,
            random: options.random ?? Math.random,
            log,
          }),
        ),
    });
  const panelLive = liveChannel(panel);
  const openingAhead = new OpeningAhead(() => clock.now());
  const api = guardRoute(buildApi(panel, shared, panelLive, openingAhead), {
    route: 'panel',
    kiosk: config.kiosk,
    gate: technician,
  });
  // A page served on a fresh start usually arrives before the vault has been read (the browser is
  // already open when the host announces itself): its room is opened ahead once the session is
  // known, and its boot takes that opening instead of opening the room a second time.
  let pageWaiting = false;
  const openAheadForPage = (): void => {
    const { systemId } = appConfig();
    if (systemId === null || session.status().state !== 'signed-in') return;
    openingAhead.start(systemId, (id) => api.systems.open({ id }));
  };
  // A panel's first screen needs its room at once. Open it while no window has asked yet (the
  // connections, the token, the code paths): the page's own boot call then finds the host warm,
  // which halves what that call takes on a fresh start. The answer is dropped (the page gets a
  // fresh one) but for the room's language: the page's catalogue is named with its first bytes
  // (firstLanguage). A page already waiting has its room opened ahead instead (above): opening it
  // twice at once would only slow both. Signed out: nothing. No room bound: the connection alone,
  // for the room list the page is about to ask for.
  void ready
    .then(async () => {
      if (session.status().state !== 'signed-in') return;
      const { systemId } = appConfig();
      if (systemId === null) await client.listZones({ limit: 1 });
      else if (!pageWaiting) await api.session.boot({});
    })
    .catch(() => undefined);
  // A technician always types their own password: never the panel's managed account.
  const technicianPrincipal = principal(technicianSession, {
    config,
    clock,
    fetch: options.fetch,
    usesPasswordGrant: false,
    generation,
  });
  // The technician's events reach a page only while the gate is open, as their verbs do.
  const technicianLive = liveChannel(technicianPrincipal, () => technician.open);
  const technicianApi = guardRoute(buildApi(technicianPrincipal, shared, technicianLive), {
    route: 'technician',
    kiosk: config.kiosk,
    gate: technician,
  });
  // A restored session opens its channel once the vault is read; sign-in and sign-out after that.
  void ready.then(() => panelLive.sync()).catch(() => undefined);

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
      if (!technicianSession.awaitsCallback(callbackUrl)) return session.completeSignIn(callbackUrl);
      await technicianSession.completeSignIn(callbackUrl);
      return 'technician';
    },
    live: panelLive,
    technicianLive,
    firstLanguage,
    pageServed: () => {
      pageWaiting = true;
      // Once the vault has been read: before then every session reads as signed out.
      void ready.then(openAheadForPage).catch(() => undefined);
    },
    roomSupportUrl: async () => {
      const systemId = config.systemId ?? settings.getSystemId();
      if (systemId === null || session.status().state !== 'signed-in') return null;
      return (await client.getSystem(systemId)).support_url ?? null;
    },
    dispose: () => {
      // The sockets close for good (quit); nothing waits on them.
      void panelLive.close();
      void technicianLive.close();
      unlogSession();
      unlogTechnician();
      unlogLink();
      technician.dispose();
      technicianSession.dispose();
      session.dispose();
    },
  };
}

function resolveClock(options: MainServicesOptions): Clock {
  const clock = options.clock ?? systemClock;
  return options.now === undefined ? clock : { ...clock, now: options.now };
}
