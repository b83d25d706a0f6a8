import type { KeyInput, Preventable } from '../../../electron/kiosk/lockdown.ts';
import type { SupervisedContents, SupervisedWindow } from '../../../electron/kiosk/runtime.ts';

/** An event Electron would pass to a listener: remembers whether a guard prevented it. */
export class FakeEvent implements Preventable {
  prevented = false;
  preventDefault(): void {
    this.prevented = true;
  }
}

type Listener = (...args: never[]) => void;

/** A tiny EventEmitter: `on` records, `emit` calls, `listenerCount` lets tests check for leaks. */
class Emitter {
  readonly #listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  listenerCount(event?: string): number {
    if (event !== undefined) return this.#listeners.get(event)?.length ?? 0;
    return [...this.#listeners.values()].reduce((n, l) => n + l.length, 0);
  }
}

/** The webContents of a BrowserWindow, recording what the kiosk code does to it. */
export class FakeContents extends Emitter implements SupervisedContents {
  zoomFactor = 1;
  visualZoomLimits: [number, number] | null = null;
  css: string[] = [];
  loaded: string[] = [];

  setVisualZoomLevelLimits(min: number, max: number): Promise<void> {
    this.visualZoomLimits = [min, max];
    return Promise.resolve();
  }
  setZoomFactor(factor: number): void {
    this.zoomFactor = factor;
  }
  insertCSS(css: string): Promise<string> {
    this.css.push(css);
    return Promise.resolve(`key-${this.css.length}`);
  }
  /** What loading a URL starts (the soak test boots a renderer there). */
  onLoad: ((url: string) => void) | null = null;

  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.onLoad?.(url);
    return Promise.resolve();
  }

  /** Sends a key as Chromium would, before the page sees it; true when a guard swallowed it. */
  press(input: Partial<KeyInput> & { key: string }): boolean {
    const event = new FakeEvent();
    this.emit('before-input-event', event, {
      type: 'keyDown',
      control: false,
      meta: false,
      alt: false,
      shift: false,
      ...input,
    });
    return event.prevented;
  }
}

export class FakeWindow extends Emitter implements SupervisedWindow {
  static created = 0;
  readonly id = ++FakeWindow.created;
  readonly webContents = new FakeContents();
  destroyed = false;

  constructor(readonly url = '') {
    super();
    if (url !== '') this.webContents.loaded.push(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The window manager's close (Alt+F4, the title bar's ×): true when it was refused. */
  tryClose(): boolean {
    const event = new FakeEvent();
    this.emit('close', event);
    return event.prevented;
  }
}

export class FakeApp extends Emitter {
  quits = 0;
  quit(): void {
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (!event.prevented) this.quits++;
  }
}

export class FakePowerSaveBlocker {
  #next = 1;
  readonly active = new Set<number>();
  starts = 0;
  stops = 0;
  start(type: 'prevent-display-sleep'): number {
    if (type !== 'prevent-display-sleep') throw new Error(`unexpected ${type}`);
    this.starts++;
    const id = this.#next++;
    this.active.add(id);
    return id;
  }
  stop(id: number): void {
    this.stops++;
    this.active.delete(id);
  }
}
