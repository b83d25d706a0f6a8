import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainServices } from '../../../core/bridge/handlers.ts';
import { logStart } from '../../../core/diagnostics/collect.ts';
import { createFileLog } from '../../../core/log/log.ts';
import { createMemoryVault } from '../../../core/store/vault.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { type FaultProxy, startFaultProxy } from '../../support/fault-proxy.ts';
import { ciAccount, memorySettings, testConfig } from '../../support/services.ts';

/*
 * The log secrecy test: a panel's life against the simulator over real HTTP, logged to files in a
 * temporary data directory as the browser host logs them: a sign-in with a wrong password, a good
 * one, refreshes, exec failures carrying a PIN, link loss and recovery, an end of session by the
 * authorization server, sign-out, a diagnostics export. Then every log file is searched for every
 * token the service issued, every password, the client secret and the PIN: none may be there.
 */

const WRONG_PASSWORD = 'Wr0ng-horse-battery-staple';
const PIN = '482916';

let dir: string;
let simulator: RunningSimulator;
let proxy: FaultProxy;
/** Every access and refresh token the token endpoint handed out during the test. */
const issued = new Set<string>();

const recordingFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/auth/oauth/token') && response.ok) {
    const body = (await response.clone().json()) as { access_token?: string; refresh_token?: string };
    for (const token of [body.access_token, body.refresh_token]) if (token) issued.add(token);
  }
  return response;
}) as typeof fetch;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-log-secrecy-'));
  simulator = await startSimulator();
  proxy = await startFaultProxy(simulator.url);
});

afterAll(async () => {
  await proxy?.close();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

const logFiles = () => readdirSync(path.join(dir, 'logs')).map((file) => path.join(dir, 'logs', file));
const allLogText = () =>
  logFiles()
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

function services(password: string) {
  const config = testConfig(proxy.url, {
    ...ciAccount,
    serviceAccount: { ...ciAccount.serviceAccount, password },
    dataDir: dir,
    supportContact: 'AV desk, extension 4400',
  });
  const log = createFileLog({ dir: path.join(dir, 'logs') });
  logStart(log, config, {
    host: 'browser-host',
    versions: { roomdeck: '0.0.0-test' },
    configSources: { clientSecret: 'machine config file /etc/roomdeck/config.json line 4' },
    configProblems: [],
  });
  return createMainServices({
    config,
    vault: createMemoryVault(),
    settings: memorySettings(),
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:9/callback',
    fetch: recordingFetch,
    log,
    diagnostics: {
      host: 'browser-host',
      versions: { roomdeck: '0.0.0-test' },
      configSources: {},
      configProblems: [],
    },
  });
}

describe('the log, after a panel’s eventful day', () => {
  it('holds what happened and none of the credentials', async () => {
    const refused = services(WRONG_PASSWORD);
    const first = await refused.api.session.signIn({});
    expect(first.status.state).toBe('signed-out');
    refused.dispose();

    const main = services(ciAccount.serviceAccount.password);
    const { api, session } = main;
    expect((await api.session.signIn({})).status.state).toBe('signed-in');
    await session.refresh();
    await session.refresh();

    // Exec failures: a method the module lacks, called with a PIN; a device that is offline.
    await expect(
      api.systems.exec({ id: 'sys-huddle-3-2', module: 'Display', index: 1, method: 'unlock', args: [PIN] }),
    ).rejects.toThrow();
    await expect(
      api.systems.exec({
        id: 'sys-nowhere',
        module: 'Keypad',
        index: 1,
        method: 'enter',
        args: [{ pin: PIN }],
      }),
    ).rejects.toThrow();

    // The link lost (the service answers 503) and back.
    await proxy.set('unavailable');
    await expect(api.systems.list({})).rejects.toThrow();
    await proxy.set('pass');
    await api.systems.list({});

    const diagnostics = await api.diagnostics.export({});
    const bundleText = JSON.stringify(diagnostics);
    // A browser host has no updater, and the bundle says so rather than leaving it out.
    expect(diagnostics.bundle.updates).toEqual({ state: 'not in this host' });

    // The authorization server ends the session at the next refresh.
    await proxy.set('invalid-grant');
    await expect(session.refresh()).rejects.toThrow();
    await proxy.set('pass');
    // A managed account signs in again by itself.
    await expect.poll(() => session.status().state, { timeout: 10_000 }).toBe('signed-in');
    await api.session.signOut({});
    main.dispose();

    const secrets = [...issued, WRONG_PASSWORD, ciAccount.clientSecret, PIN];
    expect(issued.size).toBeGreaterThanOrEqual(6);
    const text = allLogText();
    expect(logFiles().length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(text.includes(secret), `a log file holds ${secret.slice(0, 4)}…`).toBe(false);
      expect(bundleText.includes(secret), `the diagnostics bundle holds ${secret.slice(0, 4)}…`).toBe(false);
    }
    // The right password is "demo", a word found elsewhere: it must never be a value of a field.
    expect(text).not.toMatch(/"password"\s*:\s*"demo"|password=demo/);

    const events = text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { event: string }).event);
    for (const event of [
      'roomdeck started',
      'configuration sources',
      'sign-in failed',
      'sign-in succeeded',
      'token refreshed',
      'exec failed',
      'link lost',
      'link recovered',
      'diagnostics exported',
      'token refresh refused: session ends',
      'session ended',
      'signed out',
    ]) {
      expect(events, `${event} in ${events.join(', ')}`).toContain(event);
    }
    expect(diagnostics.bundle.configuration.effective).toMatchObject({
      clientSecret: '[redacted]',
      serviceAccount: { password: '[redacted]', username: ciAccount.serviceAccount.username },
      supportContact: 'AV desk, extension 4400',
    });
  });
});
