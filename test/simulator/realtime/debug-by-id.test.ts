import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../api/support.ts';
import { SYS } from '../api/support.ts';
import { type Client, connect, type Frame, nextId, startRealtimeApi } from './support.ts';

/**
 * realtime.md §3.1 (`mod`: "for debug/ignore on the current server it is treated as the module ID")
 * and §4.4: a current-generation client (ts-client, as PlaceOS's backoffice uses it) names the module
 * to debug by its id. The simulator accepts that beside Class + index, for a module of that system.
 */

const MODULE_ID = 'mod-huddle-display';
const isReply = (id: number) => (f: Frame) => typeof f === 'object' && f?.id === id && f.type !== 'debug';

let api: Api;
const clients: Client[] = [];
beforeAll(async () => {
  api = await startRealtimeApi({ realtime: { pongEveryMs: 0, tickMs: 0 } });
});
afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await api.close();
});

async function power(on: boolean) {
  const response = await api.req('POST', `/api/engine/v2/systems/${SYS.huddle}/Display_1/power`, {
    as: 'admin',
    json: [on],
  });
  expect(response.status).toBe(200);
}

describe('debug by module id (current generation)', () => {
  it('streams the module’s lines to support when `mod` is its id, echoing the request in meta; ignore ends it', async () => {
    await power(true);
    const client = await connect(api, { token: api.tokens.support });
    clients.push(client);
    const target = { sys: SYS.huddle, mod: MODULE_ID, index: 1, name: 'debug' };
    const id = nextId();
    client.send({ id, cmd: 'debug', ...target });
    expect(await client.next(isReply(id), 'debug reply')).toEqual({ id, type: 'success' });

    await power(false);
    const line = await client.next((f) => f?.type === 'debug' && f.id === id, 'a debug line');
    expect(line).toMatchObject({ mod: MODULE_ID, klass: 'Display', level: 'debug', meta: target });
    expect(line.msg).toMatch(/power = false/);

    const ignoreId = nextId();
    client.send({ id: ignoreId, cmd: 'ignore', ...target });
    expect(await client.next(isReply(ignoreId), 'ignore reply')).toEqual({ id: ignoreId, type: 'success' });
  });

  it('refuses the id of a module the system does not hold with error 6', async () => {
    const client = await connect(api, { token: api.tokens.support });
    clients.push(client);
    const id = nextId();
    client.send({ id, cmd: 'debug', sys: SYS.huddle, mod: 'mod-lab-display', index: 1, name: 'debug' });
    expect(await client.next(isReply(id), 'debug reply')).toMatchObject({ id, type: 'error', error_code: 6 });
  });
});
