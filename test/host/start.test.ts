import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  browserFallbackLine,
  chooseDesktopRuntime,
  type ElectronInstaller,
  electronInstaller,
  type FetchOutcome,
  findElectronBinary,
  reasonFromOutput,
} from '../../host/desktop-runtime.ts';

function fakeRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'roomdeck-root-'));
  mkdirSync(path.join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
  return root;
}

const electronDir = (root: string): string => path.join(root, 'node_modules', 'electron');

describe('finding the Electron binary for npm start', () => {
  it('finds none when electron’s download never happened', () => {
    expect(findElectronBinary(fakeRoot())).toBeNull();
  });

  it('finds none when path.txt names a binary that is not there', () => {
    const root = fakeRoot();
    writeFileSync(path.join(electronDir(root), 'path.txt'), 'electron');
    expect(findElectronBinary(root)).toBeNull();
  });

  it('finds the binary path.txt names inside electron/dist', () => {
    const root = fakeRoot();
    writeFileSync(path.join(electronDir(root), 'path.txt'), 'electron');
    writeFileSync(path.join(electronDir(root), 'dist', 'electron'), '');
    expect(findElectronBinary(root)).toBe(path.join(electronDir(root), 'dist', 'electron'));
  });
});

/** An installer whose binary appears (or not) when fetched, recording what was asked of it. */
function fakeInstaller(start: string | null, fetched: FetchOutcome, leaves: string | null) {
  let binary = start;
  const calls: string[] = [];
  const installer: ElectronInstaller = {
    find: () => {
      calls.push('find');
      return binary;
    },
    fetch: async () => {
      calls.push('fetch');
      if (fetched.ok) binary = leaves;
      return fetched;
    },
  };
  return { installer, calls };
}

describe('choosing between the desktop app and the browser host', () => {
  it('runs the binary that is already here without fetching anything', async () => {
    const { installer, calls } = fakeInstaller('/opt/electron', { ok: true }, null);
    const said: string[] = [];
    const runtime = await chooseDesktopRuntime({ browserHost: false, installer, say: (l) => said.push(l) });
    expect(runtime).toEqual({ kind: 'electron', binary: '/opt/electron' });
    expect(calls).toEqual(['find']);
    expect(said).toEqual([]);
  });

  it('fetches a missing binary, says so, and runs what the fetch left', async () => {
    const { installer, calls } = fakeInstaller(null, { ok: true }, '/nm/electron/dist/electron');
    const said: string[] = [];
    const runtime = await chooseDesktopRuntime({ browserHost: false, installer, say: (l) => said.push(l) });
    expect(runtime).toEqual({ kind: 'electron', binary: '/nm/electron/dist/electron' });
    expect(calls).toEqual(['find', 'fetch', 'find']);
    expect(said.join('\n')).toMatch(/fetching it/);
  });

  it('falls back to the browser with the fetch’s own reason when the fetch fails', async () => {
    const reason = 'RequestError: getaddrinfo ENOTFOUND github.com';
    const { installer } = fakeInstaller(null, { ok: false, reason }, null);
    const runtime = await chooseDesktopRuntime({ browserHost: false, installer, say: () => undefined });
    expect(runtime).toEqual({ kind: 'browser', why: 'fetch-failed', reason });
    if (runtime.kind !== 'browser') throw new Error('expected the browser');
    expect(browserFallbackLine(runtime)).toBe(
      `Could not fetch Electron (${reason}); serving Roomdeck in your browser instead.`,
    );
  });

  it('falls back when an installer that said it succeeded left no binary', async () => {
    const { installer } = fakeInstaller(null, { ok: true }, null);
    const runtime = await chooseDesktopRuntime({ browserHost: false, installer, say: () => undefined });
    expect(runtime).toMatchObject({ kind: 'browser', reason: 'the installer finished but left no binary' });
  });

  it('serves the browser when asked, without looking for or fetching Electron', async () => {
    const { installer, calls } = fakeInstaller(null, { ok: true }, '/x');
    const runtime = await chooseDesktopRuntime({ browserHost: true, installer, say: () => undefined });
    expect(runtime).toEqual({ kind: 'browser', why: 'asked' });
    expect(calls).toEqual([]);
    if (runtime.kind === 'browser') expect(browserFallbackLine(runtime)).toMatch(/--browser-host/);
  });
});

describe('Electron’s own installer, run by npm start', () => {
  it('counts as fetched when install.js leaves path.txt and the binary', async () => {
    const root = fakeRoot();
    writeFileSync(
      path.join(electronDir(root), 'install.js'),
      `const fs = require('fs'); const p = require('path');
       fs.writeFileSync(p.join(__dirname, 'dist', 'electron'), '');
       fs.writeFileSync(p.join(__dirname, 'path.txt'), 'electron');`,
    );
    const installer = electronInstaller(root);
    expect(installer.find()).toBeNull();
    await expect(installer.fetch()).resolves.toEqual({ ok: true });
    expect(installer.find()).toBe(path.join(electronDir(root), 'dist', 'electron'));
  });

  it('reports the error line install.js printed when it fails, not its stack', async () => {
    const root = fakeRoot();
    writeFileSync(
      path.join(electronDir(root), 'install.js'),
      `console.log('Downloading Electron binary...');
       console.error('RequestError: connect ECONNREFUSED 127.0.0.1:9\\n    at ClientRequest.<anonymous> (x.js:1:1)');
       process.exit(1);`,
    );
    await expect(electronInstaller(root).fetch()).resolves.toEqual({
      ok: false,
      reason: 'the download server could not be reached: connect ECONNREFUSED 127.0.0.1:9',
    });
  });

  it('gives up on a fetch that hangs, saying so', async () => {
    const root = fakeRoot();
    writeFileSync(path.join(electronDir(root), 'install.js'), 'setInterval(() => {}, 1000);');
    await expect(electronInstaller(root, { timeoutMs: 300 }).fetch()).resolves.toEqual({
      ok: false,
      reason: 'the download did not finish in time',
    });
  });

  it('says npm ci is missing when there is no electron package at all', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'roomdeck-root-'));
    const outcome = await electronInstaller(root).fetch();
    expect(outcome).toEqual({ ok: false, reason: 'the electron package is not installed (run npm ci)' });
  });
});

describe('the reason taken from an installer’s output', () => {
  it('prefers a line naming the error over the last line', () => {
    expect(reasonFromOutput('Downloading…\nHTTPError: Response code 404 (Not Found)\ndone\n')).toBe(
      'Response code 404 (Not Found)',
    );
  });

  it('says an unreachable server in words, keeping Node’s own text', () => {
    expect(reasonFromOutput('TypeError: fetch failed\n    at node:internal/deps/undici:1:1\n')).toBe(
      'the download server could not be reached: fetch failed',
    );
  });

  it('falls back to the last line, and says so when there is nothing', () => {
    expect(reasonFromOutput('one\ntwo\n')).toBe('two');
    expect(reasonFromOutput('')).toBe('the installer said nothing');
  });
});
