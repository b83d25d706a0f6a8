import { describe, expect, it } from 'vitest';
import { ControlClient } from '../../../core/api/client.ts';
import { RoomdeckError } from '../../../core/api/errors.ts';
import { ServiceGeneration } from '../../../core/api/generation.ts';
import type { AccessTokenSource } from '../../../core/api/transport.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeFetch, type Handler, json } from '../../support/fake-fetch.ts';

/**
 * What the simulator does not send but real current-generation services do (placeos-generations.md
 * §1C, §2C): a list total only in Content-Range or only implied by Link, the privileged-function
 * 401 on exec (the account's refusal, not the token's), YAML-or-encrypted settings, C's role numbers.
 */

const BASE = 'https://control.example.org';

function setup(handler: Handler) {
  const fetch = fakeFetch(handler);
  const renewals: string[] = [];
  const auth: AccessTokenSource = {
    getAccessToken: async () => 'access-1',
    onUnauthorized: async (rejected) => {
      renewals.push(rejected);
    },
  };
  const clock = new FakeClock();
  const generation = new ServiceGeneration({
    baseUrl: BASE,
    choice: 'current',
    timeoutMs: 1_000,
    fetch,
    clock,
  });
  const client = new ControlClient({ baseUrl: BASE, auth, timeoutMs: 1_000, fetch, clock, generation });
  return { client, fetch, renewals };
}

const system = { id: 'sys-1', name: 'Room', zones: [], modules: [], features: [], version: 0 };

async function failure(promise: Promise<unknown>): Promise<RoomdeckError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RoomdeckError) return err;
    throw err;
  }
  throw new Error('expected a RoomdeckError');
}

describe('the current dialect against shapes the simulator does not send', () => {
  it('takes a list total from Content-Range when X-Total-Count is missing', async () => {
    const { client } = setup(() => json([system], 200, { 'content-range': 'sys 4-5/57' }));
    expect((await client.listSystems({ offset: 4, limit: 1 })).total).toBe(57);
  });

  it('knows more remain while a Link rel="next" says so, without any count', async () => {
    const link = '</api/engine/v2/systems/?offset=1&limit=1>; rel="next"';
    const { client } = setup(() => json([system], 200, { link }));
    expect((await client.listSystems({ limit: 1 })).total).toBe(2);
  });

  it('reads exec’s 401 "access denied" as the account’s refusal, without renewing the token', async () => {
    const { client, renewals } = setup(() =>
      json(
        {
          error: 'access denied',
          sys_id: 'sys-1',
          module_name: 'Display',
          index: 1,
          message: 'attempted to access privileged function reboot',
          backtrace: null,
        },
        401,
      ),
    );
    const refused = await failure(client.exec('sys-1', { module: 'Display', method: 'reboot' }));
    expect(refused.code).toBe('ROOMDECK_FORBIDDEN');
    expect(renewals).toEqual([]);
  });

  it('says a stopped module is stopped, and a raised driver in its own words', async () => {
    const stopped = setup(() =>
      json(
        {
          error: 'unexpected failure',
          sys_id: 'sys-1',
          module_name: 'Display',
          index: 1,
          message: 'Could not locate module mod-1, it is stopped',
        },
        500,
      ),
    );
    expect(
      (await failure(stopped.client.exec('sys-1', { module: 'Display', method: 'power', args: [true] })))
        .code,
    ).toBe('ROOMDECK_MODULE_STOPPED');
    const raised = setup(() =>
      json(
        {
          error: 'request failed',
          sys_id: 'sys-1',
          module_name: 'Display',
          index: 1,
          message: 'module raised: lamp failure',
        },
        500,
      ),
    );
    const error = await failure(
      raised.client.exec('sys-1', { module: 'Display', method: 'power', args: [true] }),
    );
    expect(error.code).toBe('ROOMDECK_DRIVER_ERROR');
    expect(error.message).toBe('The device said: lamp failure.');
  });

  it('merges settings documents lowest precedence first, skipping what it cannot read', async () => {
    const { client } = setup((call) => {
      if (call.url.pathname.endsWith('/settings'))
        return json([
          {
            parent_id: 'zone-1',
            encryption_level: 0,
            settings_string: '{"help":"zone help","panel":{"a":1}}',
          },
          { parent_id: 'sys-1', encryption_level: 2, settings_string: '\u001bencrypted' },
          { parent_id: 'sys-1', encryption_level: 3, settings_string: '{"secret":true}' },
          { parent_id: 'sys-1', encryption_level: 0, settings_string: 'help: yaml is not read' },
          {
            parent_id: 'sys-1',
            encryption_level: 0,
            settings_string: '{"panel":{"b":2},"__proto__":{"x":1}}',
          },
        ]);
      return json({ ...system, module_data: [], zone_data: [] });
    });
    const detail = await client.getSystemDetail('sys-1');
    expect(detail.system.settings).toEqual({ help: 'zone help', panel: { b: 2 }, ['__proto__']: { x: 1 } });
    expect(Object.getPrototypeOf(detail.system.settings)).toBe(Object.prototype);
  });

  it('shows the room without settings when the account may not read them', async () => {
    const { client } = setup((call) =>
      call.url.pathname.endsWith('/settings')
        ? new Response('', { status: 403 })
        : json({ ...system, module_data: [], zone_data: [] }),
    );
    const detail = await client.getSystemDetail('sys-1');
    expect(detail.system.id).toBe('sys-1');
    expect(detail.system.settings).toBeUndefined();
  });

  it('reads C’s roles: 99 is logic, a websocket module (3) a service', async () => {
    const module = (id: string, role: number) => ({
      id,
      driver_id: 'driver-1',
      name: 'X',
      role,
      connected: true,
      running: true,
    });
    const { client } = setup(() =>
      json([module('mod-1', 99), module('mod-2', 3), module('mod-3', 1)], 200, { 'x-total-count': '3' }),
    );
    const page = await client.listModules();
    expect(page.items.map((m) => [m.dependency_id, m.role])).toEqual([
      ['driver-1', 3],
      ['driver-1', 2],
      ['driver-1', 1],
    ]);
  });
});
