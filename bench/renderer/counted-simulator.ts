// Child process of the live comparison (live.ts): the simulator, counting at itself what the panel
// costs it: every HTTP request (by method and route) and its control websocket's connections and
// frames (simulator/realtime/counters.ts). As bench/support/fleet-service.ts does for the fleet:
// prints its URLs as one JSON line; GET /stats on the stats server answers the counts since the last
// POST /reset.
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { realtimeCounters } from '../../simulator/realtime/counters.ts';
import { startSimulator } from '../../simulator/server.ts';

const dataFile = process.argv[2];
const sim = await startSimulator({ port: 0, latencyMs: 0, ...(dataFile ? { dataFile } : {}) });
const socket = realtimeCounters(sim.simulator);

let requests = 0;
let byRoute = new Map<string, number>();
let since = performance.now();

/** `GET /api/engine/v2/systems/:id/Display_1/power`: ids folded, so the counts group by what was asked. */
function routeOf(request: IncomingMessage): string {
  const path = (request.url ?? '').split('?')[0] ?? '';
  return `${request.method} ${path.replace(/\/systems\/[^/]+/, '/systems/:id')}`;
}

// The simulator is listening already (no more fastify hooks): count at its HTTP server instead. A
// websocket handshake is an `upgrade`, not a `request`: the socket counters have it.
sim.app.server.on('request', (request: IncomingMessage) => {
  requests += 1;
  const route = routeOf(request);
  byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
});

const stats = Fastify({ logger: false });
stats.post('/reset', async () => {
  requests = 0;
  byRoute = new Map();
  socket.reset();
  since = performance.now();
  return { ok: true };
});
stats.get('/stats', async () => ({
  seconds: (performance.now() - since) / 1000,
  requests,
  byRoute: Object.fromEntries(byRoute),
  socket: socket.read(),
}));
await stats.listen({ port: 0, host: '127.0.0.1' });
const address = stats.server.address();
const statsPort = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ simulator: sim.url, stats: `http://127.0.0.1:${statsPort}` })}\n`);
const stop = () => void Promise.all([sim.close(), stats.close()]).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
