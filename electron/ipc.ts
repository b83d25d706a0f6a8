import { ErrorCode } from '../contract/error-codes.ts';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelOf, type RoomdeckApi } from '../contract/verbs.ts';
import type { BridgeResponse } from '../contract/errors.ts';
import { contractVerbs, dispatch, resolveVerb } from '../core/bridge/validate.ts';

/**
 * The IPC transport: one handler per contract verb on `domain:verb`, each behind the same sender
 * guard. The only module that touches `ipcMain`; it gets it as a parameter so Node tests pass a fake.
 */

export const FORBIDDEN_SENDER = ErrorCode.ROOMDECK_BRIDGE_FORBIDDEN;

/** The parts of a frame the guard reads (Electron's WebFrameMain has them all). */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly frameTreeNodeId: number;
}

/** The parts of the app window's webContents the guard reads. */
export interface ContentsLike {
  readonly mainFrame: FrameLike;
}

export type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export interface IpcBridgeOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  api: RoomdeckApi;
  /** The app window's webContents; null before the window exists or after it closed. */
  appContents: () => ContentsLike | null;
  /** True for URLs of the app's own page (the file:// bundle or the dev server). */
  isAppUrl: (url: string) => boolean;
  /** Channels `prefix/domain:verb` instead of `domain:verb` (the kiosk technician's route). */
  prefix?: string;
}

/**
 * Only the app window's top frame, showing the app's own page, may call the bridge: not another
 * window, not an iframe (even a same-origin one), not the page after it navigated somewhere else.
 */
export function isTrustedSender(
  event: { sender: unknown; senderFrame: FrameLike | null },
  appContents: ContentsLike | null,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (appContents === null || event.sender !== appContents) return false;
  const frame = event.senderFrame;
  if (frame === null || frame.parent !== null) return false;
  if (frame.frameTreeNodeId !== appContents.mainFrame.frameTreeNodeId) return false;
  return isAppUrl(frame.url);
}

/** Registers every verb; returns a function that removes the handlers again. */
export function registerIpcBridge(options: IpcBridgeOptions): () => void {
  const { ipcMain, api, appContents, isAppUrl, prefix } = options;
  const channels: string[] = [];

  // The one wrapper every channel goes through: guard, then the shared validate-and-call core.
  const handle = (domain: string, verbName: string): void => {
    const target = resolveVerb(api, domain, verbName);
    if (target === null) throw new Error(`The api does not implement ${domain}.${verbName}.`);
    const channel =
      prefix === undefined ? channelOf(domain, verbName) : `${prefix}/${channelOf(domain, verbName)}`;
    ipcMain.handle(channel, async (event: SenderEvent, args: unknown): Promise<BridgeResponse<unknown>> => {
      if (!isTrustedSender(event, appContents(), isAppUrl)) {
        return {
          ok: false,
          error: { code: FORBIDDEN_SENDER, message: 'This page may not use Roomdeck’s bridge.' },
        };
      }
      return dispatch(target, args);
    });
    channels.push(channel);
  };

  for (const { domain, verb } of contractVerbs()) handle(domain, verb);
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
