// The stack the live comparison runs on: the counting simulator (counted-simulator.ts) in its own
// process and the browser host as npm start runs it, with the live channel on or off.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { RealtimeCounts } from '../../simulator/realtime/counters.ts';
import { ROOT, type Running, startHost } from '../../test/e2e/support/processes.ts';

/** What the simulator counted since the last reset. */
export interface ServiceCounts {
  seconds: number;
  requests: number;
  /** `METHOD /path` (system ids folded to :id) → requests. */
  byRoute: Record<string, number>;
  socket: RealtimeCounts;
}

export interface LiveStack {
  simulatorUrl: string;
  host: Running;
  /** Zeroes the simulator's counters (HTTP and socket). */
  reset(): Promise<void>;
  counts(): Promise<ServiceCounts>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

async function startCountedSimulator(dataFile: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/renderer/counted-simulator.ts', dataFile],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'test' } },
  );
  const lines = createInterface({ input: child.stdout! });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the counting simulator exited (${code}) before it was ready`);
    }),
  ])) as [string];
  clearTimeout(timer);
  const urls = JSON.parse(line) as { simulator: string; stats: string };
  return { child, ...urls };
}

/**
 * `live`: the host's `--live` flag; undefined starts the host as npm start does (its default).
 * `config`: the host's configuration file, written 0600 as an admin would.
 */
export async function startLiveStack(
  live: 'on' | 'off' | undefined,
  config?: Record<string, unknown>,
): Promise<LiveStack> {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-bench-live-'));
  const args = live === undefined ? [] : ['--live', live];
  if (config !== undefined) {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    chmodSync(file, 0o600);
    args.push('--config', file);
  }
  const sim = await startCountedSimulator(path.join(dir, 'simulator.json'));
  const stopSimulator = async () => {
    if (sim.child.exitCode !== null) return;
    sim.child.kill('SIGTERM');
    await once(sim.child, 'exit');
  };
  let host: Running;
  try {
    host = await startHost({
      serverUrl: sim.simulator,
      dataDir: path.join(dir, 'host'),
      args,
    });
  } catch (error) {
    await stopSimulator();
    throw error;
  }
  return {
    simulatorUrl: sim.simulator,
    host,
    async reset() {
      const response = await fetch(`${sim.stats}/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`the simulator's counters did not reset: ${response.status}`);
    },
    async counts() {
      const response = await fetch(`${sim.stats}/stats`);
      if (!response.ok) throw new Error(`the simulator's counters did not answer: ${response.status}`);
      return (await response.json()) as ServiceCounts;
    },
    async stop() {
      await Promise.allSettled([host.stop(), stopSimulator()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
