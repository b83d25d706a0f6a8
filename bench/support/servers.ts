// Child process of the simulator benchmark: the simulator (10,000 extra rooms) and a bare fastify
// server that answers with fixed JSON, so the load generator in the parent does not share their core.
import Fastify from 'fastify';
import { startSimulator } from '../../simulator/server.ts';

const extraSystems = Number(process.argv[2] ?? 10_000);
const sim = await startSimulator({ port: 0, extraSystems });
const bare = Fastify({ logger: false });
const payloads = new Map<string, unknown>();
bare.post<{ Body: { name: string; json: unknown } }>('/set', async (request) => {
  payloads.set(request.body.name, request.body.json);
  return { ok: true };
});
bare.get<{ Params: { name: string } }>(
  '/bare/:name',
  async (request) => payloads.get(request.params.name) ?? null,
);
await bare.listen({ port: 0, host: '127.0.0.1' });
const address = bare.server.address();
const barePort = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ simulator: sim.url, bare: `http://127.0.0.1:${barePort}` })}\n`);
process.on('SIGTERM', () => {
  void Promise.all([sim.close(), bare.close()]).then(() => process.exit(0));
});
