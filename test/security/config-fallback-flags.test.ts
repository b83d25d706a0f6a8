import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/processes.ts';

/**
 * A config file holding a secret at mode 0644 is refused (right), and the
 * launcher runs on the last good configuration; but it used to drop the command line with it, so
 * `npm start -- --browser-host` went for Electron (and its 100 MB download) instead. The real
 * launcher (host/start.ts, what `npm start` runs), twice on one data folder: first with the
 * file owner-only (it loads and becomes the last good configuration), then at 0644.
 */

const RUNNING = /Roomdeck is running at (http:\/\/127\.0\.0\.1:\d+)\/(\?launch=[A-Za-z0-9_-]+) /;

interface Launched {
  child: ChildProcess;
  url: string;
  launchUrl: string;
  output(): string;
}

let running: ChildProcess | undefined;
const dirs: string[] = [];
afterEach(() => {
  running?.kill('SIGKILL');
  running = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function launch(args: string[], cache: string): Promise<Launched> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/start.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      FORCE_COLOR: '0',
      // Should the launcher go for Electron after all, its installer fails at once (nothing listens
      // there) instead of downloading, and says so in the output this test reads.
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      electron_config_cache: cache,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = RUNNING.exec(output);
      if (match?.[1] === undefined || match[2] === undefined) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], launchUrl: `${match[1]}/${match[2]}`, output: () => output });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited (${code}) before printing its address:\n${output}`));
    });
  });
}

async function stop(launched: Launched): Promise<void> {
  const gone = new Promise<void>((resolve) => launched.child.once('exit', () => resolve()));
  launched.child.kill('SIGTERM');
  await gone;
  running = undefined;
}

describe('a refused configuration file and the command line', () => {
  it('serves the browser host as --browser-host asked, and never goes for Electron', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-fallback-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    const config = path.join(dir, 'roomdeck.json');
    writeFileSync(
      config,
      `${JSON.stringify({ serverUrl: 'http://127.0.0.1:9', clientId: 'roomdeck-ci', clientSecret: 'roomdeck-ci-secret' })}\n`,
      { mode: 0o600 },
    );
    chmodSync(config, 0o600);
    const args = ['--config', config, '--data-dir', dataDir, '--browser-host', '--port', '0'];
    const cache = path.join(dir, 'electron-cache');

    // Loads: it is now the last good configuration.
    const first = await launch(args, cache);
    expect(first.output()).not.toContain('last good configuration');
    await stop(first);

    // The same file, readable by everyone: refused, and the launcher runs on the last good one.
    chmodSync(config, 0o644);
    const second = await launch(args, cache);
    const output = second.output();
    expect(output).toContain('is a secret, but the file can be read by other users (mode 644)');
    expect(output).toContain('Roomdeck runs on its last good configuration meanwhile.');
    expect(output).toContain('Serving Roomdeck in your browser (--browser-host).');
    expect(output).not.toContain('Electron’s binary is not on this machine yet');
    expect(output).not.toContain('Could not fetch Electron');
    // And it serves: the launch address trades its token for the page's cookie.
    const page = await fetch(second.launchUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join(';')).toContain('roomdeck_session=');
    // The refused secret is in none of what it printed.
    expect(output).not.toContain('roomdeck-ci-secret');
    await stop(second);
  }, 180_000);
});
