// Simulator throughput and search latency. Prints JSON lines; medians over several rounds.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { passwordToken } from '../test/simulator/api/support.ts';
import { latencies, load } from './support/http-load.ts';
import { median, percentile, report, round } from './support/stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/servers.ts', '10000'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
const { simulator, bare } = JSON.parse(line) as { simulator: string; bare: string };

try {
  const token = await passwordToken(simulator, 'panel@demo.local');
  const auth = { authorization: `Bearer ${token}` };

  const cases = [
    { name: 'GET state', path: '/api/control/systems/sys-huddle-3-2/state?module=Display' },
    { name: 'GET systems', path: '/api/control/systems?limit=20' },
  ];
  for (const { name, path } of cases) {
    const body = await (await fetch(`${simulator}${path}`, { headers: auth })).json();
    await fetch(`${bare}/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: encodeURIComponent(name), json: body }),
    });
    const bareUrl = `${bare}/bare/${encodeURIComponent(encodeURIComponent(name))}`;
    await load(`${simulator}${path}`, auth, 500);
    await load(bareUrl, {}, 500);
    const ratios: number[] = [];
    const simRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sim = await load(`${simulator}${path}`, auth, ROUND_MS);
      const plain = await load(bareUrl, {}, ROUND_MS);
      if (sim.errors > 0 || plain.errors > 0)
        throw new Error(`${name}: ${sim.errors + plain.errors} failed requests`);
      simRates.push(sim.perSecond);
      bareRates.push(plain.perSecond);
      ratios.push(sim.perSecond / plain.perSecond);
    }
    report({
      bench: `simulator ${name} throughput`,
      rounds: ROUNDS,
      simulator_rps_median: round(median(simRates), 0),
      bare_fastify_rps_median: round(median(bareRates), 0),
      ratio_median: round(median(ratios)),
      goal: 'ratio >= 0.5',
      met: median(ratios) >= 0.5,
    });
  }

  const q = encodeURIComponent('boardroom projector~1 harbour');
  const searchUrl = `${simulator}/api/control/systems?q=${q}&limit=20`;
  await latencies(searchUrl, auth, 20);
  const p95s: number[] = [];
  const p50s: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const times = await latencies(searchUrl, auth, 100);
    p95s.push(percentile(times, 95));
    p50s.push(percentile(times, 50));
  }
  report({
    bench: 'simulator search latency, 10,006 systems, q="boardroom projector~1 harbour"',
    rounds: ROUNDS,
    requests_per_round: 100,
    p50_ms_median: round(median(p50s)),
    p95_ms_median: round(median(p95s)),
    goal: 'p95 <= 20 ms',
    met: median(p95s) <= 20,
  });
} finally {
  child.kill('SIGTERM');
}
