import { describe, expect, it } from 'vitest';
import { ConfigInvalidError, type LoadConfigInput, loadConfig } from '../../../core/config/load.ts';

/**
 * The panel's language settings: `panel.locale`, `panel.languages`, `panel.clock` from
 * the machine file, the environment and the command line, and what an installer reads when one
 * is wrong.
 */

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

const machineFile = (panel: Record<string, unknown>) => ({ [MACHINE]: JSON.stringify({ panel }, null, 2) });

function problemsOf(input: Parameters<typeof load>[0]) {
  try {
    load(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigInvalidError);
    return [...(err as ConfigInvalidError).problems];
  }
  throw new Error('expected the configuration to be refused');
}

describe('panel language settings', () => {
  it('manages nothing by default: no locale, no languages offered, times as the language writes them', () => {
    const { config } = load();
    expect(config.panel.locale).toBeUndefined();
    expect(config.panel.languages).toBeUndefined();
    expect(config.panel.clock).toBeUndefined();
  });

  it('reads the flags, each language tag made canonical', () => {
    const { config, sources } = load({
      argv: ['--locale', 'DE-ch', '--languages', 'de, EN ,ar', '--clock=24h'],
    });
    expect(config.panel.locale).toBe('de-CH');
    expect(config.panel.languages).toEqual(['de', 'en', 'ar']);
    expect(config.panel.clock).toBe('24h');
    expect(sources['panel.locale']).toBe('flag --locale');
    expect(sources['panel.languages']).toBe('flag --languages');
  });

  it('reads the environment and the machine file, flags over environment over file', () => {
    const files = machineFile({ locale: 'ar', languages: ['ar', 'en'], clock: '12h' });
    const fromFile = load({ files });
    expect(fromFile.config.panel).toMatchObject({ locale: 'ar', languages: ['ar', 'en'], clock: '12h' });
    expect(fromFile.sources['panel.locale']).toBe(`machine config file ${MACHINE} line 3`);
    // The timers the file does not set keep their defaults beside the language settings.
    expect(fromFile.config.panel.screensaverAfterS).toBe(120);

    const env = { ROOMDECK_LOCALE: 'de', ROOMDECK_LANGUAGES: 'de,en', ROOMDECK_CLOCK: '24h' };
    const fromEnv = load({ files, env });
    expect(fromEnv.config.panel).toMatchObject({ locale: 'de', languages: ['de', 'en'], clock: '24h' });
    expect(fromEnv.sources['panel.clock']).toBe('environment variable ROOMDECK_CLOCK');

    const fromFlags = load({ files, env, argv: ['--locale', 'en', '--clock', 'locale'] });
    expect(fromFlags.config.panel).toMatchObject({ locale: 'en', languages: ['de', 'en'], clock: 'locale' });
  });

  it('accepts a well-formed tag Roomdeck does not ship (the panel falls back at run time)', () => {
    const { config } = load({ argv: ['--locale', 'fr-CA', '--languages', 'fr,mi,en'] });
    expect(config.panel.locale).toBe('fr-CA');
    expect(config.panel.languages).toEqual(['fr', 'mi', 'en']);
  });

  it('offers each language once when the list names one twice', () => {
    expect(load({ argv: ['--languages', 'de,DE,en'] }).config.panel.languages).toEqual(['de', 'en']);
  });

  it('refuses a word, a POSIX locale and a wrong clock, naming the setting, the source and the fix', () => {
    expect(
      problemsOf({ argv: ['--locale', 'German', '--clock', '24'], env: { ROOMDECK_LANGUAGES: 'de,de_DE' } }),
    ).toEqual([
      {
        key: 'panel.locale',
        source: 'flag --locale',
        message: 'is not a language tag: write one such as "de", "en-GB" or "ar" (got "German")',
      },
      {
        key: 'panel.languages',
        source: 'environment variable ROOMDECK_LANGUAGES',
        message: '"de_DE" must be written with hyphens: "de-DE" (got "de_DE")',
      },
      {
        key: 'panel.clock',
        source: 'flag --clock',
        message: 'must be "locale" (as the language writes times), "12h" or "24h" (got "24")',
      },
    ]);
  });

  it('refuses wrong kinds in the file with the file and line', () => {
    const files = machineFile({ locale: 42, languages: 'de,en', clock: true });
    const problems = problemsOf({ files });
    expect(problems.map((p) => [p.key, p.source, p.message])).toEqual([
      [
        'panel.locale',
        `machine config file ${MACHINE} line 3`,
        'must be a language tag such as "de", "en-GB" or "ar" (got 42)',
      ],
      [
        'panel.languages',
        `machine config file ${MACHINE} line 4`,
        'must be a list of language tags such as ["de", "en", "ar"] (got "de,en")',
      ],
      [
        'panel.clock',
        `machine config file ${MACHINE} line 5`,
        'must be "locale" (as the language writes times), "12h" or "24h" (got true)',
      ],
    ]);
  });

  it('refuses an empty list on the command line and an unknown key under panel', () => {
    expect(problemsOf({ argv: ['--languages', ' , '] })).toEqual([
      {
        key: 'panel.languages',
        source: 'flag --languages',
        message: 'must list values separated by commas (got " , ")',
      },
    ]);
    expect(problemsOf({ argv: ['--locale'] })[0]?.message).toBe('needs a value (--locale VALUE)');
    const problems = problemsOf({ files: machineFile({ language: 'de' }) });
    expect(problems[0]).toMatchObject({ key: 'panel.language', message: 'is not a setting Roomdeck knows' });
  });
});
