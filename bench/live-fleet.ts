/**
 * Live fleet benchmark: 500 panels' live channels (core/live's LiveFeeds, one per room
 * of one simulator process: the demo building plus generated rooms), each watching its room's
 * modules over its own control websocket. Three phases, then an outage:
 *  - idle: simulator CPU, socket frames/s (both ways) in total and per panel, HTTP requests/s;
 *  - 10% of the rooms changing a value every 10 s (another client's HTTP exec): the same, plus
 *    change → state event at the watching panel, p50/p95;
 *  - an outage (nobody listens, every socket cut, 60 s), then the service back: peak websocket
 *    connections/s and HTTP requests/s in the first 10 s, and how long until every panel is push again.
 * Prints JSON lines.
 *
 *   npm run bench -- live-fleet                        2 minutes per phase, a 60 s outage
 *   npm run bench -- live-fleet --seconds 20           shorter phases for a quick look
 *   npx tsx bench/live-fleet.ts --panels 100 --outage-seconds 30
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ControlClient } from '../core/api/client.ts';
import type { AccessTokenSource } from '../core/api/transport.ts';
import { createLiveFeeds, SOCKET_PATHS } from '../core/live/index.ts';
import type { LiveFeeds } from '../core/live/feeds.ts';
import type { LiveEvent, LiveTarget } from '../contract/types.ts';
import { percentile, report, round } from './support/stats.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string' },
    panels: { type: 'string', default: '500' },
    'active-share': { type: 'string', default: '0.1' },
    'change-every-s': { type: 'string', default: '10' },
    'outage-seconds': { type: 'string', default: '60' },
    api: { type: 'string', default: 'current' },
  },
  allowPositionals: true,
});
const PHASE_MS = Number(flags.seconds ?? process.env.BENCH_FLEET_SECONDS ?? 120) * 1000;
const PANELS = Number(flags.panels);
const ACTIVE_SHARE = Number(flags['active-share']);
const CHANGE_EVERY_MS = Number(flags['change-every-s']) * 1000;
const OUTAGE_MS = Number(flags['outage-seconds']) * 1000;
const SOCKET_PATH = flags.api === 'legacy' ? SOCKET_PATHS.legacy : SOCKET_PATHS.current;
const ROOMS = 500;
const DEMO_ROOMS = 6;
const MAX_TARGETS = 8;

interface SimStats {
  wallMs: number;
  cpuCores: number;
  framesIn: number;
  framesOut: number;
  openSockets: number;
  requests: number[];
  upgrades: number[];
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'bench/support/live-fleet-service.ts', String(ROOMS - DEMO_ROOMS)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill('SIGTERM');
    process.exit(130);
  });
}
const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
const { simulator, stats } = JSON.parse(line) as { simulator: string; stats: string };
const simStats = async (): Promise<SimStats> => (await fetch(`${stats}/stats`)).json() as Promise<SimStats>;
const post = async (path: string) => void (await fetch(`${stats}${path}`, { method: 'POST' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const machine = () => ({ cpus: availableParallelism(), loadavg_1m: round(loadavg()[0] ?? 0) });

async function passwordToken(username: string): Promise<string> {
  const response = await fetch(`${simulator}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: 'demo',
      authority: 'demo',
      client_id: 'roomdeck-ci',
      client_secret: 'roomdeck-ci-secret',
    }).toString(),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

// One panel account's token (a fleet of managed panels signs in as one account), renewed on a 401.
let token = await passwordToken('panel@demo.local');
const tokens: AccessTokenSource = {
  getAccessToken: async () => token,
  onUnauthorized: async (rejected) => {
    if (rejected === token) token = await passwordToken('panel@demo.local');
  },
};
const http = new ControlClient({ baseUrl: simulator, auth: tokens, timeoutMs: 20_000 });
const adminToken = await passwordToken('admin@demo.local');

/** A room's modules as the panel addresses them (class name, 1-based index among its class). */
async function targetsOf(systemId: string): Promise<LiveTarget[]> {
  const detail = await http.getSystemDetail(systemId);
  const seen = new Map<string, number>();
  const targets: LiveTarget[] = [];
  for (const module of detail.modules) {
    // An empty custom name is no name (the generated rooms' modules have one).
    const name = module.custom_name || module.name;
    if (name === undefined || name.startsWith('_')) continue;
    const index = (seen.get(name) ?? 0) + 1;
    seen.set(name, index);
    targets.push({ module: name, index });
  }
  return targets.slice(0, MAX_TARGETS);
}

// What the feeds log (a read or bind refused), counted: a benchmark that hides its failures lies.
const warnings = new Map<string, number>();
const log = {
  info() {},
  warn(event: string, fields?: Record<string, unknown>) {
    const key = `${event} ${String(fields?.code ?? '')}`.trim();
    warnings.set(key, (warnings.get(key) ?? 0) + 1);
  },
};

interface Panel {
  room: string;
  targets: LiveTarget[];
  feeds: LiveFeeds;
  mode: 'push' | 'polling';
  states: number;
  /** Waiters for a display volume to arrive as state. */
  waiting: Map<number, () => void>;
}

const panels: Panel[] = [];
try {
  const rooms: string[] = [];
  for (let offset = 0; rooms.length < ROOMS; offset += 500) {
    const page = await http.listSystems({ limit: 500, offset });
    rooms.push(...page.items.map((s) => s.id));
    if (page.items.length === 0 || rooms.length >= page.total) break;
  }

  const opened = performance.now();
  for (let i = 0; i < PANELS; i += 10) {
    await Promise.all(
      rooms.slice(i, Math.min(PANELS, i + 10)).map(async (room) => {
        const targets = await targetsOf(room);
        const feeds = createLiveFeeds({
          serviceUrl: simulator,
          socketPath: SOCKET_PATH,
          tokens,
          log,
          readState: (sys, target, signal) =>
            http.systemState(
              sys,
              { module: target.module, index: target.index },
              signal ? { signal } : undefined,
            ),
        });
        const panel: Panel = { room, targets, feeds, mode: 'polling', states: 0, waiting: new Map() };
        feeds.subscribe((event: LiveEvent) => {
          if (event.type === 'mode') panel.mode = event.mode;
          if (event.type === 'state') {
            panel.states += 1;
            const volume = event.module === 'Display' ? event.state.volume : undefined;
            if (typeof volume === 'number') panel.waiting.get(volume)?.();
          }
        });
        feeds.watch(`bench-${room}`.slice(0, 64), room, targets);
        panels.push(panel);
      }),
    );
  }
  const allPush = async (limitMs: number) => {
    const started = performance.now();
    while (panels.some((p) => p.mode !== 'push' || p.states === 0)) {
      if (performance.now() - started > limitMs) return false;
      await sleep(100);
    }
    return true;
  };
  const ready = await allPush(120_000);
  report({
    bench: 'live-fleet: panels open and push',
    panels: panels.length,
    all_push: ready,
    seconds: round((performance.now() - opened) / 1000, 1),
    socket: SOCKET_PATH,
    not_ready: panels
      .filter((p) => p.mode !== 'push' || p.states === 0)
      .slice(0, 5)
      .map((p) => ({ room: p.room, mode: p.mode, states: p.states, targets: p.targets })),
    warnings: Object.fromEntries(warnings),
  });
  // Past the start-up's reads and binds, so the idle figure is steady state.
  await sleep(Math.min(10_000, PHASE_MS / 4));

  const measure = async (phase: string, active: Panel[]) => {
    const latencies: number[] = [];
    let failed = 0;
    await post('/reset');
    const cpuAt = process.cpuUsage();
    const started = performance.now();
    let level = 10;
    void active.map(async (panel, i) => {
      // Spread over the period, so the changing rooms are not in lockstep.
      await sleep((i * CHANGE_EVERY_MS) / Math.max(1, active.length));
      while (performance.now() - started < PHASE_MS) {
        level = level >= 90 ? 10 : level + 1;
        const volume = level;
        const t0 = performance.now();
        const arrived = new Promise<void>((resolve) => panel.waiting.set(volume, resolve));
        const answer = await fetch(`${simulator}/api/control/systems/${panel.room}/exec`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ module: 'Display', index: 1, method: 'volume', args: [volume] }),
        });
        await answer.arrayBuffer();
        if (answer.ok) {
          const timeout = sleep(5_000).then(() => 'timeout' as const);
          if ((await Promise.race([arrived, timeout])) === 'timeout') failed += 1;
          else latencies.push(performance.now() - t0);
        } else failed += 1;
        panel.waiting.delete(volume);
        await sleep(Math.max(0, CHANGE_EVERY_MS - (performance.now() - t0)));
      }
    });
    await sleep(PHASE_MS);
    const sim = await simStats();
    const seconds = sim.wallMs / 1000;
    const cpu = process.cpuUsage(cpuAt);
    const frames = sim.framesIn + sim.framesOut;
    report({
      bench: `live-fleet: ${panels.length} panels, ${phase}`,
      seconds: round(seconds, 1),
      simulator_cpu_cores: round(sim.cpuCores, 3),
      open_sockets: sim.openSockets,
      frames_per_s: round(frames / seconds, 2),
      frames_per_panel_s: round(frames / seconds / panels.length, 4),
      frames_in_out: [sim.framesIn, sim.framesOut],
      http_requests_per_s: round(sim.requests.length / seconds, 2),
      changes: latencies.length,
      changes_unseen: failed,
      change_to_state_ms:
        latencies.length === 0
          ? null
          : { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
      panels_process_cpu_cores: round(
        (cpu.user + cpu.system) / 1e6 / (performance.now() - started) / 1e-3,
        3,
      ),
      goals: {
        'idle panel <= 0.1 frames/s':
          active.length === 0 ? frames / seconds / panels.length <= 0.1 : undefined,
      },
      machine: machine(),
    });
  };

  await measure('idle', []);
  // Rooms whose display is on (volume is refused while it is off): every tenth room with a Display.
  const every = Math.max(1, Math.round(1 / ACTIVE_SHARE));
  const active = panels.filter((_, i) => i % every === 0);
  for (const panel of active) {
    await fetch(`${simulator}/api/control/systems/${panel.room}/exec`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ module: 'Display', index: 1, method: 'power', args: [true] }),
    }).then((r) => r.arrayBuffer());
  }
  await measure(
    `${Math.round(ACTIVE_SHARE * 100)}% of rooms changing a value every ${CHANGE_EVERY_MS / 1000} s`,
    active,
  );

  // The outage.
  await post('/outage/start');
  const down = performance.now();
  while (panels.some((p) => p.mode === 'push') && performance.now() - down < 10_000) await sleep(50);
  const allPolling = panels.filter((p) => p.mode === 'polling').length;
  await sleep(Math.max(0, OUTAGE_MS - (performance.now() - down)));
  await post('/reset');
  await post('/outage/end');
  const back = performance.now();
  const recovered = await allPush(120_000);
  const recoveredS = (performance.now() - back) / 1000;
  await sleep(Math.max(0, 10_000 - (performance.now() - back)));
  const sim = await simStats();
  const firstTen = (times: number[]) => times.filter((t) => t <= 10_000);
  const peak = (times: number[]) => {
    const buckets = new Map<number, number>();
    for (const t of times) buckets.set(Math.floor(t / 1000), (buckets.get(Math.floor(t / 1000)) ?? 0) + 1);
    return Math.max(0, ...buckets.values());
  };
  report({
    bench: `live-fleet: ${panels.length} panels reconnecting after a ${OUTAGE_MS / 1000} s outage`,
    panels_polling_during_outage: allPolling,
    first_10s: {
      connections: firstTen(sim.upgrades).length,
      peak_connections_per_s: peak(firstTen(sim.upgrades)),
      http_requests: firstTen(sim.requests).length,
      peak_http_requests_per_s: peak(firstTen(sim.requests)),
    },
    all_push_again: recovered,
    seconds_until_all_push: round(recoveredS, 1),
    connections_total: sim.upgrades.length,
    machine: machine(),
  });
} finally {
  await Promise.all(panels.map((p) => p.feeds.close()));
  child.kill('SIGTERM');
}
process.exit(0);
