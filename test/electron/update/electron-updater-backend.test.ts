import { describe, expect, it } from 'vitest';
import {
  type AutoUpdaterLike,
  electronUpdaterBackend,
} from '../../../electron/update/electron-updater-backend.ts';

type CheckResult = Awaited<ReturnType<AutoUpdaterLike['checkForUpdates']>>;

function fakeUpdater(check: CheckResult | Error) {
  const calls: string[] = [];
  const updater: AutoUpdaterLike & { feeds: unknown[] } = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    allowPrerelease: false,
    allowDowngrade: true,
    logger: console,
    feeds: [],
    setFeedURL(options) {
      this.feeds.push(options);
    },
    checkForUpdates: async () => {
      calls.push('check');
      if (check instanceof Error) throw check;
      return check;
    },
    downloadUpdate: async () => {
      calls.push('download');
      return ['/tmp/roomdeck-2.0.0.AppImage'];
    },
    quitAndInstall: (isSilent, isForceRunAfter) =>
      calls.push(`quitAndInstall ${isSilent} ${isForceRunAfter}`),
  };
  return { updater, calls };
}

const available = (version: string, isUpdateAvailable = true): CheckResult => ({
  isUpdateAvailable,
  updateInfo: { version },
});

describe('electron-updater behind the update controller', () => {
  it('leaves downloading and installing to the controller, and never allows a downgrade', () => {
    const { updater } = fakeUpdater(null);
    electronUpdaterBackend({ updater, authorizeQuit: () => undefined });
    expect(updater).toMatchObject({
      autoDownload: false,
      autoInstallOnAppQuit: false,
      allowDowngrade: false,
    });
  });

  it('points the generic provider at the feed, with pre-releases only on the beta channel', () => {
    const { updater } = fakeUpdater(null);
    const backend = electronUpdaterBackend({ updater, authorizeQuit: () => undefined });
    backend.configure({
      url: 'https://updates.example.org/roomdeck',
      channel: 'beta',
      allowPrerelease: true,
    });
    expect(updater.feeds).toEqual([
      { provider: 'generic', url: 'https://updates.example.org/roomdeck', channel: 'beta' },
    ]);
    expect(updater.allowPrerelease).toBe(true);
    backend.configure({
      url: 'https://updates.example.org/roomdeck',
      channel: 'latest',
      allowPrerelease: false,
    });
    expect(updater.allowPrerelease).toBe(false);
    expect(updater.allowDowngrade).toBe(false);
  });

  it('downloads a newer version and answers with it', async () => {
    const { updater, calls } = fakeUpdater(available('2.0.0'));
    const backend = electronUpdaterBackend({ updater, authorizeQuit: () => undefined });
    await expect(backend.checkAndDownload()).resolves.toBe('2.0.0');
    expect(calls).toEqual(['check', 'download']);
  });

  it('downloads nothing when the feed has nothing newer for this panel (or the updater is inactive)', async () => {
    for (const result of [available('1.0.0', false), null]) {
      const { updater, calls } = fakeUpdater(result);
      const backend = electronUpdaterBackend({ updater, authorizeQuit: () => undefined });
      await expect(backend.checkAndDownload()).resolves.toBeNull();
      expect(calls).toEqual(['check']);
    }
  });

  it('passes a failed check on to the controller', async () => {
    const { updater } = fakeUpdater(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const backend = electronUpdaterBackend({ updater, authorizeQuit: () => undefined });
    await expect(backend.checkAndDownload()).rejects.toThrow('ERR_NAME_NOT_RESOLVED');
  });

  it('authorises the kiosk’s quit before installing silently and restarting', () => {
    const { updater, calls } = fakeUpdater(null);
    const backend = electronUpdaterBackend({ updater, authorizeQuit: () => calls.push('authorize') });
    backend.install();
    expect(calls).toEqual(['authorize', 'quitAndInstall true true']);
  });

  it('writes the updater’s own messages to Roomdeck’s log', () => {
    const { updater } = fakeUpdater(null);
    const lines: string[] = [];
    const log = {
      info: (event: string, fields?: Record<string, unknown>) =>
        lines.push(`info ${event} ${fields?.message}`),
      warn: (event: string, fields?: Record<string, unknown>) =>
        lines.push(`warn ${event} ${fields?.message}`),
      error: (event: string, fields?: Record<string, unknown>) =>
        lines.push(`error ${event} ${fields?.message}`),
      recent: () => [],
      file: null,
    };
    electronUpdaterBackend({ updater, authorizeQuit: () => undefined, log });
    (updater.logger as { warn(m: string): void }).warn('Update for version 2.0.0 is not available');
    expect(lines).toEqual(['warn updater Update for version 2.0.0 is not available']);
  });
});
