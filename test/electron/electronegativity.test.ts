import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { afterAll, describe, expect, it } from 'vitest';
import { roomdeckWindows, writeWindowsSource } from '../../scripts/window-options.ts';

/**
 * Doyensec's Electronegativity over the main process finds no HIGH or MEDIUM issue, and each
 * reviewed false positive carries an `eng-disable` annotation with its reason. main.ts builds every
 * window from electron/window/ (`new BrowserWindow(options)`), so the script also judges those
 * helpers' results, rendered as literal calls: a window weakened there fails the scan. A
 * deliberately insecure main process, and an insecure window rendered the same way, must fail:
 * the gate is real.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const script = path.join(root, 'scripts', 'electronegativity.mjs');
const insecure = mkdtempSync(path.join(tmpdir(), 'roomdeck-eng-'));
afterAll(() => rmSync(insecure, { recursive: true, force: true }));

interface Summary {
  checks: number;
  windowsJudged: number;
  parseErrors: number;
  findings: number;
  highOrMedium: number;
}

function scan(...args: string[]): Promise<{ code: number | null; summary: Summary; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ code, summary: JSON.parse(last) as Summary, output });
      } catch {
        reject(new Error(`no summary from the scan:\n${output}`));
      }
    });
  });
}

describe('Electronegativity', () => {
  it('finds no HIGH or MEDIUM issue in electron/, and fails on an insecure main process', async () => {
    writeFileSync(
      path.join(insecure, 'main.js'),
      [
        "const { BrowserWindow, shell } = require('electron');",
        'const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });',
        "win.webContents.on('new-window', (e, url) => shell.openExternal(url));",
        "win.loadURL('http://example.org/');",
      ].join('\n'),
    );
    const [ours, theirs] = await Promise.all([scan(path.join(root, 'electron')), scan(insecure)]);

    expect(ours.summary.parseErrors, ours.output).toBe(0);
    expect(ours.summary.checks).toBeGreaterThan(30);
    expect(ours.summary.highOrMedium, ours.output).toBe(0);
    expect(ours.code, ours.output).toBe(0);

    expect(theirs.summary.highOrMedium, theirs.output).toBeGreaterThan(0);
    expect(theirs.output).toMatch(/NODE_INTEGRATION_JS_CHECK/);
    expect(theirs.output).toMatch(/CONTEXT_ISOLATION_JS_CHECK/);
    expect(theirs.code).toBe(1);
  }, 90_000);

  it('judges every window main.ts opens from the helpers, and fails on a weakened one', async () => {
    // The helpers' own results, with one setting weakened each, rendered as the script renders them.
    const weakened = roomdeckWindows().flatMap(({ name, options }) => [
      { name: `${name}, contextIsolation off`, options: weaken(options, { contextIsolation: false }) },
      { name: `${name}, sandbox off`, options: weaken(options, { sandbox: false }) },
    ]);
    const rendered = writeWindowsSource(weakened);
    try {
      const [ours, theirs] = await Promise.all([
        scan(path.join(root, 'electron')),
        scan(path.join(root, 'electron'), '--windows', rendered),
      ]);
      expect(ours.summary.windowsJudged).toBe(roomdeckWindows().length);
      expect(ours.code, ours.output).toBe(0);

      expect(theirs.summary.windowsJudged).toBe(weakened.length);
      expect(theirs.code).toBe(1);
      for (const { name } of weakened) {
        const id = name.endsWith('contextIsolation off') ? 'CONTEXT_ISOLATION_JS_CHECK' : 'SANDBOX_JS_CHECK';
        expect(theirs.output).toContain(`${id}  [windows] windows.js`);
        expect(theirs.output).toContain(`/* ${name} */`);
      }
    } finally {
      rmSync(rendered, { recursive: true, force: true });
    }
  }, 90_000);

  // Electronegativity passes nodeIntegration: true under sandbox: true (the sandbox keeps Node out
  // of the page); Roomdeck does not rely on one setting alone: every window has all three.
  it('every window main.ts opens is isolated, sandboxed and without Node', () => {
    for (const { name, options } of roomdeckWindows()) {
      expect(options.webPreferences, name).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        disableBlinkFeatures: 'Auxclick',
      });
    }
  });
});

function weaken(
  options: BrowserWindowConstructorOptions,
  change: WebPreferences,
): BrowserWindowConstructorOptions {
  return { ...options, webPreferences: { ...options.webPreferences, ...change } };
}
