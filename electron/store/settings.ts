import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Conf from 'conf';

/**
 * What a panel remembers that is not a secret: the room chosen on it. Kept with `conf` in the data
 * directory (plain Node, so it runs in tests and in the browser host alike). Read values are checked;
 * a damaged file is reset rather than trusted, and a file that cannot be read or written at all (a
 * folder in its place, wrong owner, full disk) means defaults for this run: the choice is kept in
 * memory, and the panel runs on, never a dead process over a preference.
 */
export interface Settings {
  getSystemId(): string | null;
  setSystemId(systemId: string | null): void;
}

const SystemId = Type.String({ minLength: 1 });

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
  /** The last choice made in this run, for when the file will not take it. */
  let remembered: { systemId: string | null } | null = null;
  return {
    getSystemId() {
      if (remembered !== null) return remembered.systemId;
      try {
        const value = conf?.get('systemId');
        return Value.Check(SystemId, value) ? value : null;
      } catch (err) {
        report(err);
        return null;
      }
    },
    setSystemId(systemId) {
      remembered = { systemId };
      try {
        if (conf === null) return;
        if (systemId === null) conf.delete('systemId');
        else conf.set('systemId', systemId);
        remembered = null;
      } catch (err) {
        report(err);
      }
    },
  };
}
