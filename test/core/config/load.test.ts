import { describe, expect, it } from 'vitest';
import {
  ConfigInvalidError,
  type ConfigProblem,
  defaultDataDir,
  type LoadConfigInput,
  loadConfig,
} from '../../../core/config/load.ts';

const DATA = '/var/lib/roomdeck-test';

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
    const error = err as ConfigInvalidError;
    expect(error.code).toBe('ROOMDECK_CONFIG_INVALID');
    expect(error.message).toMatch(/^ROOMDECK_CONFIG_INVALID/);
    for (const p of error.problems) expect(error.message).toContain(`${p.key} (${p.source}): ${p.message}`);
    return [...error.problems];
  }
  throw new Error('expected the configuration to be refused');
}

describe('loading the configuration', () => {
  it('with nothing configured, uses the defaults and asks for the embedded simulator', () => {
    const { config, browserHost, demo, configFile } = load();
    expect(config).toEqual({
      serverUrl: '',
      embeddedSimulator: true,
      clientId: 'roomdeck',
      scope: 'public',
      systemId: null,
      kiosk: false,
      poll: {
        fastMs: 250,
        fastForMs: 5000,
        idleMs: 2000,
        idleAfterMs: 120_000,
        probeMs: 2500,
        rarelyMs: 60_000,
      },
      panel: { screensaverAfterS: 120, stillUsingAfterS: 10_800, stillUsingAnswerS: 60 },
      allowInsecureVault: false,
      dataDir: '/home/panel/.config/Roomdeck',
      requestTimeoutMs: 8000,
      host: { address: '127.0.0.1', port: 0 },
      service: { live: 'on', api: 'auto' },
    });
    expect(browserHost).toBe(false);
    expect(demo).toBe(false);
    expect(configFile).toBeNull();
  });

  it('puts the data directory where Electron keeps user data on each platform', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/x/cfg' }, '/home/a')).toBe('/x/cfg/Roomdeck');
    expect(defaultDataDir('linux', {}, '/home/a')).toBe('/home/a/.config/Roomdeck');
    expect(defaultDataDir('darwin', {}, '/Users/a')).toBe('/Users/a/Library/Application Support/Roomdeck');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\Roomdeck',
    );
  });

  it('reads <dataDir>/config.json when present', () => {
    const { config, configFile } = load({
      argv: ['--data-dir', DATA],
      files: {
        [`${DATA}/config.json`]: JSON.stringify({ serverUrl: 'https://control.example.org', kiosk: true }),
      },
    });
    expect(configFile).toBe(`${DATA}/config.json`);
    expect(config).toMatchObject({
      serverUrl: 'https://control.example.org',
      embeddedSimulator: false,
      kiosk: true,
    });
    expect(config.dataDir).toBe(DATA);
  });

  it('lets the environment override the file, and flags override both', () => {
    const files = {
      '/etc/roomdeck.json': JSON.stringify({
        serverUrl: 'https://file.example.org',
        clientId: 'from-file',
        systemId: 'sys-file',
        poll: { idleMs: 3000 },
        host: { port: 7000 },
      }),
    };
    const env = {
      ROOMDECK_CONFIG: '/etc/roomdeck.json',
      ROOMDECK_SERVER_URL: 'https://env.example.org',
      ROOMDECK_CLIENT_ID: 'from-env',
      ROOMDECK_KIOSK: 'yes',
      ROOMDECK_PORT: '7001',
    };
    const fileOnly = load({ env: { ROOMDECK_CONFIG: '/etc/roomdeck.json' }, files }).config;
    expect(fileOnly).toMatchObject({
      serverUrl: 'https://file.example.org',
      clientId: 'from-file',
      kiosk: false,
    });
    expect(fileOnly.poll).toEqual({
      fastMs: 250,
      fastForMs: 5000,
      idleMs: 3000,
      idleAfterMs: 120_000,
      probeMs: 2500,
      rarelyMs: 60_000,
    });

    const withEnv = load({ env, files }).config;
    expect(withEnv).toMatchObject({
      serverUrl: 'https://env.example.org',
      clientId: 'from-env',
      systemId: 'sys-file',
      kiosk: true,
      host: { address: '127.0.0.1', port: 7001 },
    });

    const withFlags = load({
      env,
      files,
      argv: [
        '--server=https://flag.example.org/base/',
        '--client-id',
        'from-flag',
        '--system',
        'sys-flag',
        '--port',
        '7002',
      ],
    });
    expect(withFlags.config).toMatchObject({
      serverUrl: 'https://flag.example.org/base',
      clientId: 'from-flag',
      systemId: 'sys-flag',
      host: { port: 7002 },
    });
  });

  it('reads every flag', () => {
    const { config, browserHost, demo } = load({
      argv: [
        '--demo',
        '--server',
        'http://127.0.0.1:4010',
        '--client-id',
        'panel',
        '--system',
        'sys-1',
        '--kiosk',
        '--browser-host',
        '--port',
        '8123',
        '--data-dir',
        'data',
        '--allow-insecure-vault',
      ],
    });
    expect(browserHost).toBe(true);
    expect(demo).toBe(true);
    expect(config).not.toHaveProperty('demo');
    expect(config).toMatchObject({
      serverUrl: 'http://127.0.0.1:4010',
      embeddedSimulator: false,
      clientId: 'panel',
      systemId: 'sys-1',
      kiosk: true,
      allowInsecureVault: true,
      dataDir: '/srv/data',
      host: { port: 8123 },
    });
  });

  it('takes the embedded simulator’s URL from npm start when nothing else names a service', () => {
    const env = { ROOMDECK_EMBEDDED_SIMULATOR_URL: 'http://127.0.0.1:39001' };
    expect(load({ env }).config).toMatchObject({
      serverUrl: 'http://127.0.0.1:39001',
      embeddedSimulator: true,
    });
    expect(load({ env, argv: ['--server', 'https://real.example.org'] }).config).toMatchObject({
      serverUrl: 'https://real.example.org',
      embeddedSimulator: false,
    });
  });

  it('can ignore switches Electron and Chromium add', () => {
    expect(load({ argv: ['--enable-logging', '--kiosk'], unknownFlags: 'ignore' }).config.kiosk).toBe(true);
  });
});

describe('refusing a configuration', () => {
  it('refuses http to a service on another computer, naming key and source', () => {
    expect(problemsOf({ argv: ['--server', 'http://control.example.org'] })).toEqual([
      {
        key: 'serverUrl',
        source: 'flag --server',
        message: 'must use https unless the service runs on this computer (got http://control.example.org)',
      },
    ]);
  });

  it('allows http only on loopback addresses', () => {
    for (const url of [
      'http://127.0.0.1:4010',
      'http://localhost:4010',
      'http://[::1]:4010',
      'http://127.1.2.3',
    ]) {
      expect(load({ argv: ['--server', url] }).config.embeddedSimulator).toBe(false);
    }
  });

  it('refuses server URLs that are not URLs, carry credentials or a query, or use another scheme', () => {
    const cases: [string, RegExp][] = [
      ['not a url', /is not a URL/],
      ['https://user:pw@control.example.org', /user name or password/],
      ['https://control.example.org/?x=1', /query or fragment/],
      ['ftp://control.example.org', /must be an https URL/],
    ];
    for (const [url, message] of cases) {
      const [problem] = problemsOf({ env: { ROOMDECK_SERVER_URL: url } });
      expect(problem).toMatchObject({ key: 'serverUrl', source: 'environment variable ROOMDECK_SERVER_URL' });
      expect(problem?.message).toMatch(message);
    }
  });

  it('refuses unknown flags, flags without values, and bad numbers', () => {
    expect(problemsOf({ argv: ['--sever', 'x'] }).map((p) => p.key)).toEqual(['--sever', 'x']);
    expect(problemsOf({ argv: ['--port'] })).toEqual([
      { key: 'host.port', source: 'flag --port', message: 'needs a value (--port N)' },
    ]);
    expect(problemsOf({ argv: ['--port', 'eighty'] })).toEqual([
      { key: 'host.port', source: 'flag --port', message: 'must be a whole number (got "eighty")' },
    ]);
    expect(problemsOf({ argv: ['--port', '70000'] })).toEqual([
      { key: 'host.port', source: 'flag --port', message: 'Expected integer to be less or equal to 65535' },
    ]);
  });

  it('refuses environment values of the wrong kind', () => {
    expect(problemsOf({ env: { ROOMDECK_KIOSK: 'sometimes', ROOMDECK_REQUEST_TIMEOUT_MS: '5s' } })).toEqual([
      {
        key: 'kiosk',
        source: 'environment variable ROOMDECK_KIOSK',
        message: expect.stringMatching(/true or false/),
      },
      {
        key: 'requestTimeoutMs',
        source: 'environment variable ROOMDECK_REQUEST_TIMEOUT_MS',
        message: 'must be a whole number (got "5s")',
      },
    ]);
    expect(problemsOf({ env: { ROOMDECK_REQUEST_TIMEOUT_MS: '10' } })).toEqual([
      {
        key: 'requestTimeoutMs',
        source: 'environment variable ROOMDECK_REQUEST_TIMEOUT_MS',
        message: 'Expected integer to be greater or equal to 100',
      },
    ]);
  });

  it('refuses a named config file that does not exist', () => {
    expect(problemsOf({ argv: ['--config', 'missing.json'] })).toEqual([
      { key: 'configFile', source: 'flag --config', message: 'no such file: /srv/missing.json' },
    ]);
  });

  it('refuses a config file that is not JSON', () => {
    const text = '{\n  "serverUrl": "https://x.example.org",\n  "kiosk": tru\n}';
    const [problem] = problemsOf({ argv: ['--config', '/c.json'], files: { '/c.json': text } });
    expect(problem).toMatchObject({ key: '(file)', source: 'config file /c.json line 3' });
    expect(problem?.message).toMatch(/^is not valid JSON/);
  });

  it('refuses unknown keys and wrongly typed values in the config file, all at once', () => {
    // Each problem names the line of the field at fault, as an installer's editor shows it.
    const file = JSON.stringify(
      {
        serverURL: 'https://x.example.org',
        kiosk: 'yes',
        poll: { fastMs: 10, slowMs: 1 },
        host: { port: -1 },
      },
      null,
      2,
    );
    expect(problemsOf({ argv: ['--config', '/c.json'], files: { '/c.json': file } })).toEqual([
      { key: 'serverURL', source: 'config file /c.json line 2', message: 'is not a setting Roomdeck knows' },
      { key: 'kiosk', source: 'config file /c.json line 3', message: 'Expected boolean' },
      {
        key: 'poll.slowMs',
        source: 'config file /c.json line 6',
        message: 'is not a setting Roomdeck knows',
      },
      {
        key: 'poll.fastMs',
        source: 'config file /c.json line 5',
        message: 'Expected integer to be greater or equal to 100',
      },
      {
        key: 'host.port',
        source: 'config file /c.json line 9',
        message: 'Expected integer to be greater or equal to 0',
      },
    ]);
  });

  it('refuses a browser host address that is not loopback', () => {
    const file = JSON.stringify({ host: { address: '0.0.0.0' } });
    expect(problemsOf({ argv: ['--config', '/c.json'], files: { '/c.json': file } })).toEqual([
      {
        key: 'host.address',
        source: 'config file /c.json line 1',
        message: 'must be a loopback address such as 127.0.0.1: the browser host has no TLS (got 0.0.0.0)',
      },
    ]);
  });

  it('refuses a service account without a client secret', () => {
    const file = JSON.stringify({
      serverUrl: 'https://control.example.org',
      serviceAccount: { username: 'panel@demo.local', password: 'demo' },
    });
    expect(problemsOf({ argv: ['--config', '/c.json'], files: { '/c.json': file } })).toEqual([
      {
        key: 'serviceAccount',
        source: 'config file /c.json line 1',
        message: expect.stringMatching(/clientSecret/),
      },
    ]);
    const withSecret = JSON.parse(file);
    withSecret.clientSecret = 's3cret';
    const files = { '/c.json': JSON.stringify(withSecret) };
    expect(load({ argv: ['--config', '/c.json'], files }).config.serviceAccount?.username).toBe(
      'panel@demo.local',
    );
  });

  it('refuses an embedded simulator URL that is not on this computer', () => {
    expect(problemsOf({ env: { ROOMDECK_EMBEDDED_SIMULATOR_URL: 'https://elsewhere.example.org' } })).toEqual(
      [
        {
          key: 'serverUrl',
          source: 'environment variable ROOMDECK_EMBEDDED_SIMULATOR_URL',
          message: 'must be the loopback URL of the embedded simulator',
        },
      ],
    );
  });

  it('refuses empty flag values', () => {
    expect(problemsOf({ argv: ['--client-id='] })).toEqual([
      { key: 'clientId', source: 'flag --client-id', message: 'must not be empty' },
    ]);
  });
});

describe('managed configuration: the machine-wide file', () => {
  const MACHINE = '/etc/roomdeck/config.json';
  const USER = '/home/panel/.config/Roomdeck/config.json';

  it('is read from each platform’s place', () => {
    const seen: string[] = [];
    for (const [platform, env] of [
      ['linux', {}],
      ['darwin', {}],
      ['win32', { ProgramData: 'D:\\ProgramData', APPDATA: 'D:\\Users\\p\\AppData\\Roaming' }],
    ] as const) {
      load({
        platform,
        env,
        readFile: (file) => {
          seen.push(file);
          return null;
        },
      });
    }
    expect(seen).toContain('/etc/roomdeck/config.json');
    expect(seen).toContain('/Library/Application Support/Roomdeck/config.json');
    expect(seen).toContain('D:\\ProgramData\\Roomdeck\\config.json');
  });

  it('sits below the user’s file, the environment and flags, and every value says where it came from', () => {
    const machine = JSON.stringify(
      {
        serverUrl: 'https://control.example.org',
        systemId: 'sys-machine',
        kiosk: true,
        requestTimeoutMs: 9000,
      },
      null,
      2,
    );
    const user = JSON.stringify({ systemId: 'sys-user', requestTimeoutMs: 7000 }, null, 2);
    const loaded = load({
      files: { [MACHINE]: machine, [USER]: user },
      env: { ROOMDECK_REQUEST_TIMEOUT_MS: '6000' },
      argv: ['--system', 'sys-flag'],
    });
    expect(loaded.config).toMatchObject({
      serverUrl: 'https://control.example.org',
      kiosk: true,
      systemId: 'sys-flag',
      requestTimeoutMs: 6000,
    });
    expect(loaded.machineFile).toBe(MACHINE);
    expect(loaded.configFile).toBe(USER);
    expect(loaded.sources).toMatchObject({
      serverUrl: `machine config file ${MACHINE} line 2`,
      kiosk: `machine config file ${MACHINE} line 4`,
      systemId: 'flag --system',
      requestTimeoutMs: 'environment variable ROOMDECK_REQUEST_TIMEOUT_MS',
      clientId: 'default',
    });
  });

  it('refuses a secret in a file other users can read, naming file, line and what to do', () => {
    const machine = JSON.stringify(
      {
        serverUrl: 'https://control.example.org',
        clientId: 'roomdeck-ci',
        clientSecret: 'not-for-everyone',
        serviceAccount: { username: 'panel', password: 'also-secret' },
      },
      null,
      2,
    );
    const problems = problemsOf({ files: { [MACHINE]: machine }, fileMode: () => 0o100644 });
    expect(problems.map((p) => [p.key, p.source])).toEqual([
      ['clientSecret', `machine config file ${MACHINE} line 4`],
      ['serviceAccount.password', `machine config file ${MACHINE} line 7`],
    ]);
    expect(problems[0]?.message).toMatch(/chmod 600/);
    expect(problems.map((p) => p.message).join(' ')).not.toContain('not-for-everyone');
    // Readable by its owner only: accepted.
    expect(load({ files: { [MACHINE]: machine }, fileMode: () => 0o100600 }).config.clientSecret).toBe(
      'not-for-everyone',
    );
  });

  it('names the machine file and line when it is damaged', () => {
    const problems = problemsOf({ files: { [MACHINE]: '{\n  "kiosk": true,\n  "systemId": \n}' } });
    expect(problems).toEqual([
      {
        key: '(file)',
        source: `machine config file ${MACHINE} line 4`,
        message: expect.stringMatching(/^is not valid JSON/),
      },
    ]);
  });
});

describe('the technician PIN in the configuration', () => {
  const MACHINE = '/etc/roomdeck/config.json';
  const HASH = 'scrypt$32768$8$1$478UUnwdIQoS8yNS8BsXPQ$mFmJj0bJbsT2pfpT9RqMF3R1H6aJVtgiiGY6qUCmFik';
  const file = (settings: Record<string, unknown>) =>
    JSON.stringify({ serverUrl: 'https://control.example.org', kiosk: true, ...settings }, null, 2);

  it('takes a hash from a file readable by its owner only, with the inactivity timeout', () => {
    const { config } = load({
      files: { [MACHINE]: file({ technicianPin: HASH, technicianIdleS: 90 }) },
      fileMode: () => 0o100600,
    });
    expect(config).toMatchObject({ technicianPin: HASH, technicianIdleS: 90 });
  });

  it('refuses a PIN in clear, saying how to make a hash, without repeating the PIN', () => {
    const problems = problemsOf({
      files: { [MACHINE]: file({ technicianPin: '482913' }) },
      fileMode: () => 0o100600,
    });
    expect(problems).toEqual([
      {
        key: 'technicianPin',
        source: `machine config file ${MACHINE} line 4`,
        message: expect.stringMatching(/npm run pin-hash/),
      },
    ]);
    expect(problems[0]?.message).not.toContain('482913');
  });

  it('treats the hash as a secret: a file other users can read is refused', () => {
    const problems = problemsOf({
      files: { [MACHINE]: file({ technicianPin: HASH }) },
      fileMode: () => 0o100644,
    });
    expect(problems.map((p) => p.key)).toEqual(['technicianPin']);
    expect(problems[0]?.message).toMatch(/chmod 600/);
  });

  it('takes both from flags too', () => {
    const { config } = load({ argv: ['--technician-pin', HASH, '--technician-idle', '30'] });
    expect(config).toMatchObject({ technicianPin: HASH, technicianIdleS: 30 });
  });
});

describe('the end-session page', () => {
  it('is read from the environment and must be https (or loopback), without a query', () => {
    const ok = load({ env: { ROOMDECK_END_SESSION_URL: 'https://control.example.org/auth/logout/' } });
    expect(ok.config.endSessionUrl).toBe('https://control.example.org/auth/logout');
    expect(load().config.endSessionUrl).toBeUndefined();
    expect(() => load({ env: { ROOMDECK_END_SESSION_URL: 'http://control.example.org/logout' } })).toThrow(
      /endSessionUrl.*https/s,
    );
  });
});

describe('the update feed', () => {
  const machine = '/etc/roomdeck/config.json';
  const files = {
    [machine]: JSON.stringify({ updates: { url: 'https://updates.example.org/roomdeck/', channel: 'beta' } }),
  };

  it('is off unless configured', () => {
    expect(load().config.updates).toBeUndefined();
  });

  it('comes from the machine file, then the environment, then flags, each value saying where from', () => {
    const fromFile = load({ files });
    expect(fromFile.config.updates).toEqual({ url: 'https://updates.example.org/roomdeck', channel: 'beta' });
    expect(fromFile.sources['updates.url']).toBe(`machine config file ${machine} line 1`);

    const env = { ROOMDECK_UPDATE_URL: 'https://env.example.org/feed', ROOMDECK_UPDATE_CHANNEL: 'stable' };
    const fromEnv = load({ files, env });
    expect(fromEnv.config.updates).toEqual({ url: 'https://env.example.org/feed', channel: 'stable' });
    expect(fromEnv.sources['updates.channel']).toBe('environment variable ROOMDECK_UPDATE_CHANNEL');

    const fromFlags = load({
      files,
      env,
      argv: ['--update-url', 'http://127.0.0.1:8080/feed', '--update-channel=beta'],
    });
    expect(fromFlags.config.updates).toEqual({ url: 'http://127.0.0.1:8080/feed', channel: 'beta' });
    expect(fromFlags.sources['updates.url']).toBe('flag --update-url');
  });

  it('refuses an http feed on another computer and an unknown channel, in words an installer can act on', () => {
    const problems = problemsOf({
      env: { ROOMDECK_UPDATE_URL: 'http://updates.example.org/feed', ROOMDECK_UPDATE_CHANNEL: 'nightly' },
    });
    expect(problems).toEqual([
      {
        key: 'updates.url',
        source: 'environment variable ROOMDECK_UPDATE_URL',
        message:
          'must use https unless the update feed runs on this computer (got http://updates.example.org)',
      },
      {
        key: 'updates.channel',
        source: 'environment variable ROOMDECK_UPDATE_CHANNEL',
        message: 'must be "stable" or "beta" (got "nightly")',
      },
    ]);
  });

  it('refuses a feed setting the file does not know, naming file and line', () => {
    const problems = problemsOf({
      files: { [machine]: '{\n  "updates": {\n    "feed": "https://x.example.org"\n  }\n}' },
    });
    expect(problems).toEqual([
      {
        key: 'updates.feed',
        source: `machine config file ${machine} line 3`,
        message: 'is not a setting Roomdeck knows',
      },
    ]);
  });
});
