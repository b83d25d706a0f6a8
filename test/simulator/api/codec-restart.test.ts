import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Api, fakeClock, SYS, startApi } from './support.ts';

/*
 * The service restarts while the room is in a call: a codec keeps its call whatever its control
 * system does, so the state read after the restart is the call as it is, and its time-driven
 * steps still fall due on the clock.
 */

type Call = { id: number; status: string; started_at: number | null };
const dir = mkdtempSync(join(tmpdir(), 'roomdeck-codec-'));
const dataFile = join(dir, 'roomdeck.json');
const clock = fakeClock();
const running: Api[] = [];
afterAll(async () => {
  for (const api of running) await api.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<Api> {
  const api = await startApi({ dataFile, roles: ['admin'], now: clock.now });
  running.push(api);
  return api;
}
const calls = async (api: Api) =>
  (
    await api.req<{ calls: Call[]; last_call: unknown }>(
      'GET',
      `/api/control/systems/${SYS.boardroom}/state?module=VidConf`,
    )
  ).body;

describe('the codec across a restart of the service', () => {
  it('still has its call, connected since when it connected, and the call still drops on time', async () => {
    const before = await start();
    const dialled = await before.req('POST', `/api/control/systems/${SYS.boardroom}/exec`, {
      json: { module: 'VidConf', method: 'dial', args: ['drop@demo.local'] },
    });
    expect(dialled.status).toBe(200);
    clock.advance(4_000);
    const connected = (await calls(before)).calls;
    expect(connected).toEqual([expect.objectContaining({ status: 'Connected' })]);
    await before.close();
    running.splice(0);

    clock.advance(2_000);
    const after = await start();
    expect((await calls(after)).calls).toEqual(connected);
    clock.advance(8_000);
    expect(await calls(after)).toMatchObject({
      calls: [expect.objectContaining({ status: 'Disconnecting' })],
      last_call: { outcome: 'dropped' },
    });
  });
});
