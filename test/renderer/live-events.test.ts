import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract/types.ts';
import {
  createLiveEventSource,
  type EventSourceLike,
  type LiveSubscription,
  readLiveEvent,
} from '../../renderer/src/lib/live/live-events.ts';

/**
 * The page's live events on both transports: the preload's subscription under Electron,
 * the browser host's event stream elsewhere (its URL, its reconnects, a drop said as polling), and
 * every event checked before a listener sees it.
 */

const STATE: LiveEvent = { type: 'state', id: 'sys-1', module: 'Display', index: 1, state: { power: true } };

class FakeEventSource implements EventSourceLike {
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {}
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  message(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  /** The connection dropped; `gaveUp`: the browser will not retry (a refusal). */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.();
  }
}

function streamSetup(over: { route?: 'technician'; nextTask?: (run: () => void) => void } = {}) {
  const sources: FakeEventSource[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const live = createLiveEventSource({
    ...over,
    ipc: undefined,
    watcher: 'page-0123456789',
    pageKey: 'key/with+chars',
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    random: () => 0.5,
    setTimeout: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
    nextTask: over.nextTask ?? ((run) => run()),
  });
  return { live, sources, timers };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).roomdeckLive;
  delete (globalThis as Record<string, unknown>).roomdeckTechnicianLive;
});

describe('live events over IPC', () => {
  function preload() {
    const listeners = new Set<(event: unknown) => void>();
    const subscription: LiveSubscription = {
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return { subscription, listeners };
  }

  it('subscribes to the preload’s route only while someone listens, passing on only well-formed events', () => {
    const panel = preload();
    const technician = preload();
    (globalThis as Record<string, unknown>).roomdeckLive = panel.subscription;
    (globalThis as Record<string, unknown>).roomdeckTechnicianLive = technician.subscription;
    const source = createLiveEventSource();
    expect(panel.listeners.size).toBe(0);
    const got: LiveEvent[] = [];
    const off = source.subscribe((event) => got.push(event));
    expect(panel.listeners.size).toBe(1);
    for (const listener of panel.listeners) {
      listener(STATE);
      listener({ type: 'state', id: 'sys-1', module: 'Display', index: 0, state: {} });
      listener('not an event');
    }
    expect(got).toEqual([STATE]);
    off();
    expect(panel.listeners.size).toBe(0);

    createLiveEventSource({ route: 'technician' }).subscribe(() => undefined);
    expect(technician.listeners.size).toBe(1);
    expect(panel.listeners.size).toBe(0);
  });
});

describe('live events over the browser host’s stream', () => {
  it('opens the route’s stream for its watcher with the page key, while someone listens', () => {
    const { live, sources } = streamSetup();
    expect(live.watcher).toBe('page-0123456789');
    expect(sources).toHaveLength(0);
    const off = live.subscribe(() => undefined);
    const url = new URL(sources[0]?.url ?? '', 'http://127.0.0.1');
    expect(url.pathname).toBe('/bridge/events');
    expect(url.searchParams.get('watcher')).toBe('page-0123456789');
    expect(url.searchParams.get('key')).toBe('key/with+chars');
    off();
    expect(sources[0]?.closed).toBe(true);

    const tech = streamSetup({ route: 'technician' });
    tech.live.subscribe(() => undefined);
    expect(new URL(tech.sources[0]?.url ?? '', 'http://x').pathname).toBe('/technician/bridge/events');
  });

  it('passes on the events it can read and drops the rest', () => {
    const { live, sources } = streamSetup();
    const got: LiveEvent[] = [];
    live.subscribe((event) => got.push(event));
    const source = sources[0] as FakeEventSource;
    source.open();
    source.message(STATE);
    source.message('{not json');
    source.message({ type: 'mode', mode: 'fast' });
    source.message({ type: 'debug', id: 'sys-1', module: 'Display', index: 1, level: 'info', message: 'x' });
    source.message({ type: 'stale', id: 'sys-1', module: 'Display', index: 2 });
    expect(got).toEqual([STATE, { type: 'stale', id: 'sys-1', module: 'Display', index: 2 }]);
  });

  it('says polling once when the stream drops, and lets the browser retry it', () => {
    const { live, sources, timers } = streamSetup();
    const got: LiveEvent[] = [];
    live.subscribe((event) => got.push(event));
    const source = sources[0] as FakeEventSource;
    source.open();
    source.fail(false);
    source.fail(false);
    expect(got).toEqual([{ type: 'mode', mode: 'polling', reason: 'ROOMDECK_BRIDGE_UNREACHABLE' }]);
    expect(timers).toHaveLength(0);
    expect(sources).toHaveLength(1);
    // The browser reconnected: the host says where things stand.
    source.open();
    source.message({ type: 'mode', mode: 'push' });
    expect(got.at(-1)).toEqual({ type: 'mode', mode: 'push' });
  });

  it('hears of a drop a task later: a page cut off while it unloads (a reload) never switches to polling', () => {
    const tasks: (() => void)[] = [];
    const { live, sources, timers } = streamSetup({ nextTask: (run) => tasks.push(run) });
    const got: LiveEvent[] = [];
    live.subscribe((event) => got.push(event));
    const source = sources[0] as FakeEventSource;
    source.open();
    source.fail(true);
    // Unloading: the page's tasks never run. Nothing was said, nothing was reopened.
    expect(got).toEqual([]);
    expect(timers).toHaveLength(0);
    // A page that stays: the next task says polling and schedules the reopening.
    for (const task of tasks.splice(0)) task();
    expect(got).toEqual([{ type: 'mode', mode: 'polling', reason: 'ROOMDECK_BRIDGE_UNREACHABLE' }]);
    expect(timers.map((t) => t.ms)).toEqual([750]);
  });

  it('reopens a stream the browser gave up on, later each time, and stops when nobody listens', () => {
    const { live, sources, timers } = streamSetup();
    const off = live.subscribe(() => undefined);
    (sources[0] as FakeEventSource).fail(true);
    expect(timers.map((t) => t.ms)).toEqual([750]);
    timers[0]?.run();
    expect(sources).toHaveLength(2);
    (sources[1] as FakeEventSource).fail(true);
    timers[1]?.run();
    (sources[2] as FakeEventSource).fail(true);
    expect(timers.map((t) => t.ms)).toEqual([750, 1500, 3000]);
    off();
    expect(timers[2]?.cancelled).toBe(true);
    expect(sources.every((s) => s.closed)).toBe(true);
  });
});

describe('reading a live event', () => {
  it('accepts each kind the contract has and nothing else', () => {
    expect(readLiveEvent(STATE)).toEqual(STATE);
    expect(readLiveEvent({ type: 'mode', mode: 'polling', reason: 'ROOMDECK_OFFLINE' })).not.toBeNull();
    expect(
      readLiveEvent({ type: 'debug', id: 's', module: 'M', index: 3, level: 'warn', message: 'm', at: 5 }),
    ).not.toBeNull();
    for (const bad of [
      null,
      [],
      { type: 'state', id: 's', module: 'M', index: 1, state: [] },
      { type: 'state', id: 's', module: 'M', index: 1.5, state: {} },
      { type: 'mode', mode: 'push', reason: 4 },
      { type: 'stale', id: 1, module: 'M', index: 1 },
      { type: 'other' },
    ])
      expect(readLiveEvent(bad)).toBeNull();
  });
});
