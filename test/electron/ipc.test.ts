import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { AuthError, VersionConflictError } from '../../core/api/errors.ts';
import { verbNames } from '../../contract/channels.ts';
import type { RoomdeckApi } from '../../contract/verbs.ts';
import type { BridgeResponse } from '../../contract/errors.ts';
import { type ContentsLike, type FrameLike, registerIpcBridge } from '../../electron/ipc.ts';
import { appUrlMatcher } from '../../electron/window/app-origin.ts';
import { APP_ENTRY_URL } from '../../electron/window/app-protocol.ts';
import { type FakeApiLog, fakeApi, PLANTED_ACCESS_TOKEN, sampleArgs } from '../support/fake-api.ts';

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

class FakeIpcMain {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

/** The page as Electron loads it: the bundle on the app: scheme (electron/window/app-protocol.ts). */
const APP_URL = APP_ENTRY_URL;
const frame = (url: string, id: number, parent: FrameLike | null = null): FrameLike => ({
  url,
  parent,
  frameTreeNodeId: id,
});

function setup(api: RoomdeckApi = fakeApi()) {
  const ipcMain = new FakeIpcMain();
  const mainFrame = frame(APP_URL, 1);
  const appContents: ContentsLike = { mainFrame };
  const unregister = registerIpcBridge({
    ipcMain,
    api,
    appContents: () => appContents,
    isAppUrl: appUrlMatcher(APP_URL),
  });
  const invoke = async (
    channel: string,
    args: unknown,
    event: { sender: unknown; senderFrame: FrameLike | null } = {
      sender: appContents,
      senderFrame: mainFrame,
    },
  ): Promise<BridgeResponse<unknown>> => {
    const listener = ipcMain.handlers.get(channel);
    if (listener === undefined) throw new Error(`no handler for ${channel}`);
    return (await listener(event as unknown as IpcMainInvokeEvent, args)) as BridgeResponse<unknown>;
  };
  return { ipcMain, appContents, mainFrame, invoke, unregister };
}

describe('the IPC bridge', () => {
  it('registers exactly one domain:verb channel per contract verb, and nothing generic', () => {
    const { ipcMain } = setup();
    const expected = Object.entries(verbNames).flatMap(([domain, verbs]) =>
      verbs.map((v) => `${domain}:${v}`),
    );
    expect([...ipcMain.handlers.keys()].sort()).toEqual(expected.sort());
  });

  it('answers the app window’s top frame with the api’s value', async () => {
    const log: FakeApiLog = { calls: [] };
    const { invoke } = setup(fakeApi(log));
    const response = await invoke('systems:exec', sampleArgs['systems.exec']);
    expect(response).toEqual({ ok: true, value: { result: true } });
    expect(log.calls).toEqual([{ verb: 'systems.exec', args: sampleArgs['systems.exec'] }]);
  });

  it('treats a missing argument of a verb without parameters as an empty object', async () => {
    const { invoke } = setup();
    const response = await invoke('session:status', undefined);
    expect(response.ok).toBe(true);
  });

  it('rejects a sender that is not the app’s window, without calling the api', async () => {
    const log: FakeApiLog = { calls: [] };
    const { invoke } = setup(fakeApi(log));
    const otherFrame = frame(APP_URL, 1);
    const response = await invoke(
      'session:signOut',
      {},
      {
        sender: { mainFrame: otherFrame },
        senderFrame: otherFrame,
      },
    );
    expect(response).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } });
    expect(log.calls).toEqual([]);
  });

  it('rejects a subframe of the app’s window, even one showing the app’s own page', async () => {
    const log: FakeApiLog = { calls: [] };
    const { invoke, appContents, mainFrame } = setup(fakeApi(log));
    const response = await invoke(
      'systems:list',
      {},
      { sender: appContents, senderFrame: frame(APP_URL, 2, mainFrame) },
    );
    expect(response).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } });
    expect(log.calls).toEqual([]);
  });

  it('rejects the top frame once it shows a page that is not the app', async () => {
    const { invoke, appContents } = setup();
    for (const url of [
      'https://evil.example/',
      'file:///opt/Roomdeck/resources/app.asar/dist/renderer/index.html',
      'app://elsewhere/index.html',
      'about:blank',
    ]) {
      const response = await invoke('config:get', {}, { sender: appContents, senderFrame: frame(url, 1) });
      expect(response).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } });
    }
  });

  it('rejects a sender whose frame is gone', async () => {
    const { invoke, appContents } = setup();
    const response = await invoke('config:get', {}, { sender: appContents, senderFrame: null });
    expect(response).toMatchObject({ ok: false, error: { code: 'ROOMDECK_BRIDGE_FORBIDDEN' } });
  });

  it('rejects an invalid argument with a message that names the field (not the verb), without calling the api', async () => {
    const log: FakeApiLog = { calls: [] };
    const { invoke } = setup(fakeApi(log));
    const response = await invoke('systems:exec', { id: 'sys-boardroom', module: 'Display', method: 42 });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.code).toBe('ROOMDECK_BRIDGE_INVALID_ARGS');
    expect(response.error.message).not.toContain('systems.exec');
    expect(response.error.message).toMatch(/^Roomdeck could not send this request: /);
    expect(response.error.message).toContain('"method"');
    expect(response.error.details).toMatchObject({ problems: [{ field: 'method' }] });
    expect(log.calls).toEqual([]);
  });

  it('names nested fields and unexpected extra fields', async () => {
    const { invoke } = setup();
    const nested = await invoke('systems:update', { id: 's', version: 1, changes: { capacity: -1 } });
    expect(nested).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"changes.capacity"') },
    });
    const extra = await invoke('systems:get', { id: 's', token: 'x' });
    expect(extra).toMatchObject({ ok: false, error: { message: expect.stringContaining('"token"') } });
  });

  it('maps a Roomdeck error to its code and message, keeping declared details', async () => {
    const api = fakeApi();
    const failing: RoomdeckApi = {
      ...api,
      systems: {
        ...api.systems,
        update: async () => {
          throw new VersionConflictError(4, { cause: new Error(`Bearer ${PLANTED_ACCESS_TOKEN}`) });
        },
      },
    };
    const { invoke } = setup(failing);
    const response = await invoke('systems:update', sampleArgs['systems.update']);
    expect(response).toMatchObject({ ok: false, error: { code: 'ROOMDECK_VERSION_CONFLICT' } });
    if (response.ok) return;
    expect(Object.keys(response.error).sort()).toEqual(['code', 'details', 'message']);
    expect(JSON.stringify(response)).not.toContain(PLANTED_ACCESS_TOKEN);
  });

  it('maps an unexpected exception to a generic error without its text or stack', async () => {
    const api = fakeApi();
    const failing: RoomdeckApi = {
      ...api,
      session: {
        ...api.session,
        status: async () => {
          throw new TypeError('fetch failed: Authorization: Bearer at-secret');
        },
      },
    };
    const { invoke } = setup(failing);
    const response = await invoke('session:status', {});
    expect(response).toEqual({
      ok: false,
      error: { code: 'ROOMDECK_INTERNAL', message: expect.any(String) },
    });
    expect(JSON.stringify(response)).not.toMatch(/at-secret|TypeError|at /);
  });

  it('never throws across IPC, not even for a sign-in error', async () => {
    const api = fakeApi();
    const failing: RoomdeckApi = {
      ...api,
      session: {
        ...api.session,
        signIn: () => Promise.reject(new AuthError('ROOMDECK_AUTH_REQUIRED')),
      },
    };
    const { invoke } = setup(failing);
    await expect(invoke('session:signIn', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'ROOMDECK_AUTH_REQUIRED' },
    });
  });

  it('removes every handler it registered', () => {
    const { ipcMain, unregister } = setup();
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });
});
