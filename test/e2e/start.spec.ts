import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm start` as a person runs it on a machine without the Electron binary and without a service:
 * `npx tsx host/start.ts` starts the embedded simulator, tries Electron's own installer, says
 * why that failed and that it serves the browser instead, prints the URL, and that page shows the sign-in screen.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const URL_LINE =
  /Roomdeck is running at (http:\/\/127\.0\.0\.1:\d+\/)(\?launch=[A-Za-z0-9_-]{43}) — open it in a browser\./;

interface Started {
  child: ChildProcess;
  /** The host's page, `http://127.0.0.1:P/`. */
  url: string;
  /** The printed address: the page with its launch token. */
  launchUrl: string;
  output(): string;
}

function startRoomdeck(dataDir: string): Promise<Started> {
  const child = spawn('npx', ['tsx', 'host/start.ts', '--data-dir', dataDir], {
    cwd: ROOT,
    // Electron's installer runs for real, pointed at a loopback port nothing listens on: the fetch
    // fails here at once (as it does on a machine that cannot reach the download server).
    env: { ...process.env, FORCE_COLOR: '0', ELECTRON_MIRROR: 'http://127.0.0.1:9/' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the test can send Ctrl-C the way a terminal does: to all of it.
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 45 s:\n${output}`)), 45_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = URL_LINE.exec(output);
      if (match?.[1] === undefined || match[2] === undefined) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], launchUrl: `${match[1]}${match[2]}`, output: () => output });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before printing its URL:\n${output}`));
    });
  });
}

/**
 * Ctrl-C: SIGINT to the whole process group (npx, tsx and Roomdeck's node). Resolves once every
 * process holding its output has gone, which npx's own exit does not tell.
 */
function interrupt(child: ChildProcess): Promise<void> {
  if (child.stdout?.closed === true && child.exitCode !== null) return Promise.resolve();
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  group('SIGINT');
  const forced = setTimeout(() => group('SIGKILL'), 10_000);
  return closed.finally(() => clearTimeout(forced));
}

let dataDir: string;
let started: Started | undefined;
test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'roomdeck-start-'));
});
test.afterEach(async () => {
  if (started !== undefined) await interrupt(started.child);
  started = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

test('npm start without Electron or a service serves the sign-in screen in the browser', async ({ page }) => {
  started = await startRoomdeck(dataDir);
  const lines = started.output().split('\n');
  expect(lines).toContain('Electron’s binary is not on this machine yet: fetching it once (about 100 MB)…');
  expect(lines).toContain(
    'Could not fetch Electron (the download server could not be reached: fetch failed); serving Roomdeck in your browser instead.',
  );
  expect(started.output()).toMatch(/demo building at http:\/\/127\.0\.0\.1:\d+/);

  await page.goto(started.launchUrl);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('signs in with a demo account of the embedded simulator through the host’s callback', async ({
  page,
}) => {
  started = await startRoomdeck(dataDir);
  await page.goto(started.launchUrl);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/oauth\/authorize/);
  await page.getByLabel('Username').fill('panel@demo.local');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(started.url);
  await expect(page.getByRole('heading', { name: 'Choose a room' })).toBeVisible();
  // The browser holds the host's session cookie (HttpOnly) and nothing token-like in storage.
  const cookies = await page.context().cookies(started.url);
  expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
    ['roomdeck_session', true, 'Strict'],
  ]);
  const storage = await page.evaluate(() =>
    JSON.stringify([Object.keys(localStorage), Object.keys(sessionStorage)]),
  );
  expect(storage).not.toMatch(/token/i);
});

test('Ctrl-C stops the browser host and the simulator cleanly', async () => {
  started = await startRoomdeck(dataDir);
  const { url, output } = started;
  const simulatorUrl = /demo building at (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
  expect(simulatorUrl).toBeDefined();
  await interrupt(started.child);
  started = undefined;
  expect(output()).toContain('Roomdeck stopped.');
  expect(output()).not.toMatch(/Error|Unhandled/);
  await expect(fetch(url)).rejects.toThrow();
  await expect(fetch(`${simulatorUrl}/`)).rejects.toThrow();
});
