import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../core/api/client.ts';
import { normalizeFunc, stateValue, withoutNulls } from '../../../core/api/tolerant.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, type Handler, json } from '../../support/fake-fetch.ts';
import * as shapes from './fixtures/placeos-shapes.ts';

const BASE = 'https://control.example.org/placeos';

function clientFor(handler: Handler) {
  const fetch = fakeFetch(handler);
  const client = new ControlClient({
    baseUrl: BASE,
    auth: { getAccessToken: async () => 't', onUnauthorized: async () => undefined },
    timeoutMs: 1_000,
    fetch,
    clock: new FakeClock(),
  });
  return { client, fetch };
}

const routes =
  (table: Record<string, unknown>): Handler =>
  (call) => {
    const path = call.url.pathname.replace('/placeos', '');
    return path in table ? json(table[path]) : json({ error: 'not found', code: 'not_found' }, 404);
  };

describe('the client reads what real deployments send', () => {
  it('reads a room whose optional fields are null as a room with those fields unset', async () => {
    const { client } = clientFor(routes({ '/api/control/systems/sys-A1b2C3': shapes.systemWithNulls }));
    const system = await client.getSystem('sys-A1b2C3');
    expect(system.name).toBe('Level 2 Huddle');
    expect(system.capacity).toBeUndefined();
    expect(system.features).toEqual([]);
  });

  it('keeps the room chooser full when one room has nulls and another cannot be read at all', async () => {
    const broken = { id: 'sys-broken', name: 42 };
    const { client } = clientFor(
      routes({
        '/api/control/systems': [shapes.systemWithNulls, broken, { ...shapes.systemWithNulls, id: 'sys-2' }],
      }),
    );
    const page = await client.listSystems();
    expect(page.items.map((s) => s.id)).toEqual(['sys-A1b2C3', 'sys-2']);
    expect(page.skipped).toBe(1);
  });

  it('reads a module of a role it does not know, with nulls, and names its class from the driver', async () => {
    const { client, fetch } = clientFor(
      routes({
        '/api/control/modules': [shapes.moduleRole99, shapes.moduleWithoutName],
        '/api/control/dependencies': shapes.dependencies,
      }),
    );
    const page = await client.listModules();
    expect(page.items.map((m) => [m.id, m.role, m.name])).toEqual([
      ['mod-svc', 99, 'Webhook'],
      ['mod-disp', 1, 'Display'],
    ]);
    // A second read does not ask for the drivers again.
    await client.listModules();
    expect(fetch.calls.filter((c) => c.url.pathname.endsWith('/dependencies'))).toHaveLength(1);
  });

  it('leaves the drivers alone when every module carries its class name', async () => {
    const { client, fetch } = clientFor(
      routes({ '/api/control/modules/mod-disp': { ...shapes.moduleWithoutName, name: 'Display' } }),
    );
    expect((await client.getModule('mod-disp')).name).toBe('Display');
    expect(fetch.calls).toHaveLength(1);
  });

  it('reads the legacy funcs shape as parameters by name, in order, with the rest left out', async () => {
    const { client } = clientFor(routes({ '/api/control/systems/sys-1/funcs': shapes.legacyFuncs }));
    const funcs = await client.funcs('sys-1', { module: 'Display' });
    expect(funcs.power).toEqual({
      arity: 1,
      params: { state: {}, index: { 'x-optional': true } },
      order: ['state', 'index'],
    });
    expect(funcs.switch_to?.order).toEqual(['input']);
    expect(funcs.volume).toEqual({ arity: 0, params: {}, order: [] });
    expect(funcs.mute).toEqual({ arity: 0, params: {}, order: [] });
  });

  it('reads a ping without warning or exception', async () => {
    const { fetch: _f, client } = clientFor(() => json(shapes.pingWithoutWarning));
    expect(await client.ping('mod-disp')).toEqual({
      host: '10.1.2.3',
      pingable: true,
      warning: null,
      exception: null,
    });
  });

  it('keeps a room loading when one of its modules cannot be read, and fails it when the link does', async () => {
    const complete = { ...shapes.systemWithNulls, modules: ['mod-disp', 'mod-gone'], zones: [] };
    const { client } = clientFor(
      routes({
        '/api/control/systems/sys-A1b2C3': complete,
        '/api/control/modules/mod-disp': { ...shapes.moduleWithoutName, name: 'Display' },
      }),
    );
    const detail = await client.getSystemDetail('sys-A1b2C3');
    expect(detail.modules.map((m) => m.id)).toEqual(['mod-disp']);

    const cut = clientFor((call) => {
      if (call.url.pathname.endsWith('/mod-disp')) throw new TypeError('fetch failed');
      return json(complete);
    });
    await expect(cut.client.getSystemDetail('sys-A1b2C3')).rejects.toMatchObject({
      code: 'ROOMDECK_OFFLINE',
    });
  });
});

describe('state values as JSON text are read for comparison', () => {
  it('reads the current generation’s JSON text as the values it encodes', () => {
    const read = Object.fromEntries(
      Object.entries(shapes.stateAsJsonText).map(([k, v]) => [k, stateValue(v)]),
    );
    expect(read).toEqual({ power: true, volume: 15, input: 'hdmi1', mute: false, name: 'Lobby' });
    expect(stateValue('On')).toBe(true);
    expect(stateValue('off')).toBe(false);
    expect(stateValue('{not json')).toBe('{not json');
  });

  it('reads any JSON value sent as its own text back as that value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(stateValue(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1_000 },
    );
  });

  it('leaves non-strings alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.double({ noNaN: true })),
        (value) => {
          expect(stateValue(value)).toBe(value);
        },
      ),
    );
  });
});

describe('the record readers', () => {
  it('keep a "__proto__" field a field', () => {
    const read = withoutNulls(JSON.parse('{"__proto__": 1, "a": null}')) as Record<string, unknown>;
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it('drop exactly the top-level nulls', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.constant(null), fc.integer(), fc.string())),
        (record) => {
          const read = withoutNulls(record) as Record<string, unknown>;
          for (const [key, value] of Object.entries(record)) {
            if (value === null) expect(Object.hasOwn(read, key)).toBe(false);
            else expect(read[key]).toBe(value);
          }
        },
      ),
    );
  });

  it('give every legacy method an order that names each of its params once', () => {
    const kinds = fc.constantFrom('req', 'opt', 'rest', 'keyreq', 'key', 'keyrest', 'block');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(kinds, fc.stringMatching(/^[a-z_]{1,8}$/)), { selector: (p) => p[1] }),
        (params) => {
          const read = normalizeFunc({ arity: -1, params }) as {
            arity: number;
            params: object;
            order: string[];
          };
          expect(read.order).toEqual(Object.keys(read.params));
          expect(read.arity).toBe(params.filter(([k]) => k === 'req' || k === 'keyreq').length);
          expect(new Set(read.order).size).toBe(read.order.length);
        },
      ),
    );
  });
});
