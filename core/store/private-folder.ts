import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';

/**
 * Roomdeck's data folder holds the vault, the settings and Chromium's profile: owner-only (0700).
 * Created that way, and tightened if someone loosened it (a copied profile, a careless umask).
 * Windows has no such bits; there the folder inherits the user profile's ACL.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
const isPosix = process.platform !== 'win32';

export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!isPosix) return;
  const { mode } = await stat(dir);
  if ((mode & 0o077) !== 0) await chmod(dir, PRIVATE_FOLDER_MODE);
}

/** The same, before anything else runs (Electron's start-up, before `userData` is used). */
export function ensurePrivateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!isPosix) return;
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_FOLDER_MODE);
}
