import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';

/**
 * The compiled main process (dist/electron/main.js, as electron-builder packs it) started in plain
 * Node, with `electron` resolved to a recording stand-in (helpers/fake-electron). What it records
 * is what Electron would have been asked to do: the scheme registered before ready, the window and
 * its options, what app:// served, what the page's first bridge calls answered.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const register = path.join(import.meta.dirname, 'helpers', 'fake-electron', 'register.mjs');
let work: string;
let appDir: string;
let sim: RunningSimulator;
const children: ChildProcess[] = [];

interface Entry {
  seq: number;
  what: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'roomdeck-compiled-main-'));
  // The packed layout: <app>/electron/main.js (+ preload) beside <app>/renderer. Built with the
  // project's own configs (what `npm run build:electron && npm run build:preload` do), into a
  // temporary folder so the repo's dist/ is neither needed nor touched. The page is a stand-in:
  // the renderer's own build is tested elsewhere, here it only has to be served.
  appDir = path.join(work, 'app');
  for (const config of ['electron/vite.main.config.ts', 'electron/vite.preload.config.ts']) {
    await viteBuild({
      logLevel: 'silent',
      configFile: path.join(root, config),
      build: { outDir: path.join(appDir, 'electron') },
    });
  }
  mkdirSync(path.join(appDir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(path.join(appDir, 'renderer', 'index.html'), '<!doctype html><title>Roomdeck page</title>');
  writeFileSync(path.join(work, 'secret.txt'), 'outside the bundle');
  sim = await startSimulator();
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await sim?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

interface Run {
  dataDir: string;
  entries: () => Entry[];
  child: ChildProcess;
  output: () => string;
}

let runs = 0;
function startMain(
  args: string[],
  options: { env?: Record<string, string>; prepare?: (dataDir: string) => void } = {},
): Run {
  const name = `run-${++runs}`;
  const dataDir = path.join(work, name, 'data');
  // Made loose on purpose: Roomdeck must tighten it to 0700.
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  chmodSync(dataDir, 0o755);
  options.prepare?.(dataDir);
  const log = path.join(work, name, 'electron.jsonl');
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', register, path.join(appDir, 'electron', 'main.js'), '--data-dir', dataDir, ...args],
    {
      cwd: path.join(work, name),
      // A clean environment: no ROOMDECK_* of the developer's, no real home.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: path.join(work, name),
        XDG_CONFIG_HOME: path.join(work, name, '.config'),
        ROOMDECK_FAKE_ELECTRON_LOG: log,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  children.push(child);
  const entries = (): Entry[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as Entry)
      : [];
  return { dataDir, entries, child, output: () => output };
}

async function until(run: Run, done: (entries: Entry[]) => boolean, what: string): Promise<Entry[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const entries = run.entries();
    if (done(entries)) return entries;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `never saw ${what}; exit ${run.child.exitCode}\n${run.output()}\n${JSON.stringify(run.entries(), null, 1).slice(0, 6000)}`,
  );
}

const of = (entries: Entry[], what: string) => entries.filter((e) => e.what === what);
const first = (entries: Entry[], what: string) => of(entries, what)[0];
const ipc = (entries: Entry[], channel: string) =>
  entries.find((e) => e.what === 'ipc.result' && e.channel === channel)?.result as
    | { ok: boolean; value?: Record<string, unknown>; error?: { code: string } }
    | undefined;

/** An administrator's token (the CI client's password grant): another client of the service. */
async function adminToken(): Promise<string> {
  const response = await fetch(`${sim.url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin@demo.local',
      password: 'demo',
      authority: 'demo',
      client_id: 'roomdeck-ci',
      client_secret: 'roomdeck-ci-secret',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Switches a room's display over the service's HTTP API, as another client would. */
async function execAs(token: string, room: string, args: unknown[]): Promise<void> {
  const response = await fetch(`${sim.url}/api/control/systems/${room}/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ module: 'Display', index: 1, method: 'power', args }),
  });
  expect(response.ok).toBe(true);
}

/** Still running shortly after it got there: a live process with a window, not a dead one. */
async function stillAlive(run: Run): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(run.child.exitCode, run.output()).toBeNull();
  run.child.kill('SIGKILL');
}

function expectNoSilentFailure(entries: Entry[]): void {
  expect(of(entries, 'unhandledRejection')).toEqual([]);
  expect(of(entries, 'uncaughtException')).toEqual([]);
  expect(of(entries, 'dialog.showErrorBox')).toEqual([]);
}

interface WindowOptions {
  kiosk?: boolean;
  webPreferences?: Record<string, unknown>;
}

describe('the compiled main process', () => {
  it('starts to an isolated, sandboxed window loading app://, the scheme registered privileged before ready', async () => {
    const run = startMain(['--server', sim.url]);
    const entries = await until(run, (e) => ipc(e, 'config:get') !== undefined, 'the first bridge calls');

    const privileged = first(entries, 'protocol.registerSchemesAsPrivileged');
    expect(privileged).toMatchObject({
      beforeReady: true,
      schemes: [
        {
          scheme: 'app',
          privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        },
      ],
    });
    expect(privileged!.seq).toBeLessThan(first(entries, 'app.ready')!.seq);
    expect(first(entries, 'protocol.handle')).toMatchObject({ scheme: 'app' });

    const windows = of(entries, 'BrowserWindow.new');
    expect(windows).toHaveLength(1);
    const options = windows[0]!.options as WindowOptions;
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
      preload: path.join(appDir, 'electron', 'preload.cjs'),
    });
    expect(options.kiosk).toBeUndefined();
    expect(first(entries, 'BrowserWindow.loadURL')).toMatchObject({ url: 'app://roomdeck/index.html' });
    expect(first(entries, 'protocol.response')).toMatchObject({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      bodyStart: expect.stringContaining('Roomdeck page'),
      csp: expect.stringContaining("script-src 'self'"),
    });

    // The page on app:// may use the bridge; the same window showing another URL may not.
    expect(ipc(entries, 'session:status')).toMatchObject({ ok: true, value: { state: 'signed-out' } });
    expect(ipc(entries, 'config:get')).toMatchObject({
      ok: true,
      value: { serverUrl: sim.url, kiosk: false, language: { locale: null, system: ['de-CH', 'en-GB'] } },
    });
    expect(first(entries, 'ipc.foreign')?.result).toMatchObject({
      ok: false,
      error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' },
    });
    expectNoSilentFailure(entries);
    await stillAlive(run);
  });

  it('starts a kiosk to a kiosk window on app://, and signs in in an isolated window, never a browser', async () => {
    const run = startMain(['--server', sim.url, '--kiosk'], { env: { ROOMDECK_FAKE_SIGN_IN: '1' } });
    const entries = await until(run, (e) => ipc(e, 'session:signIn') !== undefined, 'the sign-in');

    const [panel, signIn] = of(entries, 'BrowserWindow.new');
    expect(panel?.options).toMatchObject({
      kiosk: true,
      webPreferences: { sandbox: true, contextIsolation: true },
    });
    expect((panel!.options as WindowOptions).webPreferences?.devTools).toBe(false);
    expect(first(entries, 'BrowserWindow.loadURL')).toMatchObject({ url: 'app://roomdeck/index.html' });
    expect(first(entries, 'Menu.setApplicationMenu')).toBeDefined();

    expect(ipc(entries, 'session:signIn')).toMatchObject({
      ok: true,
      value: { status: { state: 'signing-in' } },
    });
    const signInPrefs = (signIn!.options as WindowOptions).webPreferences;
    expect(signInPrefs).toMatchObject({
      partition: 'roomdeck-sign-in',
      sandbox: true,
      contextIsolation: true,
    });
    expect(signInPrefs?.preload).toBeUndefined();
    const loads = of(entries, 'BrowserWindow.loadURL');
    const authorize = loads.find((e) => e.id === signIn?.id)?.url as string;
    expect(new URL(authorize).origin).toBe(new URL(sim.url).origin);
    expect(new URL(authorize).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(of(entries, 'shell.openExternal')).toEqual([]);
    expectNoSilentFailure(entries);
    await stillAlive(run);
  });

  it('signs a managed kiosk in with its service account through net.fetch', async () => {
    const run = startMain(['--server', sim.url, '--kiosk', '--client-id', 'roomdeck-ci'], {
      env: { ROOMDECK_FAKE_SIGN_IN: '1', ROOMDECK_CLIENT_SECRET: 'roomdeck-ci-secret' },
      prepare: (dataDir) =>
        writeFileSync(
          path.join(dataDir, 'config.json'),
          JSON.stringify({
            serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
          }),
          { mode: 0o600 },
        ),
    });
    const entries = await until(run, (e) => ipc(e, 'session:signIn') !== undefined, 'the sign-in');
    expect(ipc(entries, 'session:signIn')).toMatchObject({
      ok: true,
      value: { status: { state: 'signed-in' } },
    });
    // The tokens went to the vault file: owner-only, in an owner-only folder, and encrypted.
    const vaultFile = path.join(run.dataDir, 'vault.json');
    expect(statSync(vaultFile).mode & 0o777).toBe(0o600);
    expect(statSync(run.dataDir).mode & 0o777).toBe(0o700);
    expect(readFileSync(vaultFile, 'utf8')).not.toContain('accessToken');
    expect(of(entries, 'net.fetch').map((e) => e.url)).toContain(`${sim.url}/auth/oauth/token`);
    expect(of(entries, 'BrowserWindow.new')).toHaveLength(1);
    expect(of(entries, 'shell.openExternal')).toEqual([]);
    expectNoSilentFailure(entries);
    await stillAlive(run);
  });

  it('sends a watched module’s pushed state to the app window on roomdeck:live, a change by another client included', async () => {
    const room = 'sys-huddle-3-2';
    const admin = await adminToken();
    await execAs(admin, room, [false]);
    const run = startMain(['--server', sim.url, '--kiosk', '--client-id', 'roomdeck-ci'], {
      env: {
        ROOMDECK_FAKE_SIGN_IN: '1',
        ROOMDECK_CLIENT_SECRET: 'roomdeck-ci-secret',
        ROOMDECK_FAKE_LIVE_WATCH: `${room}:Display:1`,
      },
      prepare: (dataDir) =>
        writeFileSync(
          path.join(dataDir, 'config.json'),
          JSON.stringify({
            serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
          }),
          { mode: 0o600 },
        ),
    });
    const pushed = (entries: Entry[], power: boolean) =>
      of(entries, 'webContents.send').find((e) => {
        const [event] = e.args as { type: string; module?: string; state?: { power?: unknown } }[];
        return e.channel === 'roomdeck:live' && event?.type === 'state' && event.state?.power === power;
      });
    const bound = await until(run, (e) => pushed(e, false) !== undefined, 'the bound state sent to the page');
    expect(ipc(bound, 'live:watch')).toMatchObject({ ok: true });
    const window = first(bound, 'BrowserWindow.new');
    expect(pushed(bound, false)).toMatchObject({
      id: window?.id,
      args: [{ type: 'state', id: room, module: 'Display', index: 1 }],
    });
    // Another client switches the display on: the page hears it without asking.
    await execAs(admin, room, [true]);
    await until(run, (e) => pushed(e, true) !== undefined, 'the change sent to the page');
    // Nothing of the technician's route reached the page: its gate is closed.
    expect(of(run.entries(), 'webContents.send').filter((e) => e.channel !== 'roomdeck:live')).toEqual([]);
    await execAs(admin, room, [false]);
    expectNoSilentFailure(run.entries());
    await stillAlive(run);
  });

  it('starts signed out, with a window, when the vault file is truncated', async () => {
    const run = startMain(['--server', sim.url], {
      prepare: (dataDir) =>
        writeFileSync(path.join(dataDir, 'vault.json'), '{"session":"ZmFrZTp7InZlcnNpb24iOjEsInNl'),
    });
    const entries = await until(run, (e) => ipc(e, 'session:status') !== undefined, 'the session status');
    expect(first(entries, 'BrowserWindow.loadURL')).toMatchObject({ url: 'app://roomdeck/index.html' });
    // The vault was consulted, found unreadable, and that simply means signed out.
    expect(first(entries, 'safeStorage.isAsyncEncryptionAvailable')).toBeDefined();
    expect(ipc(entries, 'session:status')).toMatchObject({
      ok: true,
      value: { state: 'signed-out', reason: null },
    });
    expectNoSilentFailure(entries);
    await stillAlive(run);
  });

  it('ends a start-up failure on a readable error screen, not a dead process', async () => {
    const run = startMain(['--server', 'http://control.example/', '--kiosk']);
    const entries = await until(
      run,
      (e) => of(e, 'BrowserWindow.loadURL').length > 0 || of(e, 'dialog.showErrorBox').length > 0,
      'an error screen',
    );
    const load = first(entries, 'BrowserWindow.loadURL')?.url as string;
    expect(load.startsWith('data:text/html')).toBe(true);
    const page = decodeURIComponent(load.slice(load.indexOf(',') + 1));
    expect(page).toContain('Roomdeck cannot start');
    expect(page).toContain('serverUrl');
    expect(page).toContain('What to do');
    expect(first(entries, 'BrowserWindow.new')?.options).toMatchObject({
      kiosk: true,
      webPreferences: { sandbox: true, contextIsolation: true },
    });
    expect(of(entries, 'unhandledRejection')).toEqual([]);
    await stillAlive(run);
  });

  it('serves nothing outside the bundle over app://', async () => {
    // The handler is the compiled one: ask it through the fake for a traversal.
    const run = startMain(['--server', sim.url], {
      env: {
        ROOMDECK_FAKE_EXTRA_LOADS: 'app://roomdeck/%2e%2e/%2e%2e/secret.txt,app://roomdeck/..%5csecret.txt',
      },
    });
    const entries = await until(run, (e) => of(e, 'protocol.response').length >= 3, 'the extra loads');
    const extra = of(entries, 'protocol.response').slice(1);
    for (const response of extra) {
      expect(response.status as number).toBeGreaterThanOrEqual(400);
      expect(response.bodyStart).not.toContain('outside the bundle');
    }
    await stillAlive(run);
  });

  it('loads a dev server and opens DevTools only with --dev, and only for a loopback URL', async () => {
    const devServer = { ROOMDECK_RENDERER_URL: 'http://127.0.0.1:5173/' };
    const runs = {
      dev: startMain(['--server', sim.url, '--dev'], { env: devServer }),
      noFlag: startMain(['--server', sim.url], { env: devServer }),
      remote: startMain(['--server', sim.url, '--dev'], {
        env: { ROOMDECK_RENDERER_URL: 'http://192.168.1.20:5173/' },
      }),
    };
    const loaded = async (run: Run) => {
      const entries = await until(run, (e) => of(e, 'BrowserWindow.loadURL').length > 0, 'a page load');
      const prefs = (first(entries, 'BrowserWindow.new')!.options as WindowOptions).webPreferences;
      await stillAlive(run);
      return { url: first(entries, 'BrowserWindow.loadURL')!.url, devTools: prefs?.devTools };
    };
    expect(await loaded(runs.dev)).toEqual({ url: 'http://127.0.0.1:5173/', devTools: true });
    expect(await loaded(runs.noFlag)).toEqual({ url: 'app://roomdeck/index.html', devTools: false });
    expect(await loaded(runs.remote)).toEqual({ url: 'app://roomdeck/index.html', devTools: true });
    expect(runs.noFlag.output()).toMatch(/ROOMDECK_RENDERER_URL is ignored without --dev/);
  });
});
