import path from 'node:path';
import { app, net, safeStorage, session, shell } from 'electron';
import ElectronStore from 'electron-store';
import { fetchThroughNet } from '../core/api/net-fetch.ts';
import { signOutMarkerFile } from '../core/auth/sign-out-memory.ts';
import { createMainServices, type MainServices } from '../core/bridge/handlers.ts';
import type { ResolvedConfig } from '../core/config/schema.ts';
import type { DiagnosticsContext } from '../core/diagnostics/collect.ts';
import type { Log } from '../core/log/log.ts';
import { lazyStore } from '../core/store/lazy-store.ts';
import { createSafeStorageVault } from '../core/store/safe-storage-vault.ts';
import { createSettings } from '../core/store/settings.ts';
import { lockoutFile } from '../core/technician/lockout-file.ts';
import {
  createSignInWindowOpener,
  SIGN_IN_PARTITION,
  type SignInWindowDeps,
} from './window/sign-in-window.ts';

export interface DesktopServicesOptions {
  config: ResolvedConfig;
  log: Log;
  diagnostics: DiagnosticsContext;
  /** `(options) => new BrowserWindow(options)`: main.ts opens every window itself. */
  createSignInWindow: SignInWindowDeps['createWindow'];
  /** The panel's window, so the sign-in window stays above it. */
  parent: NonNullable<SignInWindowDeps['parent']>;
}

/**
 * The main process's services as the desktop app runs them: tokens in the OS keychain
 * (safeStorage), settings and the technician lock-out in the data folder, HTTP through Chromium's
 * net (system proxy, OS certificates), sign-in in the system browser or, on a wall panel, in an
 * isolated window.
 */
export function createDesktopServices(options: DesktopServicesOptions): MainServices {
  const { config, log, diagnostics } = options;
  // Opened on first use, damaged JSON reset (clearInvalidConfig), owner-only: a bad vault file
  // means "signed out", never a start-up crash.
  const store = lazyStore(
    () =>
      new ElectronStore<Record<string, unknown>>({
        name: 'vault',
        cwd: config.dataDir,
        clearInvalidConfig: true,
        configFileMode: 0o600,
      }),
  );
  const signInWindow = createSignInWindowOpener({
    serverUrl: config.serverUrl,
    createWindow: options.createSignInWindow,
    parent: options.parent,
    clearSession: () => session.fromPartition(SIGN_IN_PARTITION).clearStorageData(),
  });
  return createMainServices({
    config,
    vault: createSafeStorageVault({ safeStorage, store, allowInsecure: config.allowInsecureVault }),
    settings: createSettings({
      dataDir: config.dataDir,
      onError: (err) => console.warn('Roomdeck: settings file unusable, using defaults:', err),
    }),
    // A wall panel never opens a browser nobody could close: it signs in with its managed account
    // (the password grant whenever one is configured) or in an isolated window.
    signInMode: config.kiosk ? 'in-app-window' : 'system-browser',
    openSignInWindow: signInWindow,
    // The authorization URL of the service (built by the Session from the configured server).
    openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK only the service's authorization URL, built in session.ts
    fetch: fetchThroughNet((input, init) => net.fetch(input, init)),
    signOutMemory: signOutMarkerFile(path.join(config.dataDir, 'signed-out')),
    technicianLockout: lockoutFile({ dataDir: config.dataDir }),
    log,
    diagnostics,
    // What the panel falls back to when neither the configuration nor the room names a language.
    systemLanguages: () => app.getPreferredSystemLanguages(),
  });
}
