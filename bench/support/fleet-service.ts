// Child process of the fleet benchmark: one simulator (the demo building plus generated rooms),
// counting what it serves, so the panels in the parent process do not share its core and its CPU
// can be read on its own. Prints its URLs as one JSON line; GET /stats on the stats server answers
// the counters since the last /reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { startSimulator } from '../../simulator/server.ts';

const extraSystems = Number(process.argv[2] ?? 494);
const sim = await startSimulator({ port: 0, extraSystems });

let requests = 0;
let stateTimes: number[] = [];
let byRoute = new Map<string, number>();
let cpuAt = process.cpuUsage();
let wallAt = process.hrtime.bigint();

// The simulator is listening already (no more fastify hooks): count at its HTTP server instead.
sim.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
  const started = performance.now();
  response.on('finish', () => {
    requests += 1;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const route = path.replace(/\/systems\/[^/]+/, '/systems/:id');
    byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
    if (path.endsWith('/state')) stateTimes.push(performance.now() - started);
  });
});

const stats = Fastify({ logger: false });
stats.post('/reset', async () => {
  requests = 0;
  stateTimes = [];
  byRoute = new Map();
  cpuAt = process.cpuUsage();
  wallAt = process.hrtime.bigint();
  return { ok: true };
});
stats.get('/stats', async () => {
  const cpu = process.cpuUsage(cpuAt);
  const wallMs = Number(process.hrtime.bigint() - wallAt) / 1e6;
  return {
    requests,
    wallMs,
    cpuCores: (cpu.user + cpu.system) / 1000 / wallMs,
    stateTimes,
    byRoute: Object.fromEntries(byRoute),
  };
});
await stats.listen({ port: 0, host: '127.0.0.1' });
const address = stats.server.address();
const statsPort = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ simulator: sim.url, stats: `http://127.0.0.1:${statsPort}` })}\n`);
process.on('SIGTERM', () => {
  void Promise.all([sim.close(), stats.close()]).then(() => process.exit(0));
});
