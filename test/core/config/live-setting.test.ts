import { describe, expect, it } from 'vitest';
import { ConfigInvalidError, type LoadConfigInput, loadConfig } from '../../../core/config/load.ts';

/** `service.live`: the control websocket on (default) or off, from each source. */

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

describe('service.live', () => {
  it('is on unless something says otherwise', () => {
    const loaded = load();
    expect(loaded.config.service?.live).toBe('on');
    expect(loaded.sources['service.live']).toBe('default');
  });

  it('is switched off by the flag, the environment or the machine file, flags winning', () => {
    expect(load({ argv: ['--live', 'off'] }).config.service?.live).toBe('off');
    expect(load({ argv: ['--live=off'] }).config.service?.live).toBe('off');
    expect(load({ env: { ROOMDECK_LIVE: 'off' } }).config.service?.live).toBe('off');
    const files = { '/etc/roomdeck/config.json': JSON.stringify({ service: { live: 'off' } }) };
    const fromFile = load({ files });
    expect(fromFile.config.service?.live).toBe('off');
    expect(fromFile.sources['service.live']).toContain('/etc/roomdeck/config.json');
    expect(load({ files, env: { ROOMDECK_LIVE: 'on' }, argv: ['--live', 'off'] }).config.service?.live).toBe(
      'off',
    );
    expect(load({ files, env: { ROOMDECK_LIVE: 'on' } }).config.service?.live).toBe('on');
  });

  it('refuses anything but on or off, naming the setting and where it came from', () => {
    for (const input of [
      { argv: ['--live', 'maybe'] },
      { env: { ROOMDECK_LIVE: 'true' } },
      { files: { '/etc/roomdeck/config.json': JSON.stringify({ service: { live: 'yes' } }) } },
    ]) {
      let error: unknown;
      try {
        load(input);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigInvalidError);
      const problem = (error as ConfigInvalidError).problems.find((p) => p.key === 'service.live');
      expect(problem?.message).toMatch(/must be "on" or "off"/);
      expect(problem?.source).not.toBe('');
    }
  });

  it('refuses an unknown key under service in a file', () => {
    const files = { '/etc/roomdeck/config.json': JSON.stringify({ service: { live: 'on', bogus: 1 } }) };
    expect(() => load({ files })).toThrow(/service\.bogus.*not a setting Roomdeck knows/);
  });
});
