import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken, request, SYS, USERS } from '../simulator/api/support.ts';
import { awaitValue, type OfficialClient, startOfficialClient } from './support.ts';

/**
 * A technician's view through ts-client: `debug` on a module, as PlaceOS's backoffice asks for it
 * (the module by its id, realtime.md §3.1, §4.4), its log lines arriving on `debug_events` when
 * another client changes the module, then `ignore`. The simulator allows it to support and admin
 * only (D10); this client signs in as support.
 */

const ROOM = SYS.huddle;
const MODULE_ID = 'mod-huddle-display';

let oc: OfficialClient;
let adminToken: string;
beforeAll(async () => {
  oc = await startOfficialClient({ role: 'support' });
  adminToken = await passwordToken(oc.sim.url, USERS.admin);
}, 30_000);
afterAll(() => oc?.sim.close());

const setPower = async (on: boolean) => {
  const response = await request(oc.sim.url, 'POST', `/api/engine/v2/systems/${ROOM}/Display_1/power`, {
    tokenValue: adminToken,
    json: [on],
  });
  expect(response.status).toBe(200);
};

describe('@placeos/ts-client debug and ignore against the simulator', () => {
  it.each([
    ['its id', MODULE_ID],
    ['its class and index', 'Display'],
  ])('debug of a module named by %s streams its lines to debug_events; ignore ends it', async (_how, mod) => {
    const { client } = oc;
    const target = { sys: ROOM, mod, index: 1, name: 'debug' };
    const on = !(
      await request<boolean>(oc.sim.url, 'GET', `/api/engine/v2/systems/${ROOM}/Display_1/power`, {
        tokenValue: adminToken,
      })
    ).body;
    await client.debug(target);
    const line = awaitValue(client.debug_events, `a debug line of power = ${on}`, (event) =>
      event.message.includes(`power = ${on}`),
    );
    await setPower(on);
    expect(await line).toMatchObject({ mod_id: MODULE_ID, module: `${mod}_1`, class_name: 'Display' });
    await client.ignore(target);
  });
});
