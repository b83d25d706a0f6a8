import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the simulator that answers the way real deployments of the service
 * do (recorded shapes, see test/core/api/fixtures/placeos-shapes.ts), so Roomdeck is tested
 * against what it will meet rather than only against the simulator it was written with:
 * - served under a path prefix (`/placeos/…`), as behind a gateway;
 * - lists in the legacy `{total, results}` envelope, without X-Total-Count;
 * - `null` in every optional field a record leaves unset, and unknown extra fields;
 * - modules without the wire contract's `name`;
 * - state values as JSON text (`"true"`, `"15"`, `"\"hdmi1\""`);
 * - funcs in the legacy shape (`{arity: -2, params: [["req","state"]]}`, no `order`);
 * - an `id_token` nobody asked for in token responses;
 * - no `/auth/authority` (404): the legacy generation, as `service.api: auto` must find it.
 * Paths without the prefix are forwarded too. Like a gateway that rewrites Host to the backend's, it
 * rewrites its own Origin to the backend's (the sign-in form's Origin check), and puts the prefix on
 * the backend's cookie paths (`Path=/auth` → `Path=/placeos/auth`, nginx's proxy_cookie_path).
 */

export interface DeploymentProxy {
  /** Base URL including the prefix, e.g. http://127.0.0.1:4321/placeos */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const PREFIX = '/placeos';
const SYSTEM_OPTIONAL = [
  'description',
  'email',
  'capacity',
  'support_url',
  'installed_ui_devices',
  'edge_id',
];
const MODULE_OPTIONAL = [
  'control_system_id',
  'ip',
  'uri',
  'port',
  'custom_name',
  'notes',
  'edge_id',
  'tls',
  'udp',
  'makebreak',
];
const UNSOLICITED_ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function withNulls(record: Json, fields: readonly string[]): Json {
  const out: Json = { ...record, x_deployment_field: 'unknown to the client' };
  for (const field of fields) if (out[field] === undefined || out[field] === '') out[field] = null;
  return out;
}

const legacySystem = (s: unknown) => (isRecord(s) ? withNulls(s, SYSTEM_OPTIONAL) : s);
function legacyModule(m: unknown): unknown {
  if (!isRecord(m)) return m;
  const { name: _name, ...rest } = m;
  return withNulls(rest, MODULE_OPTIONAL);
}

function legacyFuncs(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const out: Json = {};
  for (const [method, description] of Object.entries(body)) {
    if (!isRecord(description)) continue;
    const order = Array.isArray(description.order) ? (description.order as string[]) : [];
    const params = isRecord(description.params) ? description.params : {};
    const required = order.filter(
      (name) => !isRecord(params[name]) || !('default' in (params[name] as Json)),
    );
    out[method] = {
      arity: required.length === order.length ? order.length : -(required.length + 1),
      params: order.map((name) => [required.includes(name) ? 'req' : 'opt', name]),
    };
  }
  return out;
}

function rewrite(path: string, method: string, body: unknown): unknown {
  if (path.endsWith('/auth/oauth/token') && isRecord(body) && 'access_token' in body) {
    return { ...body, id_token: UNSOLICITED_ID_TOKEN };
  }
  if (!path.startsWith('/api/control/')) return body;
  if (method === 'GET' && /\/state$/.test(path) && isRecord(body)) {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, JSON.stringify(v)]));
  }
  if (method === 'GET' && /\/funcs$/.test(path)) return legacyFuncs(body);
  if (/^\/api\/control\/systems(\/[^/]+)?$/.test(path)) {
    if (Array.isArray(body)) return { total: body.length, results: body.map(legacySystem) };
    if (isRecord(body)) {
      const system = legacySystem(body) as Json;
      if (Array.isArray(system.modules))
        system.modules = system.modules.map((m) => (isRecord(m) ? legacyModule(m) : m));
      return system;
    }
  }
  if (/^\/api\/control\/modules(\/[^/]+)?$/.test(path)) {
    if (Array.isArray(body)) return { total: body.length, results: body.map(legacyModule) };
    return legacyModule(body);
  }
  if (/^\/api\/control\/(zones|dependencies)$/.test(path) && Array.isArray(body)) {
    return { total: body.length, results: body };
  }
  return body;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startDeploymentProxy(upstream: string): Promise<DeploymentProxy> {
  const target = new URL(upstream);
  let origin = '';
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const incoming = new URL(req.url ?? '/', 'http://proxy');
      const path = incoming.pathname.startsWith(`${PREFIX}/`)
        ? incoming.pathname.slice(PREFIX.length)
        : incoming.pathname;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined || k === 'host' || k === 'content-length' || k === 'connection') continue;
        headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      if (headers.get('origin') === origin) headers.set('origin', target.origin);
      // A legacy deployment has no authority document (placeos-generations.md §0): `auto` must
      // find the legacy generation here, as it would there.
      if (path === '/auth/authority') {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not Found</h1>');
        return;
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const answer = await fetch(new URL(path + incoming.search, target), {
        method: req.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body: new Uint8Array(body) }),
        redirect: 'manual',
      });
      const text = await answer.text();
      const out: Record<string, string> = {};
      answer.headers.forEach((value, key) => {
        if (
          ![
            'content-length',
            'content-encoding',
            'transfer-encoding',
            'x-total-count',
            'link',
            'connection',
            'set-cookie',
          ].includes(key)
        )
          out[key] = value;
      });
      const cookies = answer.headers
        .getSetCookie()
        .map((line) => line.replace(/;\s*Path=\//i, `; Path=${PREFIX}/`));
      let payload = text;
      if ((answer.headers.get('content-type') ?? '').includes('json') && text !== '' && answer.status < 300) {
        payload = JSON.stringify(rewrite(path, req.method ?? 'GET', JSON.parse(text)));
      }
      res.writeHead(answer.status, cookies.length > 0 ? { ...out, 'set-cookie': cookies } : out);
      res.end(payload);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `proxy: ${(err as Error).message}`, code: 'bad_gateway' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${PREFIX}`,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
