import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Doyensec's Electronegativity over the main process finds no HIGH or MEDIUM issue: the security
 * options are visible in every `new BrowserWindow(…)` call, and each reviewed false positive
 * carries an `eng-disable` annotation with its reason. A deliberately insecure main process, run
 * through the same script, must fail: the gate is real.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const script = path.join(root, 'scripts', 'electronegativity.mjs');
const insecure = mkdtempSync(path.join(tmpdir(), 'roomdeck-eng-'));
afterAll(() => rmSync(insecure, { recursive: true, force: true }));

interface Summary {
  checks: number;
  parseErrors: number;
  findings: number;
  highOrMedium: number;
}

function scan(dir: string): Promise<{ code: number | null; summary: Summary; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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
});
