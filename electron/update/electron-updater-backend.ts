import type { KeyObject } from 'node:crypto';
import type { Log } from '../../core/log/log.ts';
import { UpdateRefusedError, type UpdateBackend } from '../../core/update/controller.ts';
import { feedPlatform } from '../../core/update/signature.ts';
import {
  channelRefusal,
  type FeedInfo,
  STABLE_CHANNEL,
  verifyDownloadedUpdate,
} from '../../core/update/verify-download.ts';

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
  /** `update-downloaded` names the file electron-updater will install (on macOS too, where
   * `downloadUpdate()` resolves with no paths). */
  on(event: 'update-downloaded', listener: (event: DownloadedEvent) => void): unknown;
}

/** electron-updater's UpdateDownloadedEvent: the parsed latest*.yml and the downloaded file. */
export interface DownloadedEvent extends FeedInfo {
  downloadedFile: string;
}

export interface ElectronUpdaterBackendOptions {
  updater: AutoUpdaterLike;
  /** Lets the coming quit through (the kiosk's quit gate refuses any it was not told about). */
  authorizeQuit: () => void;
  /** The release keys shipped in the app (update/public-key.ts); none = every update refused. */
  publicKeys: readonly KeyObject[];
  /** This machine, as electron-updater picks its feed file (default: the running process's). */
  platform?: string;
  arch?: string;
  log?: Log;
}

/**
 * electron-updater as the controller's `UpdateBackend`: the generic provider at the configured
 * URL, downloads only when the controller asks, installs only when it says so, and only a file
 * whose bytes carry the release key's signature (verify-download.ts): checked once downloaded (so a
 * bad update never waits for the idle window) and again just before `quitAndInstall` (the file has
 * sat in a user-writable cache meanwhile). Staged rollouts (`stagingPercentage` in latest*.yml),
 * the feed's SHA-512 and, on a code-signed Windows build, Authenticode are electron-updater's own
 * checks and stay on.
 */
export function electronUpdaterBackend(options: ElectronUpdaterBackendOptions): UpdateBackend {
  const { updater, log, publicKeys } = options;
  const platform = feedPlatform(options.platform ?? process.platform, options.arch ?? process.arch);
  /** The channel configure() set; stable until then. */
  let channel: string = STABLE_CHANNEL;
  /** The last file electron-updater reported downloaded, with the feed it came from. */
  let downloaded: DownloadedEvent | null = null;
  /** A download that verified, waiting for the controller's word to install. */
  let verified: DownloadedEvent | null = null;
  updater.on('update-downloaded', (event) => {
    downloaded = event;
  });
  // Read through a function: the listener sets it while a download is awaited.
  const lastDownloaded = (): DownloadedEvent | null => downloaded;
  const refuseUnlessSigned = async (event: DownloadedEvent): Promise<void> => {
    const verdict = await verifyDownloadedUpdate({
      file: event.downloadedFile,
      info: event,
      publicKeys,
      feed: { channel, platform },
    });
    if (!verdict.ok) throw new UpdateRefusedError(event.version, verdict.reason);
  };
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
    configure: (feed) => {
      channel = feed.channel;
      updater.allowPrerelease = feed.allowPrerelease;
      updater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
    },
    checkAndDownload: async () => {
      // Null when the updater is inactive (an unpackaged app) or there is nothing newer for us.
      const result = await updater.checkForUpdates();
      if (result === null || !result.isUpdateAvailable) return null;
      const { version } = result.updateInfo;
      // Without a key nothing could ever verify: do not fetch what will be refused.
      if (publicKeys.length === 0) throw new UpdateRefusedError(version, 'this build carries no update key');
      // Whatever the feed says, a stable panel does not even fetch a pre-release.
      const refusal = channelRefusal(channel, version);
      if (refusal !== null) throw new UpdateRefusedError(version, refusal);
      downloaded = verified = null;
      await updater.downloadUpdate();
      const event = lastDownloaded();
      if (event === null || event.version !== version) {
        throw new UpdateRefusedError(version, 'electron-updater reported no downloaded file for it');
      }
      await refuseUnlessSigned(event);
      verified = event;
      return version;
    },
    install: async () => {
      const event = verified;
      if (event === null) throw new Error('no verified update to install');
      // Checked again on the very file electron-updater is about to hand to the installer.
      await refuseUnlessSigned(event).catch((err: unknown) => {
        verified = null;
        throw err;
      });
      options.authorizeQuit();
      // Silent, and start the new version again afterwards: a panel must come back by itself.
      updater.quitAndInstall(true, true);
    },
  };
}
