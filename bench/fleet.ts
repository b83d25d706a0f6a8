/**
 * Fleet benchmark: 500 headless panels (the app's own session, ControlClient, poller and
 * room logic; see support/headless-panel.ts), one per room of one simulator process (the demo
 * building plus generated rooms), first idle, then with 10% of them pressing a control every 10 s.
 * Prints JSON lines: requests per second in total, per idle and per active panel, the simulator's
 * CPU in cores, and state request latency (at the simulator and as the panels saw it).
 *
 *   npm run bench -- fleet                       the 2 minutes idle + 2 minutes active
 *   npm run bench -- fleet --seconds 20          shorter phases for a quick look
 *   npx tsx bench/fleet.ts --panels 100          fewer panels (the simulator serves 500 rooms anyway)
 *   npm run bench -- fleet --live on             the panels on the live channel (one control websocket
 *                                                each; pushed values replace polling), as `npm start` runs
 *
 * The panels share this process and the simulator its own; on a small shared machine the figures
 * are noisy (the latencies most), so the machine's load is printed with them.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULTS } from '../core/config/load.ts';
import type { ResolvedConfig } from '../core/config/schema.ts';
import { HeadlessPanel } from './support/headless-panel.ts';
import { median, percentile, report, round } from './support/stats.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string' },
    panels: { type: 'string', default: '500' },
    'active-share': { type: 'string', default: '0.1' },
    'press-every-s': { type: 'string', default: '10' },
    live: { type: 'string', default: 'off' },
  },
  allowPositionals: true,
});
const PHASE_MS = Number(flags.seconds ?? process.env.BENCH_FLEET_SECONDS ?? 120) * 1000;
const PANELS = Number(flags.panels);
const ACTIVE_SHARE = Number(flags['active-share']);
const PRESS_EVERY_MS = Number(flags['press-every-s']) * 1000;
if (flags.live !== 'on' && flags.live !== 'off') throw new Error(`--live is on or off (got "${flags.live}")`);
const LIVE = flags.live;
const ROOMS = 500;
const DEMO_ROOMS = 6;

interface SimStats {
  requests: number;
  wallMs: number;
  cpuCores: number;
  stateTimes: number[];
  byRoute: Record<string, number>;
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'bench/support/fleet-service.ts', String(ROOMS - DEMO_ROOMS)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
// Stopped early (Ctrl-C, a kill): the simulator goes too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill('SIGTERM');
    process.exit(130);
  });
}
const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
const { simulator, stats } = JSON.parse(line) as { simulator: string; stats: string };
const simStats = async (): Promise<SimStats> => (await fetch(`${stats}/stats`)).json() as Promise<SimStats>;
const resetSim = async () => void (await fetch(`${stats}/reset`, { method: 'POST' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const config: ResolvedConfig = {
  serverUrl: simulator,
  embeddedSimulator: false,
  // A managed panel account signs in by itself (password grant through the CI client).
  clientId: 'roomdeck-ci',
  clientSecret: 'roomdeck-ci-secret',
  serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
  scope: DEFAULTS.scope,
  systemId: null,
  kiosk: false,
  poll: { ...DEFAULTS.poll },
  panel: { ...DEFAULTS.panel },
  allowInsecureVault: false,
  service: { live: LIVE },
  dataDir: '/nonexistent',
  requestTimeoutMs: DEFAULTS.requestTimeoutMs,
  host: { address: '127.0.0.1', port: 0 },
};

const panels: HeadlessPanel[] = [];
let syncTimer: ReturnType<typeof setInterval> | undefined;
try {
  // Every room of the simulator, as a technician's chooser would list them.
  const lister = new HeadlessPanel(config, 'none');
  await lister.api.session.signIn({});
  const rooms: string[] = [];
  for (let offset = 0; rooms.length < ROOMS; offset += 500) {
    const page = await lister.api.systems.list({ limit: 500, offset });
    rooms.push(...page.items.map((s) => s.id));
    if (page.items.length === 0 || rooms.length >= page.total) break;
  }
  lister.dispose();

  // Open the panels a few at a time, as a building's panels come up: not all in the same second.
  const openStarted = performance.now();
  for (let i = 0; i < PANELS; i += 1) panels.push(new HeadlessPanel(config, rooms[i % rooms.length]!));
  for (let i = 0; i < panels.length; i += 10) await Promise.all(panels.slice(i, i + 10).map((p) => p.open()));
  const openMs = performance.now() - openStarted;
  // The view follows the room's state (Panel.svelte's $effect); headless, once a second.
  syncTimer = setInterval(() => {
    for (const p of panels) p.sync();
  }, 1_000);

  const measure = async (phase: string, active: Set<HeadlessPanel>): Promise<void> => {
    for (const p of panels) {
      p.counters.requests = 0;
      p.counters.stateMs = [];
      p.counters.events = 0;
    }
    await resetSim();
    // The panels' own process: its CPU and event-loop delay say how much of their latency is theirs.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const cpuAt = process.cpuUsage();
    const started = performance.now();
    void [...active].map(async (p, i) => {
      // Spread over the period, so the pressing panels are not in lockstep.
      await sleep((i * PRESS_EVERY_MS) / Math.max(1, active.size));
      while (performance.now() - started < PHASE_MS) {
        await p.press();
        await sleep(PRESS_EVERY_MS);
      }
    });
    await sleep(PHASE_MS);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuAt);
    lag.disable();
    const sim = await simStats();
    const idle = panels.filter((p) => !active.has(p));
    const perPanel = (ps: HeadlessPanel[]) =>
      ps.length === 0
        ? null
        : round(ps.reduce((n, p) => n + p.counters.requests, 0) / ps.length / seconds, 3);
    const clientState = panels.flatMap((p) => p.counters.stateMs);
    report({
      bench: `fleet: ${panels.length} panels (live ${LIVE}), ${phase}`,
      seconds: round(seconds, 1),
      total_rps: round(sim.requests / (sim.wallMs / 1000), 1),
      per_idle_panel_rps: perPanel(idle),
      per_active_panel_rps: perPanel([...active]),
      active_panels: active.size,
      live_events_per_panel_s: round(
        panels.reduce((n, p) => n + p.counters.events, 0) / panels.length / seconds,
        3,
      ),
      simulator_cpu_cores: round(sim.cpuCores, 3),
      state_ms_at_simulator: {
        p50: round(percentile(sim.stateTimes, 50)),
        p95: round(percentile(sim.stateTimes, 95)),
        count: sim.stateTimes.length,
      },
      state_ms_at_panels: {
        p50: round(percentile(clientState, 50)),
        p95: round(percentile(clientState, 95)),
        median_of_panels_p95: round(
          median(
            panels
              .filter((p) => p.counters.stateMs.length > 0)
              .map((p) => percentile(p.counters.stateMs, 95)),
          ),
        ),
      },
      panels_process: {
        cpu_cores: round((cpu.user + cpu.system) / 1e6 / seconds, 3),
        event_loop_delay_ms: { p50: round(lag.percentile(50) / 1e6), p95: round(lag.percentile(95) / 1e6) },
      },
      by_route: sim.byRoute,
      goals: {
        'idle fleet <= 250 req/s': phase.startsWith('idle')
          ? sim.requests / (sim.wallMs / 1000) <= 250
          : undefined,
        'idle panel <= 0.5 req/s': (perPanel(idle) ?? 0) <= 0.5,
        'simulator <= 1 core': sim.cpuCores <= 1,
        'state p95 <= 50 ms (at the panels)': percentile(clientState, 95) <= 50,
      },
      machine: { cpus: availableParallelism(), loadavg_1m: round(loadavg()[0] ?? 0) },
    });
  };

  report({ bench: 'fleet: panels opened', panels: panels.length, seconds: round(openMs / 1000, 1) });
  // Past the first minute after opening (its start-up requests), so the idle figure is steady state.
  await sleep(Math.min(15_000, PHASE_MS / 4));
  await measure('idle (rooms off, nobody touching)', new Set());
  const every = Math.max(1, Math.round(1 / ACTIVE_SHARE));
  await measure(
    `${Math.round(ACTIVE_SHARE * 100)}% pressing a control every ${PRESS_EVERY_MS / 1000} s`,
    new Set(panels.filter((_, i) => i % every === 0)),
  );
} finally {
  if (syncTimer) clearInterval(syncTimer);
  for (const p of panels) p.dispose();
  child.kill('SIGTERM');
}
process.exit(0);
