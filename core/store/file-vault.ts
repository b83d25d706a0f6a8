import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ensurePrivateFolder } from './private-folder.ts';
import { parseStoredTokens, type StoredTokens, type TokenVault } from './vault.ts';

/**
 * The browser host's vault: tokens encrypted with AES-256-GCM in the data directory, under a random
 * key kept in a separate file readable only by the user (0600). Copying the vault file alone gives
 * nothing; the key file's permissions are checked and tightened on every use. Anything unreadable
 * (no key, wrong key, truncated or tampered file) loads as null: signed out, never a crash.
 *
 * Durability: a save writes a temporary file, fsyncs it, renames it over the vault and fsyncs the
 * folder, so a power cut leaves the old vault or the new one. Temporary files a crash left behind
 * (`session.vault.*.tmp`) are removed on load and clear; the data folder is kept owner-only (0700).
 */

export interface FileVaultOptions {
  dataDir: string;
  fileName?: string;
  keyFileName?: string;
}

const MAGIC = Buffer.from('RDV1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Binds the ciphertext to its purpose, so a blob from another use of the same key will not open. */
const AAD = Buffer.from('roomdeck token vault v1');
const OWNER_ONLY = 0o600;
const isPosix = process.platform !== 'win32';

export function createFileVault(options: FileVaultOptions): TokenVault {
  const file = join(options.dataDir, options.fileName ?? 'session.vault');
  const keyFile = join(options.dataDir, options.keyFileName ?? 'vault.key');
  /** Temporary files of saves under way in this process: not orphans, whatever the sweep finds. */
  const writing = new Set<string>();

  /** Leftovers of a save that crashed before its rename; best effort, never an error. */
  async function removeOrphans(): Promise<void> {
    const prefix = `${basename(file)}.`;
    let names: string[];
    try {
      names = await readdir(options.dataDir);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
        .map((name) => join(options.dataDir, name))
        .filter((path) => !writing.has(path))
        .map((path) => rm(path, { force: true }).catch(() => undefined)),
    );
  }

  return {
    async load() {
      await removeOrphans();
      const key = await readKey(keyFile);
      if (key === null) return null;
      let blob: Buffer;
      try {
        blob = await readFile(file);
      } catch {
        return null;
      }
      const text = decrypt(key, blob);
      return text === null ? null : parseStoredTokens(text);
    },

    async save(tokens: StoredTokens) {
      await ensurePrivateFolder(options.dataDir);
      const key = (await readKey(keyFile)) ?? (await createKey(keyFile));
      // Write, flush, then rename: a crash mid-write leaves the old vault, not half a new one.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      writing.add(temp);
      try {
        await writeDurably(temp, encrypt(key, JSON.stringify(tokens)));
        await rename(temp, file);
        await syncFolder(options.dataDir);
      } catch (err) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw err;
      } finally {
        writing.delete(temp);
      }
    },

    async clear() {
      await rm(file, { force: true });
      await removeOrphans();
      await syncFolder(options.dataDir);
    },
  };
}

/** A new owner-only file whose bytes are on the disk (fsync) before anyone renames it into place. */
async function writeDurably(path: string, data: Buffer): Promise<void> {
  const handle = await open(path, 'wx', OWNER_ONLY);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The rename itself is durable only once the folder is flushed. Windows cannot open a folder: skip. */
async function syncFolder(dir: string): Promise<void> {
  if (!isPosix) return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the data is still written.
  }
}

function encrypt(key: Buffer, plaintext: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, blob: Buffer): string | null {
  const head = MAGIC.length;
  if (blob.length < head + IV_BYTES + TAG_BYTES || !blob.subarray(0, head).equals(MAGIC)) return null;
  const iv = blob.subarray(head, head + IV_BYTES);
  const tag = blob.subarray(head + IV_BYTES, head + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(blob.subarray(head + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    // Wrong key or a modified file: GCM's tag check fails, which is exactly "unreadable".
    return null;
  }
}

/** The key, after making sure only the owner can read it; null when absent or not a key. */
async function readKey(keyFile: string): Promise<Buffer | null> {
  let key: Buffer;
  try {
    if (isPosix) {
      const { mode } = await stat(keyFile);
      if ((mode & 0o077) !== 0) await chmod(keyFile, OWNER_ONLY);
    }
    key = await readFile(keyFile);
  } catch {
    return null;
  }
  return key.length === KEY_BYTES ? key : null;
}

/**
 * A new random key, created owner-only from the start (never world-readable for an instant). A
 * damaged key file is replaced: what it protected is unreadable anyway.
 */
async function createKey(keyFile: string): Promise<Buffer> {
  const key = randomBytes(KEY_BYTES);
  try {
    await writeFile(keyFile, key, { mode: OWNER_ONLY, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process made one first, or the old one is damaged: use theirs if it is valid.
    const existing = await readKey(keyFile);
    if (existing !== null) return existing;
    await rm(keyFile, { force: true });
    await writeFile(keyFile, key, { mode: OWNER_ONLY, flag: 'wx' });
  }
  // The umask may have removed bits but never adds them; this makes 0600 exact.
  if (isPosix) await chmod(keyFile, OWNER_ONLY);
  return key;
}
