import { describe, expect, it } from 'vitest';
import { ConfigInvalidError, type ConfigProblem, loadConfig } from '../../../core/config/load.ts';

/**
 * The command line as installers and Electron write it, at the edges a hand-written parser and
 * `node:util` parseArgs read differently: these pin what Roomdeck says, whichever parser reads it.
 */

const load = (argv: string[], unknownFlags: 'error' | 'ignore' = 'error') =>
  loadConfig({
    argv,
    env: {},
    platform: 'linux',
    homedir: '/home/panel',
    cwd: '/srv',
    readFile: () => null,
    unknownFlags,
  });

function problemsOf(argv: string[]): ConfigProblem[] {
  try {
    load(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigInvalidError);
    return [...(err as ConfigInvalidError).problems];
  }
  throw new Error('expected the command line to be refused');
}

const OPTIONS =
  '(options: --server --client-id --system --kiosk --hide-cursor --support-contact --port --data-dir ' +
  '--allow-insecure-vault --config --browser-host --demo --screensaver-after --still-using-after ' +
  '--still-using-answer --locale --languages --clock --technician-pin --technician-idle --update-url --update-channel --live --api)';

describe('reading the command line', () => {
  it('reports every wrong argument at once, each in its own words, listing the options', () => {
    expect(problemsOf(['--sever', 'x', '-k', '--port', 'eighty', '--kiosk=maybe'])).toEqual([
      { key: '--sever', source: 'command line', message: `is not an option Roomdeck knows ${OPTIONS}` },
      { key: 'x', source: 'command line', message: `is not expected here ${OPTIONS}` },
      { key: '-k', source: 'command line', message: `is not an option Roomdeck knows ${OPTIONS}` },
      { key: 'host.port', source: 'flag --port', message: 'must be a whole number (got "eighty")' },
      {
        key: 'kiosk',
        source: 'flag --kiosk',
        message: 'must be true or false (1/0, yes/no; got "maybe")',
      },
    ]);
  });

  it('names a group of short options, an unknown flag with a value, and a lone dash as written', () => {
    expect(problemsOf(['-abc', '--sever=x', '-']).map((p) => [p.key, p.message.split(' (')[0]])).toEqual([
      ['-abc', 'is not an option Roomdeck knows'],
      ['--sever=x', 'is not an option Roomdeck knows'],
      ['-', 'is not an option Roomdeck knows'],
    ]);
  });

  it('takes a flag that follows a flag wanting a value as a flag, not as the value', () => {
    expect(problemsOf(['--port', '--kiosk', '--system'])).toEqual([
      { key: 'host.port', source: 'flag --port', message: 'needs a value (--port N)' },
      { key: 'systemId', source: 'flag --system', message: 'needs a value (--system VALUE)' },
    ]);
    // Where unknown flags are ignored (Electron), the flag after still counts.
    expect(() => load(['--port', '--kiosk'], 'ignore')).toThrow(/needs a value/);
  });

  it('reads flags after a bare "--" too, reporting the "--" itself', () => {
    expect(problemsOf(['--', '--port', 'x']).map((p) => p.key)).toEqual(['--', 'host.port']);
    expect(load(['--', '--kiosk'], 'ignore').config.kiosk).toBe(true);
  });

  it('takes values that start with a single dash, booleans written out, and the last of a repeated flag', () => {
    expect(load(['--system', '-b12', '--kiosk=no', '--port', '1', '--port=2']).config).toMatchObject({
      systemId: '-b12',
      kiosk: false,
      host: { port: 2 },
    });
    expect(problemsOf(['--port', '-1'])).toEqual([
      { key: 'host.port', source: 'flag --port', message: 'must be a whole number (got "-1")' },
    ]);
  });

  it('does not take names from the prototype for flags', () => {
    expect(problemsOf(['--constructor', '--__proto__', '--toString=x']).map((p) => p.key)).toEqual([
      '--constructor',
      '--__proto__',
      '--toString=x',
    ]);
  });

  it('ignores what Electron and Chromium add, values included', () => {
    const { config } = load(
      ['--remote-debugging-port', '9222', '--enable-logging=file', '-v', '--kiosk'],
      'ignore',
    );
    expect(config.kiosk).toBe(true);
  });
});
