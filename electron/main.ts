import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, safeStorage, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { signOutMarkerFile } from './auth/sign-out-memory.ts';
import { createMainServices, type MainServices } from './bridge/handlers.ts';
import { registerIpcBridge } from './bridge/ipc.ts';
import { type LoadedConfig, loadConfig, machineConfigFile } from './config/load.ts';
import type { ResolvedConfig } from './config/schema.ts';
import { chooseService } from './config/service.ts';
import { createSafeStorageVault } from './store/safe-storage-vault.ts';
import { createSettings } from './store/settings.ts';
import { appUrlMatcher } from './window/app-origin.ts';
import { guardExternalLinks, UserGestures } from './window/external-links.ts';
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

function fail(err: unknown): never {
  dialog.showErrorBox('Roomdeck cannot start', err instanceof Error ? err.message : String(err));
  app.exit(2);
  throw err;
}

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

function createServices(config: ResolvedConfig): MainServices {
  // A damaged vault.json means "signed out", not a crash; the file is the user's alone.
  const store = new ElectronStore<Record<string, unknown>>({
    name: 'vault',
    cwd: config.dataDir,
    clearInvalidConfig: true,
    configFileMode: 0o600,
  });
  return createMainServices({
    config,
    vault: createSafeStorageVault({ safeStorage, store, allowInsecure: config.allowInsecureVault }),
    settings: createSettings({ dataDir: config.dataDir }),
    signInMode: 'system-browser',
    openExternal: (url) => shell.openExternal(url),
    signOutMemory: signOutMarkerFile(path.join(config.dataDir, 'signed-out')),
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
  void win.loadURL(appUrl);
  return win;
}

async function start(): Promise<void> {
  const argv = process.argv.slice(app.isPackaged ? 1 : 2);
  let loaded: LoadedConfig;
  try {
    loaded = loadConfig({ argv, env: process.env, unknownFlags: 'ignore' });
  } catch (err) {
    fail(err);
  }
  let config = loaded.config;
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
  config = await withEmbeddedSimulator(loaded).catch(fail);

  const appUrl = devServerUrl ?? pathToFileURL(rendererIndex).href;
  const isAppUrl = appUrlMatcher(appUrl);
  denyAllPermissions(session.defaultSession);
  applyCsp(session.defaultSession);
  // Links leave the app only for the service's pages and the room's support page, on a gesture.
  const gestures = new UserGestures(() => Date.now());
  let openLink = (_url: string): Promise<void> => Promise.reject(new Error('Roomdeck is still starting.'));
  // Every webContents, not just our window: anything that ever appears is locked the same way.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('input-event', (_input, input) => gestures.record(input.type));
    lockNavigation(contents, {
      isAppUrl,
      openExternal: (url) =>
        openLink(url).catch((err: unknown) => {
          console.warn(`Roomdeck did not open a link: ${err instanceof Error ? err.message : String(err)}`);
        }),
      kiosk: config.kiosk,
    });
  });

  const services = createServices(config);
  const serverUrl = config.serverUrl;
  openLink = guardExternalLinks({
    open: (url) => shell.openExternal(url),
    serviceUrl: serverUrl,
    supportUrl: () => services.roomSupportUrl(),
    gestures,
  });
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
  event.preventDefault();
  const pending = cleanups.splice(0).map(async (cleanup) => cleanup());
  void Promise.allSettled(pending).then(() => app.quit());
});

void start();
