import { ErrorCode, LIVE_EVENTS_PATH, type LiveEvent, PAGE_KEY_PARAM } from '#contract';

/**
 * The main process's live events as the page receives them: IPC events under Electron,
 * the browser host's Server-Sent Events stream elsewhere. The panel's poller and the technician's
 * live views subscribe here; which transport is behind it they never learn.
 */
export interface LiveEventSource {
  /** Every event for this page; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

/** A random id for this page load, named in `live.watch` (so one page's list never replaces another's). */
export function newWatcherId(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 20; i += 1) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

/** What the preload exposes (`window.roomdeckLive`, `window.roomdeckTechnicianLive`): a subscription. */
export interface LiveSubscription {
  subscribe(listener: (event: unknown) => void): () => void;
}

/** The parts of the browser's EventSource used here (a fake in tests). */
export interface EventSourceLike {
  onmessage: ((message: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
  onopen: (() => void) | null;
  readonly readyState: number;
  close(): void;
}

export interface LiveEventSourceOptions {
  /** The kiosk technician's events (their own route); the panel's by default. */
  route?: 'technician';
  /**
   * The page's watcher: the browser host forgets it when the stream ends, so name the same one in
   * `live.watch` (default: a new one, in `watcher` of the result).
   */
  watcher?: string;
  /** The preload's subscription (default: found on `window` for the route); none in a browser. */
  ipc?: LiveSubscription | undefined;
  /** The browser host's page key for this tab (bridge.ts `pageKeyOf`). */
  pageKey?: string | null;
  /** Where the browser host serves the page (its own origin by default). */
  baseUrl?: string;
  /** The browser's EventSource (tests pass a fake). */
  createEventSource?: (url: string) => EventSourceLike;
  /** Waits before reopening a stream the browser gave up on: 1 s, doubling to 30 s, jittered. */
  random?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Runs `run` in a task of its own, after this one (tests run it at once). */
  nextTask?: (run: () => void) => void;
}

/** EventSource.CLOSED: the browser will not retry by itself (a refusal, or a non-stream answer). */
const CLOSED = 2;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isAddress = (v: Record<string, unknown>): boolean =>
  typeof v.id === 'string' && typeof v.module === 'string' && isIndex(v.index);

/**
 * A LiveEvent as the contract shapes it, or null: whatever arrives is checked before the page acts
 * on it (a page never draws a value it cannot trust, nor throws on one).
 */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'state':
      return isAddress(value) && isRecord(value.state) ? (value as unknown as LiveEvent) : null;
    case 'stale':
      return isAddress(value) ? (value as unknown as LiveEvent) : null;
    case 'mode':
      return (value.mode === 'push' || value.mode === 'polling') &&
        (value.reason === undefined || typeof value.reason === 'string')
        ? (value as unknown as LiveEvent)
        : null;
    case 'debug':
      return isAddress(value) &&
        typeof value.level === 'string' &&
        typeof value.message === 'string' &&
        typeof value.at === 'number'
        ? (value as unknown as LiveEvent)
        : null;
    default:
      return null;
  }
}

/** The preload's subscription for a route, if this page runs in Electron. */
export function findLiveIpc(route?: 'technician'): LiveSubscription | undefined {
  const name = route === 'technician' ? 'roomdeckTechnicianLive' : 'roomdeckLive';
  const candidate = (globalThis as Record<string, unknown>)[name];
  return isRecord(candidate) && typeof candidate.subscribe === 'function'
    ? (candidate as unknown as LiveSubscription)
    : undefined;
}

type Listener = (event: LiveEvent) => void;

/** Fans one transport out to the page's listeners, each event checked first. */
class Listeners {
  readonly #all = new Set<Listener>();
  get size(): number {
    return this.#all.size;
  }
  add(listener: Listener): void {
    this.#all.add(listener);
  }
  delete(listener: Listener): void {
    this.#all.delete(listener);
  }
  deliver(value: unknown): void {
    const event = readLiveEvent(value);
    if (event === null) return;
    for (const listener of [...this.#all]) {
      try {
        listener(event);
      } catch {
        // One view's fault must not keep the event from the others.
      }
    }
  }
}

/**
 * This page's live events, over IPC when the preload offers them and over the browser host's
 * Server-Sent Events stream otherwise. The stream is open while anyone listens; when it drops the
 * page is told to poll (`mode: polling`), and when it is back the host says where things stand.
 */
export function createLiveEventSource(
  options: LiveEventSourceOptions = {},
): LiveEventSource & { readonly watcher: string } {
  const watcher = options.watcher ?? newWatcherId();
  const ipc = 'ipc' in options ? options.ipc : findLiveIpc(options.route);
  const listeners = new Listeners();
  const transport =
    ipc === undefined ? streamTransport(options, watcher, listeners) : ipcTransport(ipc, listeners);
  return {
    watcher,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) transport.start();
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        listeners.delete(listener);
        if (listeners.size === 0) transport.stop();
      };
    },
  };
}

interface Transport {
  start(): void;
  stop(): void;
}

function ipcTransport(ipc: LiveSubscription, listeners: Listeners): Transport {
  let unsubscribe: (() => void) | null = null;
  return {
    start: () => {
      unsubscribe = ipc.subscribe((value) => listeners.deliver(value));
    },
    stop: () => {
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}

function streamTransport(options: LiveEventSourceOptions, watcher: string, listeners: Listeners): Transport {
  const prefix = options.route === 'technician' ? '/technician' : '';
  const query = new URLSearchParams({ watcher });
  if (options.pageKey) query.set(PAGE_KEY_PARAM, options.pageKey);
  const url = `${options.baseUrl ?? ''}${prefix}${LIVE_EVENTS_PATH}?${query.toString()}`;
  const open = options.createEventSource ?? ((u: string) => new EventSource(u) as unknown as EventSourceLike);
  const random = options.random ?? Math.random;
  const later = options.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as number));
  const nextTask = options.nextTask ?? ((run: () => void) => void setTimeout(run, 0));
  let source: EventSourceLike | null = null;
  let retry: unknown = null;
  let failures = 0;
  /** Whether the page was told it is pushed to (so a drop is said once, not per retry). */
  let flowing = false;

  const dropped = () => {
    if (!flowing) return;
    flowing = false;
    // No stream, no pushes: the page must poll until the host says otherwise.
    listeners.deliver({ type: 'mode', mode: 'polling', reason: ErrorCode.ROOMDECK_BRIDGE_UNREACHABLE });
  };
  const connect = () => {
    retry = null;
    const next = open(url);
    source = next;
    next.onopen = () => {
      failures = 0;
      flowing = true;
    };
    next.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let value: unknown;
      try {
        value = JSON.parse(message.data);
      } catch {
        return;
      }
      listeners.deliver(value);
    };
    // Handled a task later: a page being left (a reload) has its stream cut while it unloads, and
    // the cut arrives as an error, before `pagehide`. Handled there and then, the panel would
    // switch to polling and redraw on its way out, in front of the next page's first paint; a
    // detached page runs no later task, while a page that stays hears of the drop a moment later.
    next.onerror = () => nextTask(() => failed(next));
  };
  const failed = (next: EventSourceLike) => {
    dropped();
    // The browser retries a dropped stream itself; one it gave up on (refused) is reopened here,
    // later each time, so a host that keeps refusing is not hammered.
    if (next.readyState !== CLOSED || source !== next) return;
    next.close();
    failures += 1;
    const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
    retry = later(connect, base / 2 + random() * (base / 2));
  };
  return {
    start: connect,
    stop: () => {
      if (retry !== null) cancel(retry);
      retry = null;
      source?.close();
      source = null;
      flowing = false;
    },
  };
}
