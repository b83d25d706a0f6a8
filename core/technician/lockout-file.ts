import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { LockoutStore } from './lockout.ts';
import { ensurePrivateFolderSync } from '../store/private-folder.ts';

/**
 * The technician PIN's lock-out, kept in Roomdeck's private data folder (0700) as an owner-only
 * file (0600), so that restarting Roomdeck, or a crash the watchdog answers with a restart, does
 * not hand a guesser a fresh round. Written whole to a new file, flushed and renamed over the old
 * one: a power cut leaves the old state or the new one, never half of one. Synchronous on
 * purpose: a wrong PIN is on the disk before its answer leaves the main process.
 */

export const LOCKOUT_FILE = 'technician-lockout.json';
const OWNER_ONLY = 0o600;
const isPosix = process.platform !== 'win32';

const Recorded = Type.Object({
  format: Type.Literal(1),
  wrong: Type.Integer({ minimum: 0 }),
  lockouts: Type.Integer({ minimum: 0 }),
  lockedUntil: Type.Number({ minimum: 0 }),
});

export function lockoutFile(options: { dataDir: string; fileName?: string }): LockoutStore {
  const file = join(options.dataDir, options.fileName ?? LOCKOUT_FILE);
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        // Absent: nothing recorded. Present but unreadable (a folder in its place, no permission):
        // as good as damaged, since something other than Roomdeck made it so.
        return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'damaged';
      }
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return 'damaged';
      }
      if (!Value.Check(Recorded, data)) return 'damaged';
      return { wrong: data.wrong, lockouts: data.lockouts, lockedUntil: data.lockedUntil };
    },

    save(state) {
      ensurePrivateFolderSync(options.dataDir);
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const fd = openSync(temp, 'wx', OWNER_ONLY);
        try {
          writeSync(fd, `${JSON.stringify({ format: 1, ...state })}\n`);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(temp, file);
      } catch (err) {
        rmSync(temp, { force: true });
        throw err;
      }
      syncFolder(options.dataDir);
    },
  };
}

/** The rename is durable once the folder is flushed; some file systems refuse, Windows cannot. */
function syncFolder(dir: string): void {
  if (!isPosix) return;
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // The data itself is written; only the rename's durability is left to the file system.
  }
}
