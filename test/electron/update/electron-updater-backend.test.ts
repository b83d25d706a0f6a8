import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UpdateRefusedError } from '../../../core/update/controller.ts';
import {
  type AutoUpdaterLike,
  type DownloadedEvent,
  electronUpdaterBackend,
} from '../../../electron/update/electron-updater-backend.ts';
import { feedPlatform, SIGNATURE_FIELD, signUpdate } from '../../../core/update/signature.ts';

type CheckResult = Awaited<ReturnType<AutoUpdaterLike['checkForUpdates']>>;

const releaseKey = generateKeyPairSync('ed25519');
const publicKeys: KeyObject[] = [releaseKey.publicKey];

/** What electron-updater reports once it has downloaded a release signed with the release key. */
function signedDownload(version: string, bytes = Buffer.from(`Roomdeck ${version}`)): DownloadedEvent {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-update-'));
  const downloadedFile = path.join(dir, `Roomdeck-${version}.AppImage`);
  writeFileSync(downloadedFile, bytes);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  const file = path.basename(downloadedFile);
  const signature = signUpdate(releaseKey.privateKey, {
    channel: version.includes('-') ? 'beta' : 'latest',
    platform: feedPlatform(process.platform, process.arch),
    file,
    version,
    sha512,
  });
  return {
    version,
    files: [{ url: file, sha512, [SIGNATURE_FIELD]: signature }],
    downloadedFile,
  };
}

function fakeUpdater(check: CheckResult | Error, download?: DownloadedEvent) {
  const calls: string[] = [];
  let listener: ((event: DownloadedEvent) => void) | null = null;
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
      if (download !== undefined) listener?.(download);
      return download === undefined ? [] : [download.downloadedFile];
    },
    quitAndInstall: (isSilent, isForceRunAfter) =>
      calls.push(`quitAndInstall ${isSilent} ${isForceRunAfter}`),
    on: (_event, fn) => {
      listener = fn;
    },
  };
  return { updater, calls };
}

const noQuit = () => undefined;

const available = (version: string, isUpdateAvailable = true): CheckResult => ({
  isUpdateAvailable,
  updateInfo: { version },
});

describe('electron-updater behind the update controller', () => {
  it('leaves downloading and installing to the controller, and never allows a downgrade', () => {
    const { updater } = fakeUpdater(null);
    electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys });
    expect(updater).toMatchObject({
      autoDownload: false,
      autoInstallOnAppQuit: false,
      allowDowngrade: false,
    });
  });

  it('points the generic provider at the feed, with pre-releases only on the beta channel', () => {
    const { updater } = fakeUpdater(null);
    const backend = electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys });
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

  it('downloads a newer version, checks its signature and answers with it', async () => {
    const { updater, calls } = fakeUpdater(available('2.0.0'), signedDownload('2.0.0'));
    const backend = electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys });
    await expect(backend.checkAndDownload()).resolves.toBe('2.0.0');
    expect(calls).toEqual(['check', 'download']);
  });

  it('downloads nothing when the feed has nothing newer for this panel (or the updater is inactive)', async () => {
    for (const result of [available('1.0.0', false), null]) {
      const { updater, calls } = fakeUpdater(result);
      const backend = electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys });
      await expect(backend.checkAndDownload()).resolves.toBeNull();
      expect(calls).toEqual(['check']);
    }
  });

  it('passes a failed check on to the controller', async () => {
    const { updater } = fakeUpdater(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const backend = electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys });
    await expect(backend.checkAndDownload()).rejects.toThrow('ERR_NAME_NOT_RESOLVED');
  });

  it('authorises the kiosk’s quit before installing silently and restarting', async () => {
    const { updater, calls } = fakeUpdater(available('2.0.0'), signedDownload('2.0.0'));
    const backend = electronUpdaterBackend({
      updater,
      authorizeQuit: () => calls.push('authorize'),
      publicKeys,
    });
    await backend.checkAndDownload();
    await backend.install();
    expect(calls).toEqual(['check', 'download', 'authorize', 'quitAndInstall true true']);
  });

  it('refuses a download the release key did not sign, and installs nothing', async () => {
    const unsigned = signedDownload('2.0.0');
    unsigned.files = [{ ...(unsigned.files as object[])[0], [SIGNATURE_FIELD]: undefined }];
    const { updater, calls } = fakeUpdater(available('2.0.0'), unsigned);
    const backend = electronUpdaterBackend({
      updater,
      authorizeQuit: () => calls.push('authorize'),
      publicKeys,
    });
    const refused = await backend.checkAndDownload().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(UpdateRefusedError);
    expect(refused).toMatchObject({ version: '2.0.0', reason: expect.stringContaining('not signed') });
    await expect(backend.install()).rejects.toThrow('no verified update');
    expect(calls).toEqual(['check', 'download']);
  });

  it('checks the file again just before installing: one swapped since its download is refused', async () => {
    const download = signedDownload('2.0.0');
    const { updater, calls } = fakeUpdater(available('2.0.0'), download);
    const backend = electronUpdaterBackend({
      updater,
      authorizeQuit: () => calls.push('authorize'),
      publicKeys,
    });
    await expect(backend.checkAndDownload()).resolves.toBe('2.0.0');
    // The cache is the user's to write: something replaces the verified installer while it waits.
    writeFileSync(download.downloadedFile, 'something else');
    await expect(backend.install()).rejects.toThrow(/update 2\.0\.0 refused: .*matches no file in the feed/);
    expect(calls).toEqual(['check', 'download']);
  });

  it('downloads nothing when the build carries no update key (every update would be refused)', async () => {
    const { updater, calls } = fakeUpdater(available('2.0.0'), signedDownload('2.0.0'));
    const backend = electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys: [] });
    await expect(backend.checkAndDownload()).rejects.toThrow(
      'update 2.0.0 refused: this build carries no update key',
    );
    expect(calls).toEqual(['check']);
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
    electronUpdaterBackend({ updater, authorizeQuit: noQuit, publicKeys, log });
    (updater.logger as { warn(m: string): void }).warn('Update for version 2.0.0 is not available');
    expect(lines).toEqual(['warn updater Update for version 2.0.0 is not available']);
  });
});
