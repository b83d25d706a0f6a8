import type { IpcMainInvokeEvent } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { verbNames } from '../../../contract/channels.ts';
import type { BridgeResponse } from '../../../contract/errors.ts';
import { type FrameLike, registerIpcBridge } from '../../../electron/ipc.ts';
import { appUrlMatcher } from '../../../electron/window/app-origin.ts';
import { type FakeApiLog, fakeApi } from '../../support/fake-api.ts';
import { hostFixture, ORIGIN } from '../../host/fixture.ts';

/**
 * The kiosk technician's route on both transports: the same verbs and the same gates as the
 * panel's, answered by the technician's api, never the panel's.
 */

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;
const APP_URL = 'file:///opt/Roomdeck/resources/app.asar/dist/renderer/index.html';

describe('the technician route over IPC', () => {
  function setup() {
    const handlers = new Map<string, Listener>();
    const ipcMain = {
      handle: (channel: string, listener: Listener) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, listener);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    };
    const mainFrame: FrameLike = { url: APP_URL, parent: null, frameTreeNodeId: 1 };
    const contents = { mainFrame };
    const panel: FakeApiLog = { calls: [] };
    const technician: FakeApiLog = { calls: [] };
    const common = { ipcMain, appContents: () => contents, isAppUrl: appUrlMatcher(APP_URL) };
    registerIpcBridge({ ...common, api: fakeApi(panel) });
    registerIpcBridge({ ...common, api: fakeApi(technician), prefix: 'technician' });
    const invoke = async (channel: string, args: unknown, senderFrame: FrameLike = mainFrame) => {
      const listener = handlers.get(channel);
      if (listener === undefined) throw new Error(`no handler for ${channel}`);
      const event = { sender: contents, senderFrame } as unknown as IpcMainInvokeEvent;
      return (await listener(event, args)) as BridgeResponse<unknown>;
    };
    return { handlers, invoke, panel, technician };
  }

  it('registers every verb a second time under technician/, beside the panel’s', () => {
    const { handlers } = setup();
    const verbs = Object.entries(verbNames).flatMap(([d, vs]) => vs.map((v) => `${d}:${v}`));
    expect([...handlers.keys()].sort()).toEqual([...verbs, ...verbs.map((c) => `technician/${c}`)].sort());
  });

  it('answers technician/ channels with the technician’s api, behind the same sender check', async () => {
    const { invoke, panel, technician } = setup();
    expect((await invoke('technician/systems:list', {})).ok).toBe(true);
    expect(technician.calls.map((c) => c.verb)).toEqual(['systems.list']);
    expect(panel.calls).toEqual([]);
    const iframe: FrameLike = {
      url: APP_URL,
      parent: { url: APP_URL, parent: null, frameTreeNodeId: 1 },
      frameTreeNodeId: 2,
    };
    expect(await invoke('technician/systems:list', {}, iframe)).toMatchObject({
      ok: false,
      error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' },
    });
    expect(technician.calls).toHaveLength(1);
  });
});

describe('the technician route over HTTP', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function setup() {
    const panel: FakeApiLog = { calls: [] };
    const technician: FakeApiLog = { calls: [] };
    const fixture = await hostFixture({ api: fakeApi(panel), technicianApi: fakeApi(technician) });
    close = () => fixture.app.close();
    const post = (url: string, headers: Record<string, string>) =>
      fixture.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
        payload: '{}',
      });
    return { ...fixture, post, panel, technician };
  }

  it('answers /technician/bridge/… with the technician’s api and /bridge/… with the panel’s', async () => {
    const { openPage, post, panel, technician } = await setup();
    const signedIn = await openPage();
    expect((await post('/technician/bridge/systems/list', signedIn)).json()).toMatchObject({ ok: true });
    expect((await post('/bridge/systems/list', signedIn)).json()).toMatchObject({ ok: true });
    expect(technician.calls.map((c) => c.verb)).toEqual(['systems.list']);
    expect(panel.calls.map((c) => c.verb)).toEqual(['systems.list']);
  });

  it('keeps the same gates: no cookie, another origin', async () => {
    const { openPage, post, technician } = await setup();
    expect((await post('/technician/bridge/systems/list', {})).statusCode).toBe(401);
    const signedIn = await openPage();
    const foreign = await post('/technician/bridge/systems/list', {
      ...signedIn,
      origin: 'http://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(technician.calls).toEqual([]);
  });
});
