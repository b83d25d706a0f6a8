import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { TECHNICIAN_ROUTE, verbNames } from '../contract/channels.ts';
import type { RoomdeckApi } from '../contract/verbs.ts';
import type { BridgeResponse } from '../contract/errors.ts';

/**
 * The renderer's `window.roomdeck`: one function per contract verb, each invoking its own
 * `domain:verb` channel. Nothing else crosses: not ipcRenderer, not a generic invoke(channel).
 * Bundled into one CommonJS file (electron/vite.preload.config.ts) because sandboxed preloads
 * cannot load modules; so it imports only the verb names, never the schemas.
 */

const call =
  (channel: string) =>
  async (args: unknown): Promise<unknown> => {
    const response = (await ipcRenderer.invoke(channel, args ?? {})) as BridgeResponse<unknown>;
    if (response.ok) return response.value;
    // A plain object, not an Error: contextBridge copies an Error's message but drops custom
    // properties such as `code`, which the renderer needs; its bridge client turns this into a BridgeError.
    const { code, message, details } = response.error;
    return Promise.reject(details === undefined ? { code, message } : { code, message, details });
  };

const apiOn = (prefix: string) =>
  Object.fromEntries(
    Object.entries(verbNames).map(([domain, verbs]) => [
      domain,
      Object.freeze(Object.fromEntries(verbs.map((verb) => [verb, call(`${prefix}${domain}:${verb}`)]))),
    ]),
  ) as unknown as RoomdeckApi;

contextBridge.exposeInMainWorld('roomdeck', apiOn(''));
// The same verbs on the kiosk technician's route: answered with the technician's own session, and
// only while the main process's PIN gate is open.
contextBridge.exposeInMainWorld('roomdeckTechnician', apiOn(`${TECHNICIAN_ROUTE}/`));

/**
 * The main process's live events (contract LIVE_EVENT_CHANNEL, spelt out here because the contract's
 * live.ts carries schemas; test/electron/preload.test.ts holds them equal). The page gets a
 * subscription and nothing else: never ipcRenderer, never the IPC event (whose `sender` is
 * ipcRenderer itself), only the event's data.
 */
const LIVE_EVENT_CHANNEL = 'roomdeck:live';

const liveOn = (channel: string) =>
  Object.freeze({
    subscribe(listener: (event: unknown) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a function');
      const forward = (_event: IpcRendererEvent, data: unknown) => listener(data);
      ipcRenderer.on(channel, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipcRenderer.removeListener(channel, forward);
      };
    },
  });

contextBridge.exposeInMainWorld('roomdeckLive', liveOn(LIVE_EVENT_CHANNEL));
// The technician's events: sent by the main process only while the PIN gate is open.
contextBridge.exposeInMainWorld(
  'roomdeckTechnicianLive',
  liveOn(`${TECHNICIAN_ROUTE}/${LIVE_EVENT_CHANNEL}`),
);
