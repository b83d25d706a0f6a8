import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Conf from 'conf';
import { SAFE_ID_PATTERN } from '../api/ids.ts';

/**
 * What a panel remembers that is not a secret: the room chosen on it. Kept with `conf` in the data
 * directory (plain Node, so it runs in tests and in the browser host alike). Read values are checked;
 * a damaged file is reset rather than trusted.
 */
export interface Settings {
  getSystemId(): string | null;
  setSystemId(systemId: string | null): void;
}

// A stored id that could not be a URL path segment (a hand-edited file) is not trusted either.
const SystemId = Type.String({ minLength: 1, pattern: SAFE_ID_PATTERN });

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
