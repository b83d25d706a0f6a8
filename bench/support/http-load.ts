import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  errors: number;
}

/** Sends GETs to `url` from `concurrency` keep-alive connections for `durationMs`; counts completed responses. */
export async function load(
  url: string,
  headers: Record<string, string>,
  durationMs: number,
  concurrency = 16,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const deadline = performance.now() + durationMs;
  let requests = 0;
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) requests += 1;
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests, seconds, perSecond: requests / seconds, errors };
}

/** Times `count` sequential GETs; returns each latency in milliseconds. */
export async function latencies(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}
