// Child process of the live-fleet benchmark: one simulator (the demo building plus generated
// rooms) counting what it serves: HTTP requests, websocket handshakes and text frames both ways,
// each with its time, so the parent can read rates and per-second peaks. It can also take the
// service away (nobody listens, every socket cut) and bring it back on the same port: an outage.
// Prints its URLs as one JSON line.
import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { startSimulator } from '../../simulator/server.ts';

const extraSystems = Number(process.argv[2] ?? 494);

let requests: number[] = [];
let upgrades: number[] = [];
let framesIn = 0;
let framesOut = 0;
let cpuAt = process.cpuUsage();
let wallAt = performance.now();
const open = new Set<WebSocket>();
const track = (ws: WebSocket) => {
  if (open.has(ws)) return;
  open.add(ws);
  ws.once('close', () => open.delete(ws));
};

// The simulator's sockets are ws's: count their frames where ws sends and emits them.
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<typeof send>) {
  framesOut += 1;
  track(this);
  return send.apply(this, args);
} as typeof send;
const emit = WebSocket.prototype.emit;
WebSocket.prototype.emit = function (this: WebSocket, event: string | symbol, ...args: unknown[]) {
  if (event === 'message') {
    framesIn += 1;
    track(this);
  }
  return emit.call(this, event, ...args);
} as typeof emit;

const sim = await startSimulator({ port: 0, extraSystems });
const server = sim.app.server;
server.on('request', (_request: IncomingMessage) => requests.push(performance.now()));
server.on('upgrade', () => upgrades.push(performance.now()));

const stats = Fastify({ logger: false });
stats.post('/reset', async () => {
  requests = [];
  upgrades = [];
  framesIn = 0;
  framesOut = 0;
  cpuAt = process.cpuUsage();
  wallAt = performance.now();
  return { ok: true };
});
stats.get('/stats', async () => {
  const cpu = process.cpuUsage(cpuAt);
  const wallMs = performance.now() - wallAt;
  return {
    wallMs,
    cpuCores: (cpu.user + cpu.system) / 1000 / wallMs,
    framesIn,
    framesOut,
    openSockets: open.size,
    // Ms since the reset, for per-second peaks.
    requests: requests.map((t) => Math.round(t - wallAt)),
    upgrades: upgrades.map((t) => Math.round(t - wallAt)),
  };
});
// The outage: nobody listens (connections refused) and every open connection is cut.
stats.post('/outage/start', async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const ws of open) ws.terminate();
    server.closeAllConnections();
  });
  return { ok: true };
});
stats.post('/outage/end', async () => {
  await new Promise<void>((resolve) => server.listen(sim.port, sim.host, () => resolve()));
  return { ok: true };
});
await stats.listen({ port: 0, host: '127.0.0.1' });
const address = stats.server.address();
const statsPort = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ simulator: sim.url, stats: `http://127.0.0.1:${statsPort}` })}\n`);
process.on('SIGTERM', () => {
  void Promise.all([sim.close().catch(() => {}), stats.close()]).then(() => process.exit(0));
});
