import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILDS, type BuildScript, needsBuild } from './build-freshness.mjs';
import { ConfigInvalidError, EMBEDDED_SIMULATOR_ENV } from '../core/config/load.ts';
import { dataDirOf, loadConfigKeepingLastGood } from '../core/config/last-good.ts';
import type { ResolvedConfig } from '../core/config/schema.ts';
import { browserFallbackLine, chooseDesktopRuntime, electronInstaller } from './desktop-runtime.ts';
import { type DiagnosticsContext, logStart, STOPPED } from '../core/diagnostics/collect.ts';
import { createFileLog, type Log } from '../core/log/log.ts';
import { startBrowserHost } from './server.ts';

/**
 * `npm start`: Roomdeck on this machine with as little setup as possible. No service configured →
 * the embedded simulator (the demo building). Electron here or fetchable → the desktop app; otherwise
 * (or with --browser-host) the browser host. Never imports `electron`: it runs Electron's installer.
 */

/** The project folder, whether this runs as host/start.ts (tsx) or compiled as dist/host/start.js. */
function projectRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

type Closer = () => Promise<void>;

/** How long a stop may take before the process goes without finishing it. */
const STOP_DEADLINE_MS = 10_000;

function build(script: BuildScript): void {
  const { outputs, sources } = BUILDS[script];
  if (!needsBuild(ROOT, outputs, sources)) return;
  console.log(`Building Roomdeck first (npm run ${script}): its sources are newer than the build…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run ${script} failed; see its output above.`);
}

async function startEmbeddedSimulator(config: ResolvedConfig, closers: Closer[]): Promise<ResolvedConfig> {
  // Loaded only when needed: a configured service never pulls the simulator in.
  const { startSimulator } = await import('../simulator/server.ts');
  const { demoAccounts } = await import('../simulator/auth/demo.ts');
  const simulator = await startSimulator({ port: 0 });
  closers.push(() => simulator.close());
  const users = demoAccounts.users.map((user) => `${user.username} (${user.role})`).join(', ');
  console.log(`No control service configured: started the demo building at ${simulator.url}`);
  console.log(`  Sign in as ${users}; every password is "demo".`);
  return { ...config, serverUrl: simulator.url };
}

function runElectron(binary: string, serverUrl: string, embedded: boolean): ChildProcess {
  build('build');
  const env = { ...process.env };
  if (embedded) env[EMBEDDED_SIMULATOR_ENV] = serverUrl;
  return spawn(binary, [ROOT, ...process.argv.slice(2)], { cwd: process.cwd(), env, stdio: 'inherit' });
}

function roomdeckVersion(): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
}

/** Crashes are logged before the process goes, so the next start's diagnostics can tell. */
function logCrashes(log: Log): void {
  process.on('uncaughtException', (err) => {
    log.error('crashed: uncaught exception', { error: err });
    console.error(err);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    // A stray rejection is a bug, not a reason to take a panel down: logged, and the host runs on.
    log.error('unhandled rejection (recovered)', { error: reason });
    console.error(reason);
  });
}

async function runBrowserHost(
  config: ResolvedConfig,
  closers: Closer[],
  log: Log,
  diagnostics: DiagnosticsContext,
): Promise<void> {
  build('build:renderer');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  logStart(log, config, diagnostics);
  const host = await startBrowserHost({
    config,
    rendererDir: path.join(ROOT, 'dist', 'renderer'),
    // Loaded once the host listens (main-services.ts says why); its first requests wait for it.
    services: async (_origin, callbackUrl) => {
      const { composeHostServices } = await import('./main-services.ts');
      return composeHostServices({ config, callbackUrl, log, diagnostics });
    },
  });
  closers.unshift(() => host.close());
  closers.push(async () => log.info(STOPPED));
  console.log(`Roomdeck is running at ${host.launchUrl} — open it in a browser.`);
  // Services that cannot be composed leave a host that answers nothing: it stops, and says why.
  await host.ready;
}

async function main(): Promise<void> {
  let outcome: ReturnType<typeof loadConfigKeepingLastGood>;
  try {
    outcome = loadConfigKeepingLastGood({ argv: process.argv.slice(2), env: process.env }, dataDirOf);
  } catch (err) {
    if (!(err instanceof ConfigInvalidError)) throw err;
    console.error(err.message);
    process.exitCode = 2;
    return;
  }

  const loaded = outcome.loaded;
  if (outcome.problems !== null) {
    console.error(`${outcome.problems.message}\nRoomdeck runs on its last good configuration meanwhile.`);
  }
  const log = createFileLog({ dir: path.join(loaded.config.dataDir, 'logs') });
  logCrashes(log);
  const diagnostics: DiagnosticsContext = {
    host: 'browser-host',
    versions: { roomdeck: roomdeckVersion(), node: process.versions.node },
    configSources: loaded.sources,
    configProblems: outcome.problems?.problems.map((p) => `${p.key} (${p.source}): ${p.message}`) ?? [],
  };

  const closers: Closer[] = [];
  let closing = false;
  const shutdown = async (code: number): Promise<void> => {
    if (closing) return;
    closing = true;
    // A close that hangs does not keep the process alive: it goes after ten seconds regardless.
    setTimeout(() => {
      console.error('Roomdeck did not stop within 10 s; stopping it now.');
      process.exit(code === 0 ? 1 : code);
    }, STOP_DEADLINE_MS).unref();
    for (const close of closers) await close().catch((err: unknown) => console.error(err));
    console.log(code === 0 ? 'Roomdeck stopped.' : 'Roomdeck stopped after an error.');
    process.exit(code);
  };
  // `on`, not `once`: a Ctrl-C in a terminal reaches npm and Roomdeck alike, and npm passes its
  // own on, so one keypress can arrive twice; the second must not cut a clean stop short.
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    let { config } = loaded;
    const embedded = config.embeddedSimulator && config.serverUrl === '';
    if (embedded) config = await startEmbeddedSimulator(config, closers);

    const runtime = await chooseDesktopRuntime({
      browserHost: loaded.browserHost,
      installer: electronInstaller(ROOT),
      say: (line) => console.log(line),
    });
    if (runtime.kind === 'electron') {
      const child = runElectron(runtime.binary, config.serverUrl, embedded);
      // Ctrl-C reaches Electron too (same process group); when it has gone, so does the simulator.
      child.on('exit', (code) => void shutdown(code ?? 0));
      return;
    }
    console.log(browserFallbackLine(runtime));
    await runBrowserHost(config, closers, log, diagnostics);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
