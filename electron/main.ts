import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { signOutMarkerFile } from './auth/sign-out-memory.ts';
import { createMainServices, type MainServices } from './bridge/handlers.ts';
import { registerIpcBridge } from './bridge/ipc.ts';
import { dataDirOf, loadConfigKeepingLastGood } from './config/last-good.ts';
import type { ResolvedConfig } from './config/schema.ts';
import { type DiagnosticsContext, logStart, STOPPED } from './diagnostics/collect.ts';
import { createFileLog, createMemoryLog, type Log } from './log/log.ts';
import { createSafeStorageVault } from './store/safe-storage-vault.ts';
import { createSettings } from './store/settings.ts';
import { appUrlMatcher } from './window/app-origin.ts';
import { lockNavigation } from './window/navigation.ts';
import { windowOptions } from './window/preferences.ts';
import { applyCsp, denyAllPermissions } from './window/session.ts';

/**
 * The Electron glue, kept thin: everything it composes is plain TypeScript tested in Node.
 * Order matters: config and sandboxing before `ready`; session policy before the first window.
 */

const here = import.meta.dirname;
const preloadPath = path.join(here, 'preload.cjs');
const rendererIndex = path.join(here, '..', 'renderer', 'index.html');
/** Development only: load the renderer from Vite's dev server instead of the build. */
const devServerUrl = app.isPackaged ? undefined : process.env.ROOMDECK_RENDERER_URL;

let window: BrowserWindow | null = null;
const cleanups: (() => Promise<void> | void)[] = [];
/** Memory until the data directory is known, then `<data dir>/logs/roomdeck.log`. */
let log: Log = createMemoryLog();
let diagnostics: DiagnosticsContext = {
  host: 'electron',
  versions: {},
  configSources: {},
  configProblems: [],
};

function fail(err: unknown): never {
  log.error('cannot start', { error: err });
  dialog.showErrorBox('Roomdeck cannot start', err instanceof Error ? err.message : String(err));
  app.exit(2);
  throw err;
}

async function withEmbeddedSimulator(config: ResolvedConfig): Promise<ResolvedConfig> {
  // A packaged app started without a service (a demo laptop): run the demo building in-process.
  if (!config.embeddedSimulator || config.serverUrl !== '') return config;
  const { startSimulator } = await import('../simulator/server.ts');
  const simulator = await startSimulator({ port: 0 });
  cleanups.push(() => simulator.close());
  return { ...config, serverUrl: simulator.url };
}

function createServices(config: ResolvedConfig): MainServices {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'vault', cwd: config.dataDir });
  return createMainServices({
    config,
    vault: createSafeStorageVault({ safeStorage, store, allowInsecure: config.allowInsecureVault }),
    settings: createSettings({ dataDir: config.dataDir }),
    signInMode: 'system-browser',
    openExternal: (url) => shell.openExternal(url),
    signOutMemory: signOutMarkerFile(path.join(config.dataDir, 'signed-out')),
    log,
    diagnostics,
  });
}

function createWindow(config: ResolvedConfig, appUrl: string): BrowserWindow {
  const win = new BrowserWindow(
    windowOptions({ preloadPath, kiosk: config.kiosk, devTools: !app.isPackaged }),
  );
  if (config.kiosk) win.removeMenu();
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    window = null;
  });
  // A crashed or killed renderer is logged and reloaded: a wall panel must come back by itself.
  win.webContents.on('render-process-gone', (_event, details) => {
    log.error('crashed: renderer process gone', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason !== 'clean-exit' && !win.isDestroyed()) {
      void win.loadURL(appUrl).then(() => log.info('recovered: renderer reloaded'));
    }
  });
  void win.loadURL(appUrl);
  return win;
}

async function start(): Promise<void> {
  const argv = process.argv.slice(app.isPackaged ? 1 : 2);
  let config: ResolvedConfig;
  try {
    const outcome = loadConfigKeepingLastGood({ argv, env: process.env, unknownFlags: 'ignore' }, dataDirOf);
    config = outcome.loaded.config;
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
    };
  } catch (err) {
    fail(err);
  }
  process.on('uncaughtException', (err) => log.error('crashed: uncaught exception in main', { error: err }));
  app.on('child-process-gone', (_event, details) =>
    log.error('crashed: child process gone', { type: details.type, reason: details.reason }),
  );
  // Chromium's own data lives with Roomdeck's, so one directory holds (and wipes) everything.
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
  config = await withEmbeddedSimulator(config).catch(fail);
  logStart(log, config, diagnostics);

  const appUrl = devServerUrl ?? pathToFileURL(rendererIndex).href;
  const isAppUrl = appUrlMatcher(appUrl);
  denyAllPermissions(session.defaultSession);
  applyCsp(session.defaultSession);
  // Every webContents, not just our window: anything that ever appears is locked the same way.
  app.on('web-contents-created', (_event, contents) => {
    lockNavigation(contents, {
      isAppUrl,
      openExternal: (url) => shell.openExternal(url),
      kiosk: config.kiosk,
    });
  });

  const services = createServices(config);
  cleanups.unshift(() => services.dispose());
  cleanups.unshift(
    registerIpcBridge({
      ipcMain,
      api: services.api,
      appContents: () => window?.webContents ?? null,
      isAppUrl,
    }),
  );

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

void start();
