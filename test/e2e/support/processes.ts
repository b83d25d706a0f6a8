import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILDS, needsBuild } from '../../../scripts/build-freshness.mjs';

/*
 * The simulator and the browser host as real child processes on free ports, as a person would run
 * them. `node --import tsx` rather than npx: npx adds seconds to every start.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Running {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function startTs(
  script: string,
  args: string[],
  ready: RegExp,
  what: string,
  timeoutMs = 30_000,
): Promise<Running> {
  return startNode(['--import', 'tsx', script, ...args], ready, what, timeoutMs);
}

function startNode(nodeArgs: string[], ready: RegExp, what: string, timeoutMs = 30_000): Promise<Running> {
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
      resolve({
        url,
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

export interface SimulatorOptions {
  port?: number;
  dataFile: string;
  latencyMs?: number;
  /** Access token lifetime: short, so a panel refreshes while a test watches. */
  tokenTtlSeconds?: number;
}

export function startSimulator(options: SimulatorOptions): Promise<Running> {
  const args = ['--port', String(options.port ?? 0), '--data', options.dataFile];
  if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
  if (options.tokenTtlSeconds !== undefined) args.push('--token-ttl', String(options.tokenTtlSeconds));
  return startTs(
    'simulator/cli.ts',
    args,
    /Control Service simulator listening on (http:\/\/127\.0\.0\.1:\d+)/,
    'The simulator',
  );
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
    ...(options.args ?? []),
  ];
  // The compiled launcher, as `npm start` runs it, when it is up to date; else the sources with tsx,
  // so a test never runs a stale build.
  const { outputs, sources } = BUILDS['build:host'];
  const entry = needsBuild(ROOT, outputs, sources)
    ? ['--import', 'tsx', 'electron/start.ts']
    : ['dist/host/start.js'];
  return startNode(
    [...entry, ...args],
    /Roomdeck is running at (http:\/\/127\.0\.0\.1:\d+)\/?/,
    'The browser host',
  );
}

export interface Stack {
  simulator: Running;
  host: Running;
  dataFile: string;
  dir: string;
  /** Kills the simulator as a crash would, keeping its port and data file for a restart. */
  killSimulator(): Promise<void>;
  restartSimulator(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(options: { latencyMs?: number; hostArgs?: string[] } = {}): Promise<Stack> {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-e2e-'));
  const dataFile = path.join(dir, 'simulator.json');
  const simulatorOptions = {
    dataFile,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  };
  let simulator = await startSimulator(simulatorOptions);
  const host = await startHost({
    serverUrl: simulator.url,
    dataDir: path.join(dir, 'host'),
    ...(options.hostArgs ? { args: options.hostArgs } : {}),
  }).catch(async (error: unknown) => {
    await simulator.stop();
    throw error;
  });
  const stack: Stack = {
    get simulator() {
      return simulator;
    },
    host,
    dataFile,
    dir,
    async killSimulator() {
      await simulator.stop('SIGKILL');
    },
    async restartSimulator() {
      simulator = await startSimulator({ ...simulatorOptions, port: simulator.port });
    },
    async stop() {
      await Promise.allSettled([host.stop(), simulator.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return stack;
}
