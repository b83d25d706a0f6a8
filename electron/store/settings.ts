import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Conf from 'conf';

/**
 * What a panel remembers that is not a secret: the room chosen on it, and whether a technician
 * enrolled it (bound it to that room for good; its own account's tokens are in the vault). Kept
 * with `conf` in the data directory (plain Node, so it runs in tests and in the browser host
 * alike). Read values are checked; a damaged file is reset rather than trusted.
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

const SystemId = Type.String({ minLength: 1 });

export function createSettings(options: { dataDir: string; fileName?: string }): Settings {
  const conf = new Conf<Record<string, unknown>>({
    cwd: options.dataDir,
    configName: options.fileName ?? 'settings',
    clearInvalidConfig: true,
    configFileMode: 0o600,
    projectName: 'roomdeck',
  });
  return {
    getSystemId() {
      const value = conf.get('systemId');
      return Value.Check(SystemId, value) ? value : null;
    },
    setSystemId(systemId) {
      if (systemId === null) conf.delete('systemId');
      else conf.set('systemId', systemId);
    },
    getEnrolment() {
      const value = conf.get('enrolment');
      return Value.Check(Enrolment, value) ? value : null;
    },
    setEnrolment(enrolment) {
      if (enrolment === null) conf.delete('enrolment');
      else conf.set('enrolment', enrolment);
    },
    isEnrolling() {
      return conf.get('enrolling') === true;
    },
    setEnrolling(enrolling) {
      if (enrolling) conf.set('enrolling', true);
      else conf.delete('enrolling');
    },
  };
}
