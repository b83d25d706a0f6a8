import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePublicKeys } from './signature.ts';

/**
 * The release keys an update must be signed with. They ship with the app, beside app.asar
 * (`resources/update-public-key.pem` in the repo, copied by electron-builder's `extraResources`),
 * where only whoever installed the app can write: as protected as the executable itself.
 *
 * Deliberately no override from configuration: configuration also comes from environment
 * variables, flags and a user's own file, and a key taken from there would let whoever can set
 * them choose what the updater runs (elevated, on a per-machine Windows install). An organisation
 * that signs its own builds ships its own key in them.
 */

export const PUBLIC_KEY_FILE = 'update-public-key.pem';

export type LoadedKeys = { keys: KeyObject[]; problem: null } | { keys: []; problem: string };

export function loadUpdatePublicKeys(dir: string): LoadedKeys {
  const file = path.join(dir, PUBLIC_KEY_FILE);
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return { keys: [], problem: missing ? `${file} is missing` : `${file}: ${(err as Error).message}` };
  }
  try {
    return { keys: parsePublicKeys(pem), problem: null };
  } catch (err) {
    return { keys: [], problem: `${file}: ${(err as Error).message}` };
  }
}
