import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the simulator for the generation tests: it can answer as a service
 * that speaks only the current generation (`/api/control` is 404, as on every PlaceOS deployment),
 * fail `/auth/authority` a number of times (a gateway's 503), rewrite the authority document, and
 * serve extra paths from others (`/custom/token` → `/auth/oauth/token`).
 */

export interface GenerationProxyOptions {
  refuseLegacy?: boolean;
  /** How many `/auth/authority` requests get a 503 before they are forwarded. */
  failAuthority?: number;
  authority?: (document: Record<string, unknown>) => Record<string, unknown>;
  /** Path → the simulator's path it is served from. */
  aliases?: Record<string, string>;
}

export interface GenerationProxy {
  url: string;
  /** Paths requested, in order. */
  paths: string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startGenerationProxy(
  upstream: string,
  options: GenerationProxyOptions = {},
): Promise<GenerationProxy> {
  const paths: string[] = [];
  let authorityFailures = options.failAuthority ?? 0;
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const incoming = new URL(req.url ?? '/', 'http://proxy');
    const path = incoming.pathname;
    paths.push(path);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (options.refuseLegacy && path.startsWith('/api/control')) return json(404, { error: 'not found' });
    if (path === '/auth/authority' && authorityFailures > 0) {
      authorityFailures -= 1;
      return json(503, { error: 'upstream unavailable' });
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || ['host', 'content-length', 'connection'].includes(k)) continue;
      headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
    const target = new URL((options.aliases?.[path] ?? path) + incoming.search, upstream);
    const answer = await fetch(target, {
      method: req.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body: new Uint8Array(body) }),
      redirect: 'manual',
    });
    let text = await answer.text();
    if (path === '/auth/authority' && options.authority !== undefined && answer.status === 200)
      text = JSON.stringify(options.authority(JSON.parse(text) as Record<string, unknown>));
    const out: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
        out[key] = value;
    });
    res.writeHead(answer.status, out);
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
