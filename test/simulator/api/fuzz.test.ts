import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, SYS, startApi } from './support.ts';

/**
 * 10,000 seeded random requests, all over real HTTP (node:http with a keep-alive agent, 8 at a time,
 * so raw paths, content types and bodies reach the server exactly as generated): random JSON values,
 * wrong types, huge numbers, unicode, prototype-pollution keys, invalid JSON text, wrong content
 * types, random query strings and paths, across every route and method. Nothing may answer 5xx, and
 * every non-2xx of the control API is JSON with string `error` and `code`.
 *
 * Reproduce a failure with the seed and the request index printed in the report.
 */

const SEED = 20_250_602;
const RUNS = 10_000;
const CONCURRENCY = 8;

interface FuzzRequest {
  method: string;
  path: string;
  contentType: string | null;
  body: string | null;
  auth: 'admin' | 'support' | 'user' | 'none' | 'garbage' | 'query';
}

// ---- generators ----

const safeEncode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate as (invalid) UTF-8
  }
};

const REAL_SYSTEMS = Object.values(SYS);
const REAL_MODULES = [
  'mod-huddle-display',
  'mod-boardroom-projector',
  'mod-lighting-harbour',
  'mod-huddle-logic',
  'mod-lounge-display',
];
const WEIRD_SEGMENTS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '%',
  '%zz',
  '%00',
  '%2F',
  '..',
  '.',
  '%E2%80%AE',
  'x'.repeat(300),
  '',
];

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_SEGMENTS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }).map(safeEncode) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }).map(safeEncode) },
);
const systemId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...REAL_SYSTEMS) },
  { weight: 2, arbitrary: segment },
);
const moduleId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...REAL_MODULES) },
  { weight: 2, arbitrary: segment },
);

const HUGE = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0.1, -0, 1e-300, 4294967296, 65536, -1, 0];
const hugeNumber = fc.constantFrom(...HUGE);
const odd = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '💥',
    'null',
    'true',
    '1e999',
    'NaN',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 2, arbitrary: odd },
  { weight: 1, arbitrary: fc.array(odd, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(odd, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

const FIELDS = [
  'name',
  'zones',
  'modules',
  'settings',
  'features',
  'version',
  'capacity',
  'bookable',
  'installed_ui_devices',
  'email',
  'support_url',
  'description',
  'edge_id',
  'dependency_id',
  'control_system_id',
  'ip',
  'port',
  'udp',
  'makebreak',
  'uri',
  'custom_name',
  'notes',
  'ignore_connected',
  'ignore_startstop',
  'module',
  'index',
  'method',
  'args',
];
const fieldValue = fc.oneof(
  anyJson,
  fc.constantFrom(
    'zone-org',
    'dep-display',
    'dep-room-logic',
    'Display',
    'power',
    'volume',
    [true],
    [50],
    ['zone-org'],
    SYS.huddle,
  ),
);
const knownObject = fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 });

/** JSON text that JSON.stringify cannot produce: pollution keys, huge literals, duplicates, bad syntax. */
const handWritten = fc.constantFrom(
  '{"__proto__": {"isAdmin": true, "offline": true}, "name": "Polluted", "zones": ["zone-org"]}',
  '{"constructor": {"prototype": {"polluted": 1}}, "version": 0}',
  '{"settings": {"__proto__": {"fault": "error"}}, "dependency_id": "dep-display", "ip": "10.0.0.1"}',
  '{"capacity": 1e999, "version": 1e999}',
  '{"port": 1e400, "dependency_id": "dep-display", "ip": "10.1.1.1"}',
  '{"index": 99999999999999999999999, "module": "Display", "method": "power", "args": [true]}',
  '{"name": "a", "name": "b", "zones": ["zone-org"], "zones": 7}',
  '{"args": [' + '1,'.repeat(150) + '1], "module": "Display", "method": "power"}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '{"module": "Display", "method": "__proto__", "args": []}',
  '{"module": "__proto__", "method": "power", "args": [true]}',
  '"just a string"',
  'null',
  '12',
  '',
  '   ',
  '\uFEFF{}',
  '{"a": "\\ud800"}',
  '{"a": 1,}',
  '{"a": 01}',
  '{"a": NaN}',
  "{'a': 1}",
  '{"a": "unterminated',
  '\u0000',
);

const body = fc.oneof(
  { weight: 4, arbitrary: knownObject.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'undefined') },
  { weight: 2, arbitrary: handWritten },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/xml',
      'application/vnd.api+json',
      'APPLICATION/JSON',
      'garbage',
      '',
      null,
    ),
  },
);

const QUERY_KEYS = [
  'q',
  'limit',
  'offset',
  'zone_id',
  'module_id',
  'system_id',
  'dependency_id',
  'complete',
  'module',
  'index',
  'lookup',
  'version',
  'parent_id',
  'tag',
  'role',
  '__proto__',
  'constructor',
  '__proto__[admin]',
  'limit[]',
];
const queryValue = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1',
    '2',
    '1.5',
    '1e400',
    '99999999999999999999',
    '',
    'true',
    'maybe',
    'Display',
    'Projector',
    'display -projector',
    '"unbalanced',
    '(a | b',
    'a~9',
    '*',
    '__proto__',
  ),
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
  fc.constantFrom(...HUGE).map(String),
);
const queryString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      'a=%zz',
      '&&&',
      '=',
      '==&=',
      'limit=1&limit=2',
      'q=a&q=b',
      'module=Display&module=Camera',
      'index=1&index=2',
      'q=' + 'x'.repeat(1200),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(safeEncode) },
);

const route = fc.oneof(
  fc
    .constantFrom(
      ['GET', '/api/control/systems'],
      ['POST', '/api/control/systems'],
      ['GET', '/api/control/modules'],
      ['POST', '/api/control/modules'],
      ['GET', '/api/control/zones'],
      ['GET', '/api/control/dependencies'],
    )
    .map(([m, p]) => [m!, p!] as const),
  fc
    .tuple(fc.constantFrom('GET', 'PUT', 'DELETE'), systemId)
    .map(([m, id]) => [m, `/api/control/systems/${m === 'DELETE' ? `x${id}` : id}`] as const),
  fc
    .tuple(fc.constantFrom('start', 'stop', 'exec'), systemId)
    .map(([a, id]) => ['POST', `/api/control/systems/${id}/${a}`] as const),
  fc
    .tuple(fc.constantFrom('state', 'funcs', 'count', 'types'), systemId)
    .map(([a, id]) => ['GET', `/api/control/systems/${id}/${a}`] as const),
  fc
    .tuple(fc.constantFrom('GET', 'PUT', 'DELETE'), moduleId)
    .map(([m, id]) => [m, `/api/control/modules/${m === 'DELETE' ? `x${id}` : id}`] as const),
  fc
    .tuple(fc.constantFrom('start', 'stop', 'ping'), moduleId)
    .map(([a, id]) => ['POST', `/api/control/modules/${id}/${a}`] as const),
  moduleId.map((id) => ['GET', `/api/control/modules/${id}/state`] as const),
  fc
    .tuple(fc.constantFrom('GET', 'POST', 'PUT'), fc.array(segment, { minLength: 1, maxLength: 4 }))
    .map(([m, segs]) => [m, `/api/control/${segs.join('/')}`] as const),
  fc
    .tuple(
      fc.constantFrom('POST', 'GET'),
      fc.constantFrom('/auth/oauth/token', '/auth/oauth/revoke', '/auth/oauth/authorize'),
    )
    .map(([m, p]) => [m, p] as const),
  fc.array(segment, { maxLength: 3 }).map((segs) => ['GET', `/${segs.join('/')}`] as const),
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    route,
    otherMethod: fc.option(
      fc.constantFrom('PATCH', 'OPTIONS', 'HEAD', 'PUT', 'POST', 'GET', 'DELETE', 'TRACE'),
      { freq: 8 },
    ),
    query: fc.option(queryString, { freq: 2 }),
    contentType,
    body: fc.option(body, { freq: 6 }),
    auth: fc.constantFrom('admin', 'admin', 'admin', 'admin', 'support', 'user', 'none', 'garbage', 'query'),
  })
  .map(({ route: [method, path], otherMethod, query, contentType: type, body: text, auth }) => {
    const finalMethod = otherMethod ?? method;
    const sendsBody =
      !['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'].includes(finalMethod) ||
      (text !== null && finalMethod === 'DELETE');
    return {
      method:
        finalMethod === 'DELETE' && !path.includes('/x') && path.match(/\/(systems|modules)\/[^/]+$/)
          ? 'GET'
          : finalMethod,
      path: query === null ? path : `${path}?${query}`,
      contentType: sendsBody ? type : null,
      body: sendsBody ? text : null,
      auth: auth as FuzzRequest['auth'],
    };
  });

// ---- transport ----

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

function send(agent: Agent, base: URL, tokens: Api['tokens'], r: FuzzRequest): Promise<Outcome> {
  const headers: Record<string, string> = {};
  let path = r.path;
  if (r.auth === 'admin' || r.auth === 'support' || r.auth === 'user')
    headers.authorization = `Bearer ${tokens[r.auth]}`;
  if (r.auth === 'garbage') headers.authorization = 'Bearer not-a-token';
  if (r.auth === 'query') path += `${path.includes('?') ? '&' : '?'}bearer_token=${tokens.admin}`;
  if (r.contentType !== null) headers['content-type'] = r.contentType;
  const payload = r.body === null ? null : Buffer.from(r.body, 'utf8');
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { agent, host: base.hostname, port: base.port, method: r.method, path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
    if (payload) req.write(payload);
    req.end();
  });
}

/** What is wrong with an answer, or null. */
function problem(r: FuzzRequest, o: Outcome): string | null {
  if (o.status >= 500) return `status ${o.status}`;
  if (o.status < 300) return null;
  if (r.path.startsWith('/auth/oauth/authorize')) return null; // login page, HTML error page or redirect by design
  if (r.method === 'HEAD')
    return o.contentType.startsWith('application/json') ? null : `HEAD content-type ${o.contentType}`;
  if (!o.contentType.startsWith('application/json')) return `content-type ${JSON.stringify(o.contentType)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(o.text);
  } catch {
    return `body is not JSON: ${o.text.slice(0, 80)}`;
  }
  const b = parsed as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || typeof b.error !== 'string') return 'no string error';
  // The token and revoke endpoints answer RFC 6749 error bodies; the control API adds `code`.
  if (!r.path.startsWith('/auth/') && typeof b.code !== 'string') return 'no string code';
  if (/\n\s+at /.test(o.text)) return 'stack trace in the body';
  return null;
}

describe('fuzzing every route', () => {
  let api: Api;
  let agent: Agent;
  beforeAll(async () => {
    // A real socket: the raw paths and bodies must pass node's HTTP parser exactly as generated.
    api = await startApi({ execTimeoutMs: 200, socket: true });
    agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  });
  afterAll(async () => {
    agent.destroy();
    await api.close();
  });

  it(`answers ${RUNS} seeded random bad requests without a 5xx, every error a JSON body with error and code`, async () => {
    const requests = fc.sample(fuzzRequest, { seed: SEED, numRuns: RUNS });
    expect(requests).toHaveLength(RUNS);
    const base = new URL(api.url);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const r = requests[index]!;
        let outcome: Outcome;
        try {
          outcome = await send(agent, base, api.tokens, r);
        } catch (error) {
          failures.push(`#${index} ${r.method} ${r.path}: transport ${String(error)}`);
          continue;
        }
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const wrong = problem(r, outcome);
        if (wrong) {
          failures.push(
            `#${index} ${r.method} ${r.path.slice(0, 120)} [${r.contentType}] ${JSON.stringify(r.body)?.slice(0, 120)} → ${wrong}: ${outcome.text.slice(0, 160)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 15), `seed ${SEED}: ${failures.length} bad answers`).toEqual([]);
    // The fuzz must reach past the guards: successes, validation failures and parameter errors all occur.
    for (const status of [200, 400, 401, 403, 404, 422]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    // The server is still healthy afterwards.
    const after = await api.req('GET', `/api/control/systems/${SYS.huddle}/types`);
    expect(after.status).toBe(200);
  }, 90_000);
});
