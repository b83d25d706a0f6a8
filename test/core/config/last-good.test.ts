import { describe, expect, it } from 'vitest';
import { type LastGoodStore, loadConfigKeepingLastGood } from '../../../core/config/last-good.ts';
import { ConfigInvalidError, type LoadConfigInput } from '../../../core/config/load.ts';

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

  it('still applies this start’s command line and environment on the fallback', () => {
    const store = memoryStore();
    loadConfigKeepingLastGood(input(good), dataDirOf, store);
    const refused = {
      ...input('{ "kiosk": tru'),
      argv: ['--data-dir', DATA, '--browser-host', '--port', '8123', '--support-contact', 'AV desk'],
      env: { ROOMDECK_SYSTEM_ID: 'sys-boardroom' },
    };
    const outcome = loadConfigKeepingLastGood(refused, dataDirOf, store);
    expect(outcome.problems).toBeInstanceOf(ConfigInvalidError);
    expect(outcome.loaded.browserHost).toBe(true);
    expect(outcome.loaded.config).toMatchObject({
      serverUrl: 'https://control.example.org',
      kiosk: true,
      systemId: 'sys-boardroom',
      supportContact: 'AV desk',
      host: { address: '127.0.0.1', port: 8123 },
    });
    expect(outcome.loaded.sources['host.port']).toBe('flag --port');
    expect(outcome.loaded.sources.systemId).toBe('environment variable ROOMDECK_SYSTEM_ID');
    expect(outcome.loaded.sources.serverUrl).toMatch(/last good/);
  });

  it('a file refused for a secret others can read (0644) keeps --browser-host and --demo', () => {
    const store = memoryStore();
    loadConfigKeepingLastGood(input(good), dataDirOf, store);
    const open = {
      ...input(good),
      argv: ['--data-dir', DATA, '--browser-host', '--demo'],
      fileMode: () => 0o100644,
    };
    const outcome = loadConfigKeepingLastGood(open, dataDirOf, store);
    expect(outcome.problems?.problems.map((p) => p.key)).toEqual(['clientSecret', 'serviceAccount.password']);
    expect(outcome.loaded).toMatchObject({ browserHost: true, demo: true });
    expect(outcome.loaded.config.clientSecret).toBeUndefined();
  });

  it('flags that do not resolve even on the last good configuration: it runs as it was, still in the browser', () => {
    const store = memoryStore();
    loadConfigKeepingLastGood(input(good), dataDirOf, store);
    const bad = {
      ...input('{ "kiosk": tru'),
      argv: ['--data-dir', DATA, '--browser-host', '--server', 'http://control.example.org'],
    };
    const outcome = loadConfigKeepingLastGood(bad, dataDirOf, store);
    expect(outcome.loaded.browserHost).toBe(true);
    expect(outcome.loaded.config.serverUrl).toBe('https://control.example.org');
    expect(outcome.loaded.sources.serverUrl).toMatch(/last good/);
  });

  it('an embedded simulator’s address is not taken from the last good file but from this start', () => {
    const store = memoryStore();
    const embedded = {
      ...input('{ "kiosk": true }'),
      env: { ROOMDECK_EMBEDDED_SIMULATOR_URL: 'http://127.0.0.1:4010' },
    };
    loadConfigKeepingLastGood(embedded, dataDirOf, store);
    const next = {
      ...embedded,
      readFile: () => '{ "kiosk": tru',
      env: { ROOMDECK_EMBEDDED_SIMULATOR_URL: 'http://127.0.0.1:5020' },
    };
    const outcome = loadConfigKeepingLastGood(next, dataDirOf, store);
    expect(outcome.problems).not.toBeNull();
    expect(outcome.loaded.config).toMatchObject({
      embeddedSimulator: true,
      serverUrl: 'http://127.0.0.1:5020',
      kiosk: true,
    });
  });
});
