import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  powerSaveBlocker,
  session,
  shell,
} from 'electron';
import { systemClock } from '../core/api/clock.ts';
import { BRIDGE_ROUTES } from '../core/bridge/routes.ts';
import { LIVE_EVENT_CHANNEL } from '../contract/live.ts';
import { registerIpcBridge, sendLiveEvents } from './ipc.ts';
import { createDesktopServices } from './services.ts';
import { readCatalogueFiles, withCataloguePreload } from '../core/page/catalogue-preload.ts';
import type { MainServices } from '../core/bridge/handlers.ts';
import { dataDirOf, loadConfigKeepingLastGood } from '../core/config/last-good.ts';
import { type LoadedConfig, machineConfigFile } from '../core/config/load.ts';
import type { ResolvedConfig } from '../core/config/schema.ts';
import { chooseService } from '../core/config/service.ts';
import { type DiagnosticsContext, logStart, STOPPED } from '../core/diagnostics/collect.ts';
import { errorScreenLanguage } from '../core/kiosk/error-screen.ts';
import { type KioskRuntime, startKioskRuntime } from './kiosk/runtime.ts';
import { createFileLog, createMemoryLog, type Log } from '../core/log/log.ts';
import { ensurePrivateFolderSync } from '../core/store/private-folder.ts';
import type { UpdateStatus } from '../core/update/controller.ts';
import { startUpdates } from './update/start-updates.ts';
import { appUrlMatcher } from './window/app-origin.ts';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './window/app-protocol.ts';
import { bringToFrontOnSignIn } from './window/bring-to-front.ts';
import { chooseRenderer } from './window/dev-mode.ts';
import { guardExternalLinks, UserGestures } from './window/external-links.ts';
import { lockNavigation } from './window/navigation.ts';
import { windowOptions } from './window/preferences.ts';
import { applyCsp, denyAllPermissions } from './window/session.ts';
import { SIGN_IN_PARTITION } from './window/sign-in-window.ts';
import { showStartupFailure } from './window/startup-failure.ts';

/**
 * The Electron glue, kept thin: everything it composes is plain TypeScript tested in Node.
 * Order matters: the app: scheme and sandboxing before `ready`; session policy before the first
 * window. Any start-up failure ends on a screen that says what went wrong (startup-failure.ts).
 */

const here = import.meta.dirname;
const preloadPath = path.join(here, 'preload.cjs');
/** The built renderer, served as app://roomdeck/ (app-protocol.ts). */
const rendererRoot = path.join(here, '..', 'renderer');
const argv = process.argv.slice(app.isPackaged ? 1 : 2);
/** The bundle on app://, unless a developer asked for the dev server with --dev (dev-mode.ts). */
const renderer = chooseRenderer({ argv, env: process.env, isPackaged: app.isPackaged });

// Must happen before `ready`: a scheme's privileges cannot change once Chromium has started.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

let window: BrowserWindow | null = null;
/** Whether this is a wall panel, known from argv before the configuration loads (for failure screens). */
let kioskMode = argv.includes('--kiosk');
/** Set while a sign-in window is being constructed: its contents follow their own lock. */
let creatingSignInWindow = false;
/** Locks (kiosk) and supervises every window; set once the services exist. */
let kiosk: KioskRuntime | null = null;
const cleanups: (() => Promise<void> | void)[] = [];
/** Memory until the data directory is known, then `<data dir>/logs/roomdeck.log`. */
let log: Log = createMemoryLog();
let diagnostics: DiagnosticsContext = {
  host: 'electron',
  versions: {},
  configSources: {},
  configProblems: [],
};

async function withEmbeddedSimulator(loaded: LoadedConfig): Promise<ResolvedConfig> {
  const { config } = loaded;
  // No service configured: the demo building in-process only when asked for (--demo, or a
  // checkout); a packaged panel that lost its configuration says so instead.
  const choice = chooseService({
    serverUrl: config.serverUrl,
    demo: loaded.demo,
    packaged: app.isPackaged,
    machineConfigFile: machineConfigFile(process.platform, process.env),
  });
  if (choice.kind === 'configured') return config;
  if (choice.kind === 'unconfigured') throw new Error(choice.message);
  const { startSimulator } = await import('../simulator/server.ts');
  const simulator = await startSimulator({ port: 0 });
  cleanups.push(() => simulator.close());
  return { ...config, serverUrl: simulator.url };
}

function createWindow(config: ResolvedConfig, appUrl: string): BrowserWindow {
  const options = windowOptions({ preloadPath, kiosk: config.kiosk, devTools: renderer.devTools });
  // Locked by preferences.ts, judged there by scripts/electronegativity.mjs (window-options.ts).
  const win = new BrowserWindow(options); // eng-disable AUXCLICK_JS_CHECK CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK judged in the helper
  if (config.kiosk) win.removeMenu();
  kiosk?.adopt(win);
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    // A recovery opens the new window before the old one goes: only the current one clears it.
    if (window === win) window = null;
  });
  // Logged for diagnostics; the recovery itself is the kiosk runtime's (kiosk/recovery.ts).
  win.webContents.on('render-process-gone', (_event, details) =>
    log.error('crashed: renderer process gone', { reason: details.reason, exitCode: details.exitCode }),
  );
  void win.loadURL(appUrl);
  return win;
}

/** What the diagnostics bundle says of updates: the controller's status once one runs. */
let updateStatus: () => UpdateStatus = () => ({ state: 'disabled' });

/** The app: scheme serves dist/renderer and nothing else, with the same CSP as the browser host. */
function serveRenderer(services: () => Pick<MainServices, 'firstLanguage' | 'pageServed'> | null): void {
  const catalogues = readCatalogueFiles(rendererRoot);
  // The page's catalogue rides with its first bytes once the services can tell its language, and
  // its room opens meanwhile for its boot.
  const page = (html: string): string => {
    services()?.pageServed();
    const language = services()?.firstLanguage.guess([app.getLocale()]);
    return language === undefined ? html : withCataloguePreload(html, catalogues, language);
  };
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: rendererRoot, page }));
}

async function start(): Promise<void> {
  const outcome = loadConfigKeepingLastGood({ argv, env: process.env, unknownFlags: 'ignore' }, dataDirOf);
  let config = outcome.loaded.config;
  kioskMode = config.kiosk;
  log = createFileLog({ dir: path.join(config.dataDir, 'logs') });
  diagnostics = {
    host: 'electron',
    versions: {
      roomdeck: app.getVersion(),
      electron: process.versions.electron,
      chrome: process.versions.chrome,
      node: process.versions.node,
    },
    configSources: outcome.loaded.sources,
    configProblems: outcome.problems?.problems.map((p) => `${p.key} (${p.source}): ${p.message}`) ?? [],
    updates: () => updateStatus(),
  };
  process.on('uncaughtException', (err) => log.error('crashed: uncaught exception in main', { error: err }));
  app.on('child-process-gone', (_event, details) =>
    log.error('crashed: child process gone', { type: details.type, reason: details.reason }),
  );
  if (renderer.ignored !== null) console.warn(`Roomdeck: ${renderer.ignored}`);
  // Chromium's own data lives with Roomdeck's, so one directory holds (and wipes) everything;
  // tokens and profile alike are the user's alone (0700).
  ensurePrivateFolderSync(config.dataDir);
  app.setPath('userData', config.dataDir);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (window === null) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  await app.whenReady();
  if (config.kiosk) Menu.setApplicationMenu(null);
  config = await withEmbeddedSimulator(outcome.loaded);
  logStart(log, config, diagnostics);

  let served: MainServices | null = null;
  serveRenderer(() => served);
  const appUrl = renderer.appUrl;
  const isAppUrl = appUrlMatcher(appUrl);
  denyAllPermissions(session.defaultSession);
  denyAllPermissions(session.fromPartition(SIGN_IN_PARTITION));
  applyCsp(session.defaultSession);
  // Links leave the app only for the service's pages and the room's support page, on a gesture.
  const gestures = new UserGestures(() => Date.now());
  let openLink = (_url: string): Promise<void> => Promise.reject(new Error('Roomdeck is still starting.'));
  // Every webContents, not just our window: anything that ever appears is locked the same way.
  // The sign-in window's contents (created synchronously inside its constructor) are locked to the
  // service by sign-in-window.ts instead.
  app.on('web-contents-created', (_event, contents) => {
    if (creatingSignInWindow) return;
    contents.on('input-event', (_input, input) => gestures.record(input.type));
    lockNavigation(contents, {
      isAppUrl,
      openExternal: (url) =>
        openLink(url).catch((err: unknown) => {
          log.warn('a link was not opened', { reason: err instanceof Error ? err.message : String(err) });
        }),
      kiosk: config.kiosk,
    });
  });

  const services = createDesktopServices({
    config,
    log,
    diagnostics,
    createSignInWindow: (options) => {
      creatingSignInWindow = true;
      try {
        // signInWindowOptions(), locked by preferences.ts. Electronegativity cannot follow the call:
        // scripts/electronegativity.mjs has it judge what the helpers return (window-options.ts).
        return new BrowserWindow(options); // eng-disable AUXCLICK_JS_CHECK CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK judged in the helper
      } finally {
        creatingSignInWindow = false;
      }
    },
    parent: () => window ?? undefined,
  });
  served = services;
  openLink = guardExternalLinks({
    open: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK only the service's origin or the room's support page, after a gesture (external-links.ts)
    serviceUrl: config.serverUrl,
    supportUrl: () => services.roomSupportUrl(),
    gestures,
  });
  cleanups.unshift(() => services.dispose());
  // Each route's verbs, and its live events to the app window's page on the route's own channel.
  for (const route of BRIDGE_ROUTES) {
    const live = route.live(services);
    cleanups.unshift(
      registerIpcBridge({
        ipcMain,
        api: route.api(services),
        appContents: () => window?.webContents ?? null,
        isAppUrl,
        ...(route.prefix === undefined ? {} : { prefix: route.prefix }),
        ...(live === undefined ? {} : { live }),
      }),
    );
    if (live === undefined) continue;
    cleanups.unshift(
      sendLiveEvents({
        live,
        appContents: () => window?.webContents ?? null,
        channel: route.prefix === undefined ? LIVE_EVENT_CHANNEL : `${route.prefix}/${LIVE_EVENT_CHANNEL}`,
      }),
    );
  }
  cleanups.unshift(
    bringToFrontOnSignIn(
      services.session,
      () => window,
      () => app.focus({ steal: true }),
    ),
  );

  // The session and the room binding live in `services`: no recovery below touches them.
  kiosk = startKioskRuntime({
    app,
    powerSaveBlocker,
    reports: services.panelReports,
    config,
    clock: systemClock,
    appUrl,
    // The error screen speaks the panel's language: the managed one, else the OS's.
    language: errorScreenLanguage(config.panel.locale, app.getPreferredSystemLanguages()),
    current: () => window,
    open: (url) => {
      window = createWindow(config, url);
      return window;
    },
    signals: process,
  });
  cleanups.unshift(() => kiosk?.dispose());
  const updates = config.updates;
  if (updates?.url !== undefined) {
    startUpdates({
      updates: { ...updates, url: updates.url },
      reports: services.panelReports,
      // Beside app.asar in an installed app (electron-builder's extraResources); the repo's
      // resources/ when run from source, where electron-updater stays inactive anyway.
      keyDir: app.isPackaged ? process.resourcesPath : path.join(here, '..', '..', 'resources'),
      authorizeQuit: () => kiosk?.gate.authorize(),
      log,
    }).then(
      (controller) => {
        cleanups.unshift(() => controller.stop());
        updateStatus = () => controller.status();
      },
      (err: unknown) => log.error('updates could not start', { error: err }),
    );
  }
  window = createWindow(config, appUrl);
  app.on('activate', () => {
    if (window === null) window = createWindow(config, appUrl);
  });
}

app.on('window-all-closed', () => app.quit());
app.on('will-quit', (event) => {
  if (cleanups.length === 0) return;
  log.info(STOPPED);
  event.preventDefault();
  const pending = cleanups.splice(0).map(async (cleanup) => cleanup());
  void Promise.allSettled(pending).then(() => app.quit());
});

start().catch((err: unknown) =>
  showStartupFailure(err, {
    whenReady: () => app.whenReady(),
    // startupFailureWindowOptions(), locked by preferences.ts and judged there (window-options.ts).
    createWindow: (options) => new BrowserWindow(options), // eng-disable AUXCLICK_JS_CHECK CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK judged in the helper
    showErrorBox: (title, content) => dialog.showErrorBox(title, content),
    exit: (code) => app.exit(code),
    log: (message, error) => {
      log.error(message, { error });
      console.error(`Roomdeck: ${message}:`, error);
    },
    kiosk: kioskMode,
  }),
);
