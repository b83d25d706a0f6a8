import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Conf from 'conf';

/**
 * What a panel remembers that is not a secret: the room chosen on it. Kept with `conf` in the data
 * directory (plain Node, so it runs in tests and in the browser host alike). Read values are checked;
 * a damaged file is reset rather than trusted.
 */
export interface Settings {
  getSystemId(): string | null;
  setSystemId(systemId: string | null): void;
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
  };
}
