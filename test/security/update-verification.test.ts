import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DebUpdater } from 'electron-updater';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFileLog } from '../../core/log/log.ts';
import { UpdateController } from '../../core/update/controller.ts';
import { electronUpdaterBackend } from '../../electron/update/electron-updater-backend.ts';
import type { PanelActivity } from '../../core/update/install-window.ts';
import { signFeed } from '../../scripts/update-signing.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * A compromised or spoofed update feed must not get its code run. A feed on
 * loopback serves, over real HTTP, releases signed by the real release step (scripts/update-signing.ts)
 * and then doctored as an attacker holding the feed (not the key) would. electron-updater's own
 * Linux updater (DebUpdater) fetches latest-linux.yml, picks and downloads the .deb and checks the
 * feed's SHA-512, exactly as on a panel; Roomdeck's backend and controller decide. Only what cannot
 * run here is replaced: Electron's app object (an AppAdapter on a temporary folder), Electron's `net`
 * (Node's http under electron-updater's own download code) and the last step, `quitAndInstall`,
 * which records the file dpkg would be handed instead of running it.
 */

const requireFromUpdater = createRequire(createRequire(import.meta.url).resolve('electron-updater'));
const runtime = requireFromUpdater('builder-util-runtime') as typeof import('builder-util-runtime');

/** electron-updater's HTTP client on Node's http: the same download, redirect and SHA-512 code. */
class NodeHttpExecutor extends runtime.HttpExecutor<ClientRequest> {
  override createRequest(options: http.RequestOptions, callback: (response: unknown) => void): ClientRequest {
    // A fresh connection per request (as Electron's net does here), not a pooled keep-alive socket.
    return http.request({ ...options, agent: false }, callback);
  }

  download(url: URL, destination: string, options: import('builder-util-runtime').DownloadOptions) {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers ?? undefined };
      runtime.configureRequestUrl(url, requestOptions);
      runtime.configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const releaseKey = generateKeyPairSync('ed25519');
const attackerKey = generateKeyPairSync('ed25519');
const ARTIFACT = 'Roomdeck-2.0.0-linux-amd64.deb';
const genuine = Buffer.from('#!/bin/sh\necho "Roomdeck 2.0.0, as released"\n');
const evil = Buffer.from('#!/bin/sh\necho "attacker code, run as root by dpkg"\n');

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

interface Feed {
  version: string;
  files: Record<string, unknown>[];
  path: string;
  sha512: string;
  releaseDate: string;
}

let work = '';
let server: http.Server;
let feedBase = '';

/** A release folder as electron-builder leaves it: the artifact and its feed file, unsigned. */
function buildRelease(
  name: string,
  version: string,
  bytes: Buffer,
  feedFile = 'latest-linux.yml',
  artifact = ARTIFACT,
): string {
  const dir = path.join(work, 'feeds', name);
  mkdirSync(dir, { recursive: true });
  const file = artifact.replace('2.0.0', version);
  writeFileSync(path.join(dir, file), bytes);
  const feed: Feed = {
    version,
    files: [{ url: file, sha512: sha512(bytes), size: bytes.length }],
    path: file,
    sha512: sha512(bytes),
    releaseDate: '2030-01-01T00:00:00.000Z',
  };
  writeFileSync(path.join(dir, feedFile), yaml.dump(feed));
  return dir;
}

/** The feed holder copies a feed file verbatim to where the stable Linux panels read. */
function serveAsStable(dir: string, feedFile: string): void {
  writeFileSync(path.join(dir, 'latest-linux.yml'), readFileSync(path.join(dir, feedFile)));
}

const readFeed = (dir: string) => yaml.load(readFileSync(path.join(dir, 'latest-linux.yml'), 'utf8')) as Feed;
const writeFeed = (dir: string, feed: Feed) =>
  writeFileSync(path.join(dir, 'latest-linux.yml'), yaml.dump(feed));

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'roomdeck-update-attack-'));
  const sign = (dir: string, key = releaseKey) =>
    signFeed({ dir, privateKey: key.privateKey, publicKeys: [key.publicKey] });

  // (a) The release as published: built, then signed with the release key.
  await sign(buildRelease('signed', '2.0.0', genuine));

  // (b) The feed's holder swaps the .deb and fixes the SHA-512 the feed lists (electron-updater's
  // own check then passes), but can only copy the release's signature.
  const tampered = buildRelease('tampered', '2.0.0', genuine);
  await sign(tampered);
  writeFileSync(path.join(tampered, ARTIFACT), evil);
  const t = readFeed(tampered);
  t.files = t.files.map((f) => ({ ...f, sha512: sha512(evil), size: evil.length }));
  writeFeed(tampered, { ...t, sha512: sha512(evil) });

  // (c) Their own build, signed with their own key.
  await sign(buildRelease('other-key', '2.0.0', evil), attackerKey);

  // (d) Their own build, no signature at all (what every feed looked like before).
  buildRelease('unsigned', '2.0.0', evil);

  // (e) A real, older release (signed for 1.5.0) served again as "2.0.0": a rollback.
  const rollback = buildRelease('rollback', '1.5.0', Buffer.from('Roomdeck 1.5.0, with its old bugs'));
  await sign(rollback);
  writeFeed(rollback, { ...readFeed(rollback), version: '2.0.0' });

  // (f) A beta, signed by the release step for the beta feed, copied verbatim into the stable feed.
  const beta = buildRelease(
    'beta-copied',
    '2.1.0-beta.1',
    Buffer.from('Roomdeck 2.1 beta'),
    'beta-linux.yml',
  );
  await sign(beta);
  serveAsStable(beta, 'beta-linux.yml');

  // (g) The same with a build whose version looks stable: only the signed channel tells.
  const betaStable = buildRelease(
    'beta-channel',
    '2.0.0',
    Buffer.from('Roomdeck 2.0 beta build'),
    'beta-linux.yml',
  );
  await sign(betaStable);
  serveAsStable(betaStable, 'beta-linux.yml');

  // (h) Another architecture's genuine build (the arm64 feed's) in the x64 feed.
  const arm = buildRelease(
    'other-arch',
    '2.0.0',
    Buffer.from('Roomdeck 2.0.0 for arm64'),
    'latest-linux-arm64.yml',
    'Roomdeck-2.0.0-linux-arm64.deb',
  );
  await sign(arm);
  serveAsStable(arm, 'latest-linux-arm64.yml');

  // (i) A pre-release signed for the stable feed by mistake: still no pre-release on a stable panel.
  await sign(buildRelease('prerelease-stable', '2.1.0-rc.1', Buffer.from('Roomdeck 2.1 rc')));

  // (j) One file of a genuine release under another's name: the AppImage's bytes, hash and
  // signature listed as the .deb that dpkg is handed.
  const renamed = buildRelease('renamed', '2.0.0', genuine);
  const appImage = 'Roomdeck-2.0.0-linux-x86_64.AppImage';
  const appImageBytes = Buffer.from('Roomdeck 2.0.0 as an AppImage');
  writeFileSync(path.join(renamed, appImage), appImageBytes);
  const both = readFeed(renamed);
  both.files.push({ url: appImage, sha512: sha512(appImageBytes), size: appImageBytes.length });
  writeFeed(renamed, both);
  await sign(renamed);
  const signedBoth = readFeed(renamed);
  const [deb, image] = signedBoth.files;
  writeFileSync(path.join(renamed, ARTIFACT), appImageBytes);
  writeFeed(renamed, {
    ...signedBoth,
    // The AppImage's own entry first: the signature found by hash alone would be the right one.
    files: [image as Record<string, unknown>, { ...image, url: deb?.url }],
    sha512: sha512(appImageBytes),
  });

  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, feed, file] = url.pathname.split('/');
    // latest-linux.yml, or latest-linux-arm64.yml on an arm64 machine: the same feed here.
    const name = /^latest-linux.*\.yml$/.test(file ?? '') ? 'latest-linux.yml' : file;
    try {
      res.end(readFileSync(path.join(work, 'feeds', path.basename(feed ?? ''), path.basename(name ?? ''))));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/** A panel at version 1.0.0, idle (so it installs at once), pointed at one of the feeds. */
async function panelUpdatesFrom(feed: string) {
  const home = mkdtempSync(path.join(work, `panel-${feed}-`));
  writeFileSync(
    path.join(home, 'app-update.yml'),
    'provider: generic\nurl: https://updates.roomdeck.invalid/\nupdaterCacheDirName: roomdeck-updater\n',
  );
  const updater = new DebUpdater(null, {
    version: '1.0.0',
    name: 'Roomdeck',
    isPackaged: true,
    appUpdateConfigPath: path.join(home, 'app-update.yml'),
    userDataPath: home,
    baseCachePath: home,
    whenReady: async () => undefined,
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
  /** What dpkg would have installed (as text), each time Roomdeck asked electron-updater to install. */
  const installed: string[] = [];
  updater.quitAndInstall = () => {
    const helper = (updater as unknown as { downloadedUpdateHelper: { file: string } })
      .downloadedUpdateHelper;
    installed.push(readFileSync(helper.file, 'utf8'));
  };
  const log = createFileLog({ dir: path.join(home, 'logs') });
  const clock = new FakeClock(Date.UTC(2030, 0, 1, 3, 0));
  const idle: PanelActivity = {
    now: clock.now(),
    roomOn: false,
    inMeeting: false,
    nextMeetingAt: null,
    lastInteractionAt: clock.now() - 24 * 60 * 60_000,
    pressInFlight: false,
  };
  const controller = new UpdateController({
    settings: { url: `${feedBase}/${feed}/`, channel: 'stable', checkEveryMs: 60 * 60_000 },
    backend: electronUpdaterBackend({
      updater,
      authorizeQuit: () => undefined,
      publicKeys: [releaseKey.publicKey],
      // An x64 Linux panel, whatever machine runs the test (the feed here serves every arch's name).
      platform: 'linux',
      arch: 'x64',
      log,
    }),
    clock,
    activity: () => idle,
    log,
  });
  controller.start();
  // Real HTTP and a real download: wait (bounded) for the controller to settle either way.
  await vi.waitFor(
    () => {
      const status = controller.status();
      const settled =
        status.state === 'installing' || (status.state === 'idle' && status.lastCheckAt !== null);
      if (!settled) throw new Error(`still ${status.state}`);
      if (status.state === 'installing' && installed.length === 0) throw new Error('installing');
    },
    { timeout: 15_000, interval: 20 },
  );
  controller.stop();
  const logged = readFileSync(path.join(home, 'logs', 'roomdeck.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { installed, status: controller.status(), logged };
}

describe('an update feed in an attacker’s hands', () => {
  it('(a) installs the release as signed with the release key', async () => {
    const panel = await panelUpdatesFrom('signed');
    expect(panel.installed).toEqual([genuine.toString('utf8')]);
    expect(panel.status).toEqual({ state: 'installing', version: '2.0.0' });
    expect(panel.logged.some((e) => e.event === 'update-refused')).toBe(false);
  });

  it.each([
    ['(b) a tampered artifact with the release’s signature', 'tampered', /signature does not verify/],
    ['(c) an artifact signed with another key', 'other-key', /signature does not verify/],
    ['(d) an artifact with no signature', 'unsigned', /is not signed/],
    ['(e) an older signed release relabelled as newer', 'rollback', /signature does not verify/],
  ])('refuses %s: nothing installed, refusal logged, back to idle', async (_name, feed, reason) => {
    const panel = await panelUpdatesFrom(feed);
    expect(panel.installed).toEqual([]);
    expect(panel.status).toMatchObject({
      state: 'idle',
      error: expect.stringMatching(/^update 2\.0\.0 refused: /),
    });
    const refusals = panel.logged.filter((e) => e.event === 'update-refused');
    expect(refusals).toEqual([
      expect.objectContaining({ level: 'error', version: '2.0.0', reason: expect.stringMatching(reason) }),
    ]);
  });
});

describe('a genuinely signed artifact served as something it was not', () => {
  it.each([
    ['(f) a beta copied verbatim into the stable feed', 'beta-copied', '2.1.0-beta.1', /pre-release/],
    ['(g) a beta-channel build with a stable-looking version', 'beta-channel', '2.0.0', /as latest 2\.0\.0/],
    ['(h) another architecture’s build', 'other-arch', '2.0.0', /signature does not verify/],
    ['(i) a pre-release signed for the stable feed', 'prerelease-stable', '2.1.0-rc.1', /pre-release/],
    ['(j) one file of the release under another’s name', 'renamed', '2.0.0', /signature does not verify/],
  ])('a stable panel refuses %s: nothing installed, refusal logged', async (_name, feed, version, reason) => {
    const panel = await panelUpdatesFrom(feed);
    expect(panel.installed).toEqual([]);
    expect(panel.status).toMatchObject({
      state: 'idle',
      error: expect.stringContaining(`update ${version} refused: `),
    });
    const refusals = panel.logged.filter((e) => e.event === 'update-refused');
    expect(refusals).toEqual([
      expect.objectContaining({ level: 'error', version, reason: expect.stringMatching(reason) }),
    ]);
  });
});
