import { EventEmitter } from 'node:events';
import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT_CHANNEL } from '../../contract/live.ts';
import type { LiveEvent } from '../../contract/types.ts';
import type { LiveRoute } from '../../core/bridge/live-channel.ts';
import { type FrameLike, IPC_BATCH_MS, registerIpcBridge, sendLiveEvents } from '../../electron/ipc.ts';
import { appUrlMatcher } from '../../electron/window/app-origin.ts';
import { APP_ENTRY_URL } from '../../electron/window/app-protocol.ts';
import { fakeApi } from '../support/fake-api.ts';

/**
 * Live events over IPC: each event of a route goes to the app window's page on the
 * route's channel and nowhere else; the watchers a window named are forgotten when its webContents
 * is destroyed or its page's process dies; a foreign sender's watcher is never even recorded.
 */

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

function testRoute() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const forgotten: string[] = [];
  const route: LiveRoute = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget: (watcher) => forgotten.push(watcher),
    status: () => ({ mode: 'push' }),
  };
  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { route, forgotten, listeners, emit };
}

/** A webContents as the IPC layer sees it: its frame, what was sent to it, and its lifecycle events. */
class FakeContents extends EventEmitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  constructor(readonly mainFrame: FrameLike) {
    super();
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

const EVENT: LiveEvent = { type: 'state', id: 'sys-1', module: 'Display', index: 1, state: { power: true } };

describe('live events to the app window', () => {
  it('sends each event to the current app window on the route’s channel, and to nothing when there is none', async () => {
    vi.useFakeTimers();
    try {
      const { route, emit, listeners } = testRoute();
      const first = new FakeContents({ url: APP_ENTRY_URL, parent: null, frameTreeNodeId: 1 });
      const second = new FakeContents({ url: APP_ENTRY_URL, parent: null, frameTreeNodeId: 2 });
      let current: FakeContents | null = first;
      const stop = sendLiveEvents({ live: route, appContents: () => current, channel: LIVE_EVENT_CHANNEL });
      emit(EVENT);
      expect(first.sent).toEqual([{ channel: 'roomdeck:live', args: [EVENT] }]);
      // A kiosk recovery replaced the window: the new one gets what follows, the old one nothing.
      current = second;
      emit({ type: 'mode', mode: 'polling' });
      await vi.advanceTimersByTimeAsync(IPC_BATCH_MS);
      expect(second.sent).toEqual([{ channel: 'roomdeck:live', args: [{ type: 'mode', mode: 'polling' }] }]);
      expect(first.sent).toHaveLength(1);
      second.destroyed = true;
      emit(EVENT);
      current = null;
      emit(EVENT);
      await vi.advanceTimersByTimeAsync(IPC_BATCH_MS * 2);
      expect(second.sent).toHaveLength(1);
      stop();
      expect(listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('bounds what a flood sends the page: the first event at once, then the newest per module each 16 ms', async () => {
    vi.useFakeTimers();
    try {
      const { route, emit } = testRoute();
      const page = new FakeContents({ url: APP_ENTRY_URL, parent: null, frameTreeNodeId: 1 });
      const stop = sendLiveEvents({ live: route, appContents: () => page, channel: LIVE_EVENT_CHANNEL });
      for (let i = 0; i < 20_000; i += 1) emit({ ...EVENT, module: `Display${i % 2}`, state: { seq: i } });
      expect(page.sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(IPC_BATCH_MS);
      const sent = page.sent.map((m) => m.args[0] as { module: string; state: { seq: number } });
      expect(sent.map((e) => [e.module, e.state.seq])).toEqual([
        ['Display0', 0],
        ['Display0', 19_998],
        ['Display1', 19_999],
      ]);
      // Quiet again: the next event goes at once.
      await vi.advanceTimersByTimeAsync(IPC_BATCH_MS * 2);
      emit(EVENT);
      expect(page.sent).toHaveLength(4);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the watchers a window named when its webContents is destroyed, or its page process dies', async () => {
    const handlers = new Map<string, Listener>();
    const ipcMain = {
      handle: (channel: string, listener: Listener) => handlers.set(channel, listener),
      removeHandler: (channel: string) => handlers.delete(channel),
    };
    const { route, forgotten } = testRoute();
    const mainFrame: FrameLike = { url: APP_ENTRY_URL, parent: null, frameTreeNodeId: 1 };
    let contents = new FakeContents(mainFrame);
    registerIpcBridge({
      ipcMain,
      api: fakeApi(),
      appContents: () => contents,
      isAppUrl: appUrlMatcher(APP_ENTRY_URL),
      live: route,
    });
    const call = (channel: string, args: unknown, sender: FakeContents = contents, frame = mainFrame) =>
      handlers.get(channel)?.({ sender, senderFrame: frame } as unknown as IpcMainInvokeEvent, args);

    await call('live:watch', { watcher: 'page-one-0123456789', id: 'sys-1', targets: [] });
    await call('live:watch', { watcher: 'page-one-0123456789', id: 'sys-1', targets: [] });
    await call('live:debug', { watcher: 'tools-one-0123456789', id: 'sys-1', module: 'Display', index: 1 });
    // A frame that is not the app's page: refused before anything is recorded.
    await call('live:watch', { watcher: 'intruder-0123456789', id: 'sys-1', targets: [] }, contents, {
      url: 'https://evil.example/',
      parent: null,
      frameTreeNodeId: 1,
    });
    expect(forgotten).toEqual([]);
    contents.emit('destroyed');
    expect(forgotten.sort()).toEqual(['page-one-0123456789', 'tools-one-0123456789']);

    // The next window's page: forgotten when its renderer crashes, once.
    contents = new FakeContents(mainFrame);
    await call('live:watch', { watcher: 'page-two-0123456789', id: 'sys-1', targets: [] });
    contents.emit('render-process-gone');
    contents.emit('destroyed');
    expect(forgotten.filter((w) => w === 'page-two-0123456789')).toEqual(['page-two-0123456789']);
    expect(forgotten).not.toContain('intruder-0123456789');
  });
});
