import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which runtime `npm start` uses: the Electron desktop app when its binary is here or can be
 * fetched, else the browser host. Electron ≥ 42 has no install script: its binary is fetched the
 * first time something resolves it (`require('electron')`, `npx install-electron`). Looking only
 * for the binary would never trigger that fetch, so `npm start` runs Electron's own installer once
 * and falls back to the browser only when that fails, with the installer's reason.
 */

export type DesktopRuntime =
  | { kind: 'electron'; binary: string }
  | { kind: 'browser'; why: 'asked' | 'fetch-failed'; reason?: string };

/** What fetching the binary came to: the installer's own last words when it failed. */
export type FetchOutcome = { ok: true } | { ok: false; reason: string };

export interface ElectronInstaller {
  /** The installed binary, or null when the download never happened. */
  find(): string | null;
  fetch(): Promise<FetchOutcome>;
}

export interface RuntimeChoice {
  /** `--browser-host`: the browser even where Electron runs. */
  browserHost: boolean;
  installer: ElectronInstaller;
  say: (line: string) => void;
}

export async function chooseDesktopRuntime(choice: RuntimeChoice): Promise<DesktopRuntime> {
  if (choice.browserHost) return { kind: 'browser', why: 'asked' };
  const present = choice.installer.find();
  if (present !== null) return { kind: 'electron', binary: present };

  choice.say('Electron’s binary is not on this machine yet: fetching it once (about 100 MB)…');
  const outcome = await choice.installer.fetch();
  const fetched = outcome.ok ? choice.installer.find() : null;
  if (fetched !== null) return { kind: 'electron', binary: fetched };
  const reason = outcome.ok ? 'the installer finished but left no binary' : outcome.reason;
  return { kind: 'browser', why: 'fetch-failed', reason };
}

/** The line `npm start` prints when it serves the browser instead of the desktop app. */
export function browserFallbackLine(runtime: Extract<DesktopRuntime, { kind: 'browser' }>): string {
  if (runtime.why === 'asked') return 'Serving Roomdeck in your browser (--browser-host).';
  return `Could not fetch Electron (${runtime.reason ?? 'no reason given'}); serving Roomdeck in your browser instead.`;
}

/** The binary `node_modules/electron` holds once its download happened, or null. */
export function findElectronBinary(root: string): string | null {
  const pkg = path.join(root, 'node_modules', 'electron');
  try {
    const relative = readFileSync(path.join(pkg, 'path.txt'), 'utf8').trim();
    const binary = path.join(pkg, 'dist', relative);
    return relative !== '' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/**
 * The most telling line of an installer's output, in words: the first line that names an error
 * (its class name dropped), else the last non-empty line. Stack frames (`    at …`) never are. An
 * unreachable download server says so, since Node's own text for it is only "fetch failed".
 */
export function reasonFromOutput(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  const error = lines.find((line) => /error|fetch failed|enotfound|econn|etimedout|eai_again/i.test(line));
  const line = (error ?? lines.at(-1) ?? 'the installer said nothing').replace(/^[A-Za-z]*Error:\s*/, '');
  const unreachable = /fetch failed|enotfound|econnrefused|econnreset|etimedout|eai_again/i.test(line);
  return (unreachable ? `the download server could not be reached: ${line}` : line).slice(0, 300);
}

/**
 * Electron's own installer (`node_modules/electron/install.js`, what `npx install-electron` runs),
 * its output kept for the reason when it fails. It honours Electron's usual
 * settings (`ELECTRON_MIRROR`, `electron_config_cache`, proxies); `timeoutMs` bounds a fetch that
 * hangs without an answer.
 */
export function electronInstaller(root: string, options: { timeoutMs?: number } = {}): ElectronInstaller {
  const script = path.join(root, 'node_modules', 'electron', 'install.js');
  return {
    find: () => findElectronBinary(root),
    fetch: () =>
      new Promise<FetchOutcome>((resolve) => {
        if (!existsSync(script)) {
          resolve({ ok: false, reason: 'the electron package is not installed (run npm ci)' });
          return;
        }
        const child = spawn(process.execPath, [script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        const keep = (chunk: Buffer): void => {
          output = (output + chunk.toString('utf8')).slice(-8_000);
        };
        child.stdout.on('data', keep);
        child.stderr.on('data', keep);
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
        child.once('error', (err) => {
          clearTimeout(timer);
          resolve({ ok: false, reason: err.message });
        });
        child.once('close', (code, signal) => {
          clearTimeout(timer);
          if (code === 0) resolve({ ok: true });
          else if (signal === 'SIGKILL')
            resolve({ ok: false, reason: 'the download did not finish in time' });
          else resolve({ ok: false, reason: reasonFromOutput(output) });
        });
      }),
  };
}
