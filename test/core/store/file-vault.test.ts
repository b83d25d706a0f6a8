import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault } from '../../../core/store/file-vault.ts';
import { sampleTokens } from '../../support/tokens.ts';

const posix = process.platform !== 'win32';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'roomdeck-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function everyFileOnDisk(): Promise<Buffer> {
  const names = await readdir(dir);
  return Buffer.concat(await Promise.all(names.map((n) => readFile(join(dir, n)))));
}

describe('file vault (browser host)', () => {
  it('returns what was saved', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    expect(await vault.load()).toEqual(sampleTokens());
    expect(await createFileVault({ dataDir: dir }).load()).toEqual(sampleTokens());
  });

  it('writes no token bytes in plaintext to disk', async () => {
    const tokens = sampleTokens();
    await createFileVault({ dataDir: dir }).save(tokens);
    const disk = await everyFileOnDisk();
    for (const secret of [tokens.accessToken, tokens.refreshToken!, 'very-secret', 'accessToken']) {
      expect(disk.includes(Buffer.from(secret)), secret).toBe(false);
      expect(disk.includes(Buffer.from(Buffer.from(secret).toString('base64'))), secret).toBe(false);
    }
  });

  it.runIf(posix)('creates the key file with mode 0600', async () => {
    await createFileVault({ dataDir: dir }).save(sampleTokens());
    expect((await stat(join(dir, 'vault.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'session.vault'))).mode & 0o777).toBe(0o600);
  });

  it.runIf(posix)('tightens a key file that others can read back to 0600', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    await chmod(join(dir, 'vault.key'), 0o644);
    expect(await vault.load()).toEqual(sampleTokens());
    expect((await stat(join(dir, 'vault.key'))).mode & 0o777).toBe(0o600);
  });

  it('loads null when nothing was saved', async () => {
    expect(await createFileVault({ dataDir: join(dir, 'missing') }).load()).toBeNull();
  });

  it('loads null for a corrupt vault file instead of throwing', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    const file = join(dir, 'session.vault');
    const blob = await readFile(file);
    blob[blob.length - 1] = (blob[blob.length - 1] ?? 0) ^ 0xff;
    await writeFile(file, blob);
    expect(await vault.load()).toBeNull();
    await writeFile(file, 'not a vault');
    expect(await vault.load()).toBeNull();
  });

  it('loads null when the key is lost or damaged, and saving again recovers', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    await writeFile(join(dir, 'vault.key'), 'short');
    expect(await vault.load()).toBeNull();
    await rm(join(dir, 'vault.key'));
    expect(await vault.load()).toBeNull();
    await vault.save(sampleTokens({ accessToken: 'AT-2' }));
    expect((await vault.load())?.accessToken).toBe('AT-2');
  });

  it('loads null for a decryptable record that does not fit the schema', async () => {
    const vault = createFileVault({ dataDir: dir });
    // @ts-expect-error: a record from some other version
    await vault.save({ version: 2, accessToken: 'x' });
    expect(await vault.load()).toBeNull();
  });

  it('forgets the tokens on clear', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    await vault.clear();
    await vault.clear();
    expect(await vault.load()).toBeNull();
    expect(await readdir(dir)).not.toContain('session.vault');
  });

  it('removes temporary files a crashed save left behind, on load and on clear, and nothing else', async () => {
    const vault = createFileVault({ dataDir: dir });
    await vault.save(sampleTokens());
    await writeFile(join(dir, 'session.vault.deadbeef0001.tmp'), 'half a vault');
    await writeFile(join(dir, 'unrelated.tmp'), 'not ours');
    expect(await vault.load()).toEqual(sampleTokens());
    expect(await readdir(dir)).not.toContain('session.vault.deadbeef0001.tmp');
    expect(await readdir(dir)).toContain('unrelated.tmp');

    await writeFile(join(dir, 'session.vault.deadbeef0002.tmp'), 'half a vault');
    await vault.clear();
    expect((await readdir(dir)).filter((n) => n.startsWith('session.vault'))).toEqual([]);
    expect(await readdir(dir)).toContain('vault.key');
  });

  it('leaves no temporary file when the rename into place fails', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'session.vault', 'blocker'), { recursive: true });
    const vault = createFileVault({ dataDir: dir });
    await expect(vault.save(sampleTokens())).rejects.toThrow();
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it.skipIf(!posix)('keeps the data folder owner-only (0700), tightening a loose one', async () => {
    await chmod(dir, 0o755);
    await createFileVault({ dataDir: dir }).save(sampleTokens());
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'session.vault'))).mode & 0o777).toBe(0o600);
    const nested = join(dir, 'new', 'data');
    await createFileVault({ dataDir: nested }).save(sampleTokens());
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
  });
});
