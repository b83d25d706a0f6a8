import { describe, expect, it } from 'vitest';
import { type LastGoodStore, loadConfigKeepingLastGood } from '../../../electron/config/last-good.ts';
import { ConfigInvalidError, type LoadConfigInput } from '../../../electron/config/load.ts';

const DATA = '/var/lib/roomdeck';
const MACHINE = '/etc/roomdeck/config.json';

function memoryStore(): LastGoodStore & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return { files, read: (dir) => files.get(dir) ?? null, write: (dir, text) => files.set(dir, text) };
}

const input = (machine: string): LoadConfigInput => ({
  argv: ['--data-dir', DATA],
  env: {},
  platform: 'linux',
  homedir: '/home/panel',
  cwd: '/',
  readFile: (file) => (file === MACHINE ? machine : null),
  fileMode: () => 0o100600,
});
const dataDirOf = () => DATA;

const good = JSON.stringify({
  serverUrl: 'https://control.example.org',
  systemId: 'sys-huddle',
  kiosk: true,
  clientId: 'roomdeck-ci',
  clientSecret: 'shh',
  serviceAccount: { username: 'panel', password: 'pw' },
});

describe('keeping the last good configuration', () => {
  it('remembers a configuration that loaded, without its secrets', () => {
    const store = memoryStore();
    const outcome = loadConfigKeepingLastGood(input(good), dataDirOf, store);
    expect(outcome.problems).toBeNull();
    const kept = store.files.get(DATA) ?? '';
    expect(JSON.parse(kept)).toMatchObject({ systemId: 'sys-huddle', kiosk: true });
    expect(kept).not.toContain('shh');
    expect(kept).not.toContain('"pw"');
  });

  it('runs on the last good configuration when the file is damaged, and reports the problems', () => {
    const store = memoryStore();
    loadConfigKeepingLastGood(input(good), dataDirOf, store);
    const outcome = loadConfigKeepingLastGood(input('{ "kiosk": tru'), dataDirOf, store);
    expect(outcome.loaded.config).toMatchObject({
      serverUrl: 'https://control.example.org',
      systemId: 'sys-huddle',
      kiosk: true,
    });
    expect(outcome.problems?.problems[0]?.source).toBe(`machine config file ${MACHINE} line 1`);
    expect(outcome.loaded.sources.systemId).toMatch(/last good/);
  });

  it('without a last good configuration, the problems stand (the readable error screen)', () => {
    expect(() => loadConfigKeepingLastGood(input('{ "kiosk": tru'), dataDirOf, memoryStore())).toThrow(
      ConfigInvalidError,
    );
  });

  it('ignores a damaged last good file and reports the current problems', () => {
    const store = memoryStore();
    store.files.set(DATA, '{"serverUrl": 12');
    expect(() => loadConfigKeepingLastGood(input('[]'), dataDirOf, store)).toThrow(ConfigInvalidError);
  });
});
