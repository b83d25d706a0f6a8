import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Conf from 'conf';
import { SAFE_ID_PATTERN } from '../../contract/ids.ts';

/**
 * What a panel remembers that is not a secret: the room chosen on it, and whether a technician
 * enrolled it (bound it to that room for good; its own account's tokens are in the vault). Kept
 * with `conf` in the data directory (plain Node, so it runs in tests and in the browser host
 * alike). Read values are checked; a damaged file is reset rather than trusted, and a file that
 * cannot be read or written at all (a folder in its place, wrong owner, full disk) means defaults
 * for this run: what was set is kept in memory, and the panel runs on, never a dead process over a
 * preference.
 */
export const Enrolment = Type.Object({
  /** The room the panel is bound to (the same value as the remembered room). */
  systemId: Type.String({ minLength: 1 }),
  /** ISO time of the enrolment. */
  enrolledAt: Type.String(),
  /** The service the panel's account belongs to (its origin). */
  server: Type.String(),
});
export type Enrolment = Static<typeof Enrolment>;

export interface Settings {
  getSystemId(): string | null;
  setSystemId(systemId: string | null): void;
  /** The panel's enrolment, or null on a panel nobody enrolled (a laptop, a fresh install). */
  getEnrolment(): Enrolment | null;
  setEnrolment(enrolment: Enrolment | null): void;
  /** True between "Enrol this panel" and the room being chosen by the panel's account. */
  isEnrolling(): boolean;
  setEnrolling(enrolling: boolean): void;
}

// A stored id that could not be a URL path segment (a hand-edited file) is not trusted either.
const SystemId = Type.String({ minLength: 1, pattern: SAFE_ID_PATTERN });

export interface SettingsOptions {
  dataDir: string;
  fileName?: string;
  /** Told when the file cannot be used (for the log); the settings carry on in memory. */
  onError?: (err: unknown) => void;
}

export function createSettings(options: SettingsOptions): Settings {
  const report = options.onError ?? (() => undefined);
  let conf: Conf<Record<string, unknown>> | null = null;
  try {
    conf = new Conf<Record<string, unknown>>({
      cwd: options.dataDir,
      configName: options.fileName ?? 'settings',
      clearInvalidConfig: true,
      configFileMode: 0o600,
      projectName: 'roomdeck',
    });
  } catch (err) {
    report(err);
  }
  /** What was set in this run and the file would not take, by key. */
  const remembered = new Map<string, unknown>();
  const read = (key: string): unknown => {
    if (remembered.has(key)) return remembered.get(key);
    try {
      return conf?.get(key);
    } catch (err) {
      report(err);
      return undefined;
    }
  };
  /** `undefined` deletes the key. */
  const write = (key: string, value: unknown): void => {
    remembered.set(key, value);
    try {
      if (conf === null) return;
      if (value === undefined) conf.delete(key);
      else conf.set(key, value);
      remembered.delete(key);
    } catch (err) {
      report(err);
    }
  };
  return {
    getSystemId() {
      const value = read('systemId');
      return Value.Check(SystemId, value) ? value : null;
    },
    setSystemId(systemId) {
      write('systemId', systemId ?? undefined);
    },
    getEnrolment() {
      const value = read('enrolment');
      return Value.Check(Enrolment, value) ? value : null;
    },
    setEnrolment(enrolment) {
      write('enrolment', enrolment ?? undefined);
    },
    isEnrolling() {
      return read('enrolling') === true;
    },
    setEnrolling(enrolling) {
      write('enrolling', enrolling ? true : undefined);
    },
  };
}
