import { afterEach, describe, expect, it } from 'vitest';
import { createMainServices, type MainServices } from '../../core/bridge/handlers.ts';
import { loadConfig } from '../../core/config/load.ts';
import { createMemoryVault } from '../../core/store/vault.ts';
import { memorySettings } from '../support/services.ts';
import { hostFixture } from './fixture.ts';

/**
 * The language settings on their way from `npm start`'s command line (host/start.ts reads
 * `process.argv` with loadConfig) through the main services to the page, over the browser host's
 * HTTP bridge, as the renderer asks for them (`config/get`).
 */

let services: MainServices | undefined;
afterEach(() => services?.dispose());

async function pageConfig(argv: string[], systemLanguages?: () => readonly string[]) {
  const { config } = loadConfig({
    argv,
    env: {},
    platform: 'linux',
    homedir: '/home/panel',
    cwd: '/srv',
    readFile: () => null,
  });
  services = createMainServices({
    config: { ...config, serverUrl: 'http://127.0.0.1:9' },
    vault: createMemoryVault(),
    settings: memorySettings(),
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:9/callback',
    ...(systemLanguages ? { systemLanguages } : {}),
  });
  const host = await hostFixture({ api: services.api });
  const page = await host.openPage();
  const response = await host.bridge('config', 'get', {}, page);
  expect(response.statusCode).toBe(200);
  return (response.json() as { value: { language: unknown; panel: unknown } }).value;
}

describe('the language settings reach the page', () => {
  it('from the command line: the managed locale, the offered languages and the clock', async () => {
    const body = await pageConfig(['--locale', 'de', '--languages', 'de,en,ar', '--clock', '24h']);
    expect(body.language).toEqual({ locale: 'de', languages: ['de', 'en', 'ar'], clock: '24h', system: [] });
    // The panel's timers stay what they were: the language settings are not timers.
    expect(body.panel).toEqual({ screensaverAfterS: 120, stillUsingAfterS: 10_800, stillUsingAnswerS: 60 });
  });

  it('unset: nothing managed, and the browser host reports no OS languages (the browser’s decide)', async () => {
    const body = await pageConfig([]);
    expect(body.language).toEqual({ locale: null, languages: [], clock: 'locale', system: [] });
  });

  it('the OS’s preferred languages when the desktop glue passes them, asked on every call', async () => {
    let preferred = ['de-CH', 'en-US'];
    const body = await pageConfig([], () => preferred);
    expect((body.language as { system: string[] }).system).toEqual(['de-CH', 'en-US']);
    preferred = ['ar-AE'];
    expect((await services!.api.config.get({})).language.system).toEqual(['ar-AE']);
  });
});
