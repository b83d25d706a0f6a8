import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { assertNoCredentialsInLogs } from './log-secrecy.ts';
import { BUILDS, needsBuild } from '../../../host/build-freshness.mjs';

/*
 * The simulator and the browser host as real child processes on free ports, as a person would run
 * them. `node` itself rather than npx: npx adds seconds to every start.
 */

/**
 * How long a simulator or host may take to say it is listening. Generous: on a loaded machine
 * tsx's first compile alone can take tens of seconds, and start-up time is not what these tests
 * measure (the start-up benchmark does).
 */
const START_TIMEOUT_MS = 60_000;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Running {
  /** Origin, without a trailing slash: `http://127.0.0.1:P`. */
  url: string;
  /**
   * What a person opens: for the browser host, the printed address with its launch token (the only
   * way to the app); for the simulator, its `url`.
   */
  launchUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function startNode(
  nodeArgs: string[],
  ready: RegExp,
  what: string,
  timeoutMs = START_TIMEOUT_MS,
): Promise<Running> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<Running>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = ready.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      const url = match[1].replace(/\/$/, '');
      const launchUrl = match[2] === undefined ? url : `${url}/${match[2]}`;
      launchUrls.set(url, launchUrl);
      resolve({
        url,
        launchUrl,
        port: Number(new URL(url).port),
        child,
        output: () => output,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill(signal);
          const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(forced);
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/** The launch address of every host this worker started, by origin (see `launchUrlOf`). */
const launchUrls = new Map<string, string>();

/**
 * The address a person opens for a host started here (`http://127.0.0.1:P/?launch=TOKEN`): the
 * host serves its app only to a browser that came through it (host/launch.ts).
 */
export function launchUrlOf(hostUrl: string): string {
  const origin = hostUrl.replace(/\/$/, '');
  const launch = launchUrls.get(origin);
  if (launch === undefined) throw new Error(`No browser host started by this worker at ${origin}.`);
  return launch;
}

export interface SimulatorOptions {
  port?: number;
  dataFile: string;
  latencyMs?: number;
  /** Access token lifetime: short, so a panel refreshes while a test watches. */
  tokenTtlSeconds?: number;
  /**
   * Answer websocket upgrades 503 (`--no-control-websocket`), so panels poll. Default: the run's
   * parameter `ROOMDECK_E2E_SOCKET` (`refused`, or `served` = unset), so the whole suite can run
   * "push on, socket refused".
   */
  refuseSockets?: boolean;
}

/**
 * The run's parameters (`ROOMDECK_E2E_*`): the environment, under what the running test's project
 * sets (`metadata.env` in playwright.config.ts: the generation pass is a project of the same run,
 * so its workers get the legacy generation and a refused socket while the others run as `npm
 * start` does). At a spec's top level, outside any test, there is no project: the environment alone.
 */
export function runEnv(): NodeJS.ProcessEnv {
  let projectEnv: unknown;
  try {
    projectEnv = (test.info().project.metadata as { env?: unknown } | undefined)?.env;
  } catch {
    return process.env;
  }
  return typeof projectEnv === 'object' && projectEnv !== null
    ? { ...process.env, ...(projectEnv as Record<string, string>) }
    : process.env;
}

/** The e2e run's `ROOMDECK_E2E_SOCKET`: `served` (default) or `refused` (every simulator refuses the socket). */
export function socketRefusedByRun(env: NodeJS.ProcessEnv = runEnv()): boolean {
  const value = env.ROOMDECK_E2E_SOCKET ?? 'served';
  if (value !== 'served' && value !== 'refused')
    throw new Error(`ROOMDECK_E2E_SOCKET must be "served" or "refused" (got "${value}")`);
  return value === 'refused';
}

export function startSimulator(options: SimulatorOptions): Promise<Running> {
  const args = ['--port', String(options.port ?? 0), '--data', options.dataFile];
  if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
  if (options.tokenTtlSeconds !== undefined) args.push('--token-ttl', String(options.tokenTtlSeconds));
  if (options.refuseSockets ?? socketRefusedByRun()) args.push('--no-control-websocket');
  // The compiled simulator (built with the host) when it is up to date: a start then costs under a
  // second of processor time instead of three with tsx, and the suite starts some sixty of them.
  return startNode(
    [...compiledOrSources('simulator.js', 'simulator/cli.ts'), ...args],
    /Control Service simulator listening on (http:\/\/127\.0\.0\.1:\d+)/,
    'The simulator',
  );
}

/**
 * `dist/host/<compiled>` when `npm run build:host` is up to date, else the TypeScript sources with
 * tsx, so a test never runs a stale build.
 */
function compiledOrSources(compiled: string, source: string): string[] {
  const { outputs, sources } = BUILDS['build:host'];
  return needsBuild(ROOT, outputs, sources) ? ['--import', 'tsx', source] : [`dist/host/${compiled}`];
}

/**
 * The run's API generation (`ROOMDECK_E2E_API=legacy|current`), as the host's
 * `--api`; unset: none, so the host decides as `npm start` does (`auto`). A spec's own `--api` in
 * `args` comes later and wins.
 */
export function e2eApiArgs(env: NodeJS.ProcessEnv = runEnv()): string[] {
  const api = env.ROOMDECK_E2E_API;
  if (api === undefined || api === '') return [];
  if (api !== 'legacy' && api !== 'current')
    throw new Error(`ROOMDECK_E2E_API must be "legacy" or "current" (got "${api}")`);
  return ['--api', api];
}

export function startHost(options: {
  serverUrl: string;
  dataDir: string;
  args?: string[];
}): Promise<Running> {
  const args = [
    '--server',
    options.serverUrl,
    '--browser-host',
    '--port',
    '0',
    '--data-dir',
    options.dataDir,
    ...e2eApiArgs(),
    ...(options.args ?? []),
  ];
  // The compiled launcher, as `npm start` runs it.
  return startNode(
    [...compiledOrSources('start.js', 'host/start.ts'), ...args],
    /Roomdeck is running at (http:\/\/127\.0\.0\.1:\d+)\/(\?launch=[A-Za-z0-9_-]+) /,
    'The browser host',
  );
}

/** What may stand between a stack's host and its simulator: a fault proxy, a deployment's gateway. */
export interface Front {
  /** Where the host sends what it would send to the Control Service. */
  url: string;
  close(): Promise<void>;
}

export interface Stack<F extends Front | undefined = Front | undefined> {
  simulator: Running;
  /** The current host (a new one after `restartHost`). */
  host: Running;
  /** What stands in front of the simulator, when the stack was asked for one. */
  front: F;
  dataFile: string;
  dir: string;
  /** The host's data directory (`--data-dir`): its vault, its logs. */
  hostDataDir: string;
  /** Kills the simulator as a crash would, keeping its port and data file for a restart. */
  killSimulator(): Promise<void>;
  restartSimulator(): Promise<void>;
  /**
   * Stops the host and starts it again on the same data directory, as a power cut would: with the
   * flags it started with, then `moreArgs` (a kiosk's PIN, the old port).
   */
  restartHost(moreArgs?: string[]): Promise<Running>;
  stop(): Promise<void>;
}

export interface StackOptions<F extends Front | undefined = undefined> {
  latencyMs?: number;
  /** Access token lifetime in seconds: short, so a panel refreshes while a test watches. */
  tokenTtlSeconds?: number;
  /** Refuse the control websocket, or serve it: unset, as the run says (`socketRefusedByRun`). */
  refuseSockets?: boolean;
  hostArgs?: string[];
  /** The host's configuration file (`--config`): written 0600 into the stack's directory, as an admin would. */
  hostConfig?: Record<string, unknown>;
  /** Started once the simulator listens, given its address; the host talks to it instead. */
  front?: (simulatorUrl: string) => Promise<F>;
}

export async function startStack<F extends Front | undefined = undefined>(
  options: StackOptions<F> = {},
): Promise<Stack<F>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-e2e-'));
  const dataFile = path.join(dir, 'simulator.json');
  const hostDataDir = path.join(dir, 'host');
  const hostArgs = [...(options.hostArgs ?? [])];
  if (options.hostConfig !== undefined) {
    const configFile = path.join(dir, 'config.json');
    writeFileSync(configFile, `${JSON.stringify(options.hostConfig, null, 2)}\n`);
    chmodSync(configFile, 0o600);
    hostArgs.push('--config', configFile);
  }
  const simulatorOptions: SimulatorOptions = {
    dataFile,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    ...(options.tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds: options.tokenTtlSeconds }),
    ...(options.refuseSockets === undefined ? {} : { refuseSockets: options.refuseSockets }),
  };
  let simulator = await startSimulator(simulatorOptions);
  let front: Front | undefined;
  const launchHost = (args: string[]) =>
    startHost({
      serverUrl: front?.url ?? simulator.url,
      dataDir: hostDataDir,
      ...(args.length > 0 ? { args } : {}),
    });
  let host: Running;
  try {
    front = (await options.front?.(simulator.url)) as Front | undefined;
    host = await launchHost(hostArgs);
  } catch (error) {
    await Promise.allSettled([simulator.stop(), front?.close()]);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stack: Stack<F> = {
    get simulator() {
      return simulator;
    },
    get host() {
      return host;
    },
    front: front as F,
    dataFile,
    dir,
    hostDataDir,
    async killSimulator() {
      await simulator.stop('SIGKILL');
    },
    async restartSimulator() {
      simulator = await startSimulator({ ...simulatorOptions, port: simulator.port });
    },
    async restartHost(moreArgs = []) {
      await host.stop();
      host = await launchHost([...hostArgs, ...moreArgs]);
      return host;
    },
    async stop() {
      await Promise.allSettled([host.stop(), simulator.stop(), front?.close()]);
      try {
        // Every spec's stack is a log secrecy test: what the host logged holds no credential.
        assertNoCredentialsInLogs({
          dataDir: hostDataDir,
          simulatorDataFile: dataFile,
          secrets: ['roomdeck-ci-secret'],
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return stack;
}
