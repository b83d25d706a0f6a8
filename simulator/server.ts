import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { defaultSimulatorOptions, Simulator, type SimulatorOptions } from './control/simulator.ts';

export interface StartOptions extends Partial<SimulatorOptions> {
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  /** Loopback unless told otherwise: the simulator has demo passwords. */
  host?: string;
  /** More Host names it answers to besides the loopback names and `host` (host-check.ts). */
  hostNames?: string[];
}

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  host: string;
  app: FastifyInstance;
  simulator: Simulator;
  close(): Promise<void>;
}

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const { port = 0, host = '127.0.0.1', hostNames = [], ...rest } = options;
  const simulator = new Simulator({ ...defaultSimulatorOptions, ...withoutUndefined(rest) });
  // A new data file is written in the background; wait for it, so the file exists once we are up and a
  // data file that cannot be written fails the start instead of being ignored.
  await simulator.flush();
  const app = await buildApp(simulator, {}, { host, hostNames });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    host,
    app,
    simulator,
    async close() {
      await app.close();
      await simulator.close();
    },
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
