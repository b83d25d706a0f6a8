import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUpdatePublicKeys } from '../../core/update/public-key.ts';
import { verifyDownloadedUpdate } from '../../core/update/verify-download.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const sha512 = (bytes: Buffer | string) => createHash('sha512').update(bytes).digest('base64');

let work = '';
let keys = '';

/** `npm run update-key` / `npm run sign-update` as a release engineer runs them. */
function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sign-update.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      ROOMDECK_UPDATE_PUBLIC_KEY_FILE: path.join(keys, 'update-public-key.pem'),
      ...env,
    },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A release folder as electron-builder leaves it (Linux: AppImage and deb in latest-linux.yml). */
function release(): string {
  const dir = mkdtempSync(path.join(work, 'release-'));
  const files = ['Roomdeck-2.0.0-linux-x86_64.AppImage', 'Roomdeck-2.0.0-linux-amd64.deb'].map((url) => {
    writeFileSync(path.join(dir, url), `bytes of ${url}`);
    return { url, sha512: sha512(`bytes of ${url}`), size: 10 };
  });
  const feed = { version: '2.0.0', files, path: files[0]?.url, releaseDate: '2030-01-01T00:00:00.000Z' };
  writeFileSync(path.join(dir, 'latest-linux.yml'), yaml.dump(feed));
  writeFileSync(path.join(dir, 'builder-debug.yml'), 'x: 1\n');
  return dir;
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'roomdeck-sign-'));
  keys = path.join(work, 'keys');
  mkdirSync(keys);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Each test starts tsx a few times: slow on a loaded machine, so a wide bound.
describe('npm run update-key and npm run sign-update', { timeout: 90_000 }, () => {
  it('makes a key pair: the private key 0600 outside the repo, the public key where the app reads it', () => {
    const privateKey = path.join(keys, 'release.pem');
    const made = run(['keygen', privateKey]);
    expect(made.code, made.stderr).toBe(0);
    expect(statSync(privateKey).mode & 0o777).toBe(0o600);
    expect(readFileSync(privateKey, 'utf8')).toContain('PRIVATE KEY');
    const loaded = loadUpdatePublicKeys(keys);
    expect(loaded.problem).toBeNull();
    expect(loaded.keys.map((k) => k.asymmetricKeyType)).toEqual(['ed25519']);
    // Never over an existing key (either half), never into the repository.
    expect(run(['keygen', privateKey])).toMatchObject({ code: 1, stderr: expect.stringMatching(/exists/) });
    const inRepo = run(['keygen', path.join(ROOT, 'release-key.pem')], {
      ROOMDECK_UPDATE_PUBLIC_KEY_FILE: path.join(work, 'other.pem'),
    });
    expect(inRepo).toMatchObject({ code: 1, stderr: expect.stringMatching(/inside the repository/) });
    expect(existsSync(path.join(ROOT, 'release-key.pem'))).toBe(false);
  });

  it('signs every file of the feed so that the app verifies it', async () => {
    const dir = release();
    const signed = run(['sign', dir], { ROOMDECK_UPDATE_SIGNING_KEY: path.join(keys, 'release.pem') });
    expect(signed.code, signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/latest-linux\.yml: signed Roomdeck-2\.0\.0-linux-amd64\.deb/);
    const info = yaml.load(readFileSync(path.join(dir, 'latest-linux.yml'), 'utf8')) as { version: string };
    const { keys: publicKeys } = loadUpdatePublicKeys(keys);
    for (const file of ['Roomdeck-2.0.0-linux-x86_64.AppImage', 'Roomdeck-2.0.0-linux-amd64.deb']) {
      await expect(
        verifyDownloadedUpdate({
          file: path.join(dir, file),
          info,
          publicKeys,
          feed: { channel: 'latest', platform: 'linux' },
        }),
      ).resolves.toMatchObject({ ok: true });
    }
    expect(readFileSync(path.join(dir, 'builder-debug.yml'), 'utf8')).toBe('x: 1\n');
  });

  it('refuses a key that is not the one the app ships, and files the feed does not describe', () => {
    const other = path.join(work, 'other-release.pem');
    expect(
      run(['keygen', other], { ROOMDECK_UPDATE_PUBLIC_KEY_FILE: path.join(work, 'other-public.pem') }).code,
    ).toBe(0);
    const dir = release();
    const before = readFileSync(path.join(dir, 'latest-linux.yml'), 'utf8');
    const wrongKey = run(['sign', dir], { ROOMDECK_UPDATE_SIGNING_KEY: other });
    expect(wrongKey).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/does not match .*panels would refuse/),
    });
    expect(readFileSync(path.join(dir, 'latest-linux.yml'), 'utf8')).toBe(before);

    writeFileSync(path.join(dir, 'Roomdeck-2.0.0-linux-amd64.deb'), 'changed after the build');
    const changed = run(['sign', dir], { ROOMDECK_UPDATE_SIGNING_KEY: path.join(keys, 'release.pem') });
    expect(changed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/amd64\.deb's bytes do not match/),
    });
    expect(run(['sign', dir])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/ROOMDECK_UPDATE_SIGNING_KEY/),
    });
  });
});
