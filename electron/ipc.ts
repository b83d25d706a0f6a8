import { ErrorCode } from '../contract/error-codes.ts';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelOf, type RoomdeckApi } from '../contract/verbs.ts';
import type { BridgeResponse } from '../contract/errors.ts';
import type { LiveEvent } from '../contract/types.ts';
import { EventBacklog } from '../core/bridge/event-backlog.ts';
import type { LiveRoute } from '../core/bridge/live-channel.ts';
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
  /** The route's live channel: a page's watchers are forgotten when its webContents goes. */
  live?: LiveRoute;
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
  const watchers = options.live === undefined ? undefined : watcherTracker(options.live);

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
      if (domain === 'live') watchers?.(event.sender, args);
      return dispatch(target, args);
    });
    channels.push(channel);
  };

  for (const { domain, verb } of contractVerbs()) handle(domain, verb);
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

// ── Live events: main process → the app window ─────────────────────────────────────────────────

/** The parts of the app window's webContents the live events use (Electron's WebContents has them). */
export interface LiveContents {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

/** A sender that can say when it is gone (Electron's WebContents emits these). */
interface Mortal {
  once(event: 'destroyed', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: () => void): unknown;
}

const isMortal = (sender: unknown): sender is Mortal =>
  typeof (sender as Partial<Mortal> | null)?.once === 'function' &&
  typeof (sender as Partial<Mortal> | null)?.on === 'function';

/**
 * Remembers which watchers each webContents named in its `live` calls, and forgets them on the
 * route when that webContents is destroyed or its page's process dies: a closed or crashed window
 * keeps nothing bound.
 */
function watcherTracker(live: LiveRoute): (sender: unknown, args: unknown) => void {
  const named = new WeakMap<object, Set<string>>();
  return (sender, args) => {
    const watcher = (args as { watcher?: unknown } | null)?.watcher;
    if (typeof watcher !== 'string' || !isMortal(sender)) return;
    let set = named.get(sender);
    if (set === undefined) {
      const mine = new Set<string>();
      set = mine;
      named.set(sender, mine);
      const gone = () => {
        for (const w of mine) live.forget(w);
        mine.clear();
      };
      sender.once('destroyed', gone);
      sender.on('render-process-gone', gone);
    }
    set.add(watcher);
  };
}

export interface LiveEventsOptions {
  live: LiveRoute;
  /** The app window's webContents now (a kiosk recovery replaces the window); null when none. */
  appContents: () => LiveContents | null;
  /** LIVE_EVENT_CHANNEL, or the technician route's `technician/roomdeck:live`. */
  channel: string;
}

/**
 * Sends each of the route's events to the app window's page, and to nothing else: never another
 * window (a sign-in window shows the service's pages). The technician route's events are held back
 * by its channel while the PIN gate is closed (core/bridge/live-channel.ts). Returns the unsubscribe.
 */
export function sendLiveEvents(options: LiveEventsOptions): () => void {
  const deliver = (event: LiveEvent) => {
    const contents = options.appContents();
    if (contents === null || contents.isDestroyed()) return;
    contents.send(options.channel, event);
  };
  // IPC says nothing of a page that is behind, so the pace is bounded here: an event goes at once,
  // those that follow within IPC_BATCH_MS wait in a bounded backlog (the newest state of each
  // module, the newest mode, the last debug lines) and go together.
  const backlog = new EventBacklog();
  let batch: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    const events = backlog.take();
    batch = events.length === 0 ? null : setTimeout(flush, IPC_BATCH_MS);
    for (const event of events) deliver(event);
  };
  const unsubscribe = options.live.subscribe((event: LiveEvent) => {
    if (batch !== null) return backlog.push(event);
    batch = setTimeout(flush, IPC_BATCH_MS);
    deliver(event);
  });
  return () => {
    unsubscribe();
    if (batch !== null) clearTimeout(batch);
    batch = null;
  };
}

/** The window after an event is sent in which the next ones are gathered (a frame at 60 Hz). */
export const IPC_BATCH_MS = 16;
