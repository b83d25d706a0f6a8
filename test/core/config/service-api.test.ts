import { describe, expect, it } from 'vitest';
import {
  ConfigInvalidError,
  type ConfigProblem,
  type LoadConfigInput,
  loadConfig,
} from '../../../core/config/load.ts';

/** `service.api`: which API generation the service speaks (legacy, current, or auto = ask it once). */

const MACHINE = '/etc/roomdeck/config.json';

function load(input: Partial<LoadConfigInput> & { files?: Record<string, string> } = {}) {
  const { files = {}, ...rest } = input;
  return loadConfig({
    argv: [],
    env: {},
    platform: 'linux',
    homedir: '/home/panel',
    cwd: '/srv',
    readFile: (file) => files[file] ?? null,
    ...rest,
  });
}

function problemsOf(input: Parameters<typeof load>[0]): ConfigProblem[] {
  try {
    load(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigInvalidError);
    return [...(err as ConfigInvalidError).problems];
  }
  throw new Error('expected the configuration to be refused');
}

describe('service.api', () => {
  it('is auto unless configured', () => {
    const loaded = load();
    expect(loaded.config.service).toMatchObject({ api: 'auto' });
    expect(loaded.sources['service.api']).toBe('default');
  });

  it('comes from the file, then ROOMDECK_API, then --api, each saying where from', () => {
    const files = { [MACHINE]: '{\n  "service": { "api": "legacy" }\n}' };
    const fromFile = load({ files });
    expect(fromFile.config.service?.api).toBe('legacy');
    expect(fromFile.sources['service.api']).toBe(`machine config file ${MACHINE} line 2`);
    const fromEnv = load({ files, env: { ROOMDECK_API: 'current' } });
    expect(fromEnv.config.service?.api).toBe('current');
    expect(fromEnv.sources['service.api']).toBe('environment variable ROOMDECK_API');
    const fromFlag = load({ files, env: { ROOMDECK_API: 'current' }, argv: ['--api', 'auto'] });
    expect(fromFlag.config.service?.api).toBe('auto');
    expect(fromFlag.sources['service.api']).toBe('flag --api');
    expect(load({ argv: ['--api=current'] }).config.service?.api).toBe('current');
  });

  it('refuses a value it does not know, from any source, naming the values it takes', () => {
    const message = (got: string) => `must be "legacy", "current" or "auto" (got ${got})`;
    expect(problemsOf({ argv: ['--api', 'v2'] })).toEqual([
      { key: 'service.api', source: 'flag --api', message: message('"v2"') },
    ]);
    expect(problemsOf({ env: { ROOMDECK_API: 'Current' } })).toEqual([
      { key: 'service.api', source: 'environment variable ROOMDECK_API', message: message('"Current"') },
    ]);
    expect(problemsOf({ files: { [MACHINE]: '{\n  "service": {\n    "api": 2\n  }\n}' } })).toEqual([
      { key: 'service.api', source: `machine config file ${MACHINE} line 3`, message: message('2') },
    ]);
    expect(problemsOf({ argv: ['--api'] })).toEqual([
      { key: 'service.api', source: 'flag --api', message: 'needs a value (--api VALUE)' },
    ]);
  });

  it('refuses a service setting the file does not know, naming file and line', () => {
    expect(
      problemsOf({ files: { [MACHINE]: '{\n  "service": {\n    "generation": "current"\n  }\n}' } }),
    ).toEqual([
      {
        key: 'service.generation',
        source: `machine config file ${MACHINE} line 3`,
        message: 'is not a setting Roomdeck knows',
      },
    ]);
  });
});
