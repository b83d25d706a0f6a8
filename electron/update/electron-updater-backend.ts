import type { Log } from '../log/log.ts';
import type { UpdateBackend } from './controller.ts';

/**
 * The part of electron-updater's `autoUpdater` Roomdeck uses, so the adapter is tested against a
 * fake and main.ts hands in the real one (imported only when a feed is configured).
 */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowPrerelease: boolean;
  allowDowngrade: boolean;
  logger: unknown;
  setFeedURL(options: { provider: 'generic'; url: string; channel: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface ElectronUpdaterBackendOptions {
  updater: AutoUpdaterLike;
  /** Lets the coming quit through (the kiosk's quit gate refuses any it was not told about). */
  authorizeQuit: () => void;
  log?: Log;
}

/**
 * electron-updater as the controller's `UpdateBackend`: the generic provider at the configured
 * URL, downloads only when the controller asks, installs only when it says so. Signature checks
 * and staged rollouts (`stagingPercentage` in latest*.yml) are electron-updater's own and stay on.
 */
export function electronUpdaterBackend(options: ElectronUpdaterBackendOptions): UpdateBackend {
  const { updater, log } = options;
  // The controller decides when to download and install; nothing happens behind its back.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  // The `channel` property would allow downgrades: the channel goes through setFeedURL instead.
  updater.allowDowngrade = false;
  if (log !== undefined) {
    updater.logger = {
      info: (message: unknown) => log.info('updater', { message: String(message) }),
      warn: (message: unknown) => log.warn('updater', { message: String(message) }),
      error: (message: unknown) => log.error('updater', { message: String(message) }),
      debug: () => undefined,
    };
  }
  return {
    configure: ({ url, channel, allowPrerelease }) => {
      updater.allowPrerelease = allowPrerelease;
      updater.setFeedURL({ provider: 'generic', url, channel });
    },
    checkAndDownload: async () => {
      // Null when the updater is inactive (an unpackaged app) or there is nothing newer for us.
      const result = await updater.checkForUpdates();
      if (result === null || !result.isUpdateAvailable) return null;
      await updater.downloadUpdate();
      return result.updateInfo.version;
    },
    install: () => {
      options.authorizeQuit();
      // Silent, and start the new version again afterwards: a panel must come back by itself.
      updater.quitAndInstall(true, true);
    },
  };
}
