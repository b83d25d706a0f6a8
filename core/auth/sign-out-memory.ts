import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Whether the last thing the person did was sign out. The vault is wiped on sign-out, so this
 * small flag lives beside it: it holds no secret, only "ask for the password next time"
 * (`prompt=login`), so that on a shared laptop the service's still-open login session does not
 * silently sign the next person in as the previous one.
 */
export interface SignOutMemory {
  load(): Promise<boolean>;
  save(signedOut: boolean): Promise<void>;
}

/** For tests and for installs without a data folder: remembered for this process only. */
export function signOutInMemory(initial = false): SignOutMemory {
  let signedOut = initial;
  return {
    load: async () => signedOut,
    save: async (value) => {
      signedOut = value;
    },
  };
}

/** A marker file (present = signed out explicitly). Unreadable counts as absent: never a crash. */
export function signOutMarkerFile(path: string): SignOutMemory {
  return {
    load: async () => {
      try {
        return (await readFile(path, 'utf8')).trim() === 'signed-out';
      } catch {
        return false;
      }
    },
    save: async (signedOut) => {
      if (!signedOut) {
        await rm(path, { force: true });
        return;
      }
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, 'signed-out\n', { mode: 0o600 });
    },
  };
}
