import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run update-key` must never write the release's private key inside the repository, where a
 * `git add .` commits it. The check compared strings: `path.relative(root, p).startsWith('..')`
 * took a file named `..release-key.pem` at the repository's top for one outside it (and .gitignore
 * did not ignore it), and a folder outside the repository that links into it was not looked
 * through. Each attack runs the command as a release engineer would; a key it wrongly writes is
 * removed again.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

let work = '';
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'roomdeck-update-key-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function keygen(privatePath: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/sign-update.ts', 'keygen', privatePath],
    {
      cwd: ROOT,
      encoding: 'utf8',
      // The public half goes to the scratch folder, never over the repository's own.
      env: {
        ...process.env,
        ROOMDECK_UPDATE_PUBLIC_KEY_FILE: path.join(work, `public-${Math.random()}.pem`),
      },
    },
  );
  return { code: result.status, stderr: result.stderr };
}

/** Runs keygen on a path that is really inside the repository; whatever it wrote is removed. */
function attempt(privatePath: string, real: string) {
  try {
    return { ...keygen(privatePath), written: existsSync(real) };
  } finally {
    rmSync(real, { force: true });
  }
}

function ignoredByGit(file: string): boolean {
  return spawnSync('git', ['check-ignore', '-q', file], { cwd: ROOT }).status === 0;
}

describe('npm run update-key keeps the private key out of the repository', { timeout: 90_000 }, () => {
  it('refuses a file at the top whose name starts with ".." (..release-key.pem)', () => {
    const target = path.join(ROOT, '..release-key.pem');
    const outcome = attempt(target, target);
    expect(outcome).toMatchObject({
      code: 1,
      written: false,
      stderr: expect.stringMatching(/inside the repository/),
    });
  });

  it('refuses a folder outside the repository that is a link into it', () => {
    const link = path.join(work, 'looks-outside');
    symlinkSync(path.join(ROOT, 'resources'), link);
    const outcome = attempt(
      path.join(link, 'release-key.pem'),
      path.join(ROOT, 'resources', 'release-key.pem'),
    );
    expect(outcome).toMatchObject({
      code: 1,
      written: false,
      stderr: expect.stringMatching(/inside the repository/),
    });
  });

  it('git ignores every private key file name, but not the public key the app ships', () => {
    for (const name of ['..release-key.pem', 'release-key.pem', 'scripts/roomdeck-update-key.pem'])
      expect(ignoredByGit(name), name).toBe(true);
    expect(ignoredByGit('resources/update-public-key.pem')).toBe(false);
  });

  it('holds: a folder outside the repository is accepted', () => {
    const beside = mkdtempSync(path.join(work, 'keys-'));
    const made = keygen(path.join(beside, 'release.pem'));
    expect(made.code, made.stderr).toBe(0);
  });
});
