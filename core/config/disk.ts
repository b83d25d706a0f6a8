import { readFileSync, statSync } from 'node:fs';
import { ConfigInvalidError } from './problems.ts';

/** The file system as loadConfig reads it by default (tests pass their own). */

/** The file's text, or null when it does not exist; any other failure is a problem to report. */
export function readTextFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigInvalidError([
      { key: 'configFile', source: file, message: `cannot be read: ${(err as Error).message}` },
    ]);
  }
}

/** POSIX permission bits of a file; null on Windows, where they mean nothing, or when it is gone. */
export function readFileMode(file: string): number | null {
  if (process.platform === 'win32') return null;
  try {
    return statSync(file).mode;
  } catch {
    return null;
  }
}
