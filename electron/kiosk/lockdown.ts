/**
 * A wall panel offers no way out and no way to make a mess: its window cannot be closed, the
 * app cannot be quit from the keyboard, and the page cannot be zoomed, reloaded or inspected.
 * `closable: false` alone is not enough: Linux does not implement it, so Alt+F4 and the window
 * manager's close would end the panel. Electron's objects come in as the small interfaces below.
 */

/** The parts of Electron's event objects the guards use. */
export interface Preventable {
  preventDefault(): void;
}

/** The fields of Electron's `Input` (before-input-event) the key guard reads. */
export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  control: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** The parts of a BrowserWindow's webContents the lock needs (a fake in tests). */
export interface LockableKioskContents {
  on(event: 'before-input-event', listener: (event: Preventable, input: KeyInput) => void): unknown;
  on(event: 'zoom-changed', listener: (event: Preventable, direction: string) => void): unknown;
  on(event: 'did-finish-load', listener: () => void): unknown;
  setVisualZoomLevelLimits(min: number, max: number): Promise<void>;
  setZoomFactor(factor: number): void;
  insertCSS(css: string): Promise<string>;
}

/** The parts of a BrowserWindow the lock needs (a fake in tests). */
export interface LockableKioskWindow {
  on(event: 'close', listener: (event: Preventable) => void): unknown;
  readonly webContents: LockableKioskContents;
}

/** The parts of Electron's `app` the quit guard needs. */
export interface QuittableApp {
  on(event: 'before-quit', listener: (event: Preventable) => void): unknown;
}

/**
 * Whether a quit was asked for by someone allowed to (the service manager's SIGTERM, a
 * technician behind the PIN). Everything else that would end a kiosk is refused.
 */
export class QuitGate {
  #authorized = false;

  get authorized(): boolean {
    return this.#authorized;
  }

  /** The next quit goes through; there is no taking it back (the app is on its way out). */
  authorize(): void {
    this.#authorized = true;
  }
}

/** Hides the pointer on touch-only panels; `!important` so no page style brings it back. */
export const HIDDEN_CURSOR_CSS = '*, *::before, *::after { cursor: none !important; }';

const ZOOM_KEYS = new Set(['+', '=', '-', '_', '0']);
const DEVTOOLS_LETTERS = new Set(['i', 'j', 'c']);

/**
 * The keys that would close, quit, reload, leave full screen, open DevTools or zoom. The panel's
 * own controls use none of them, so they are refused outright (on key down and up alike).
 */
export function isBlockedKey(input: KeyInput): boolean {
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  const command = input.control || input.meta;
  // Alt+F4 (Windows, most Linux window managers), Cmd+Q, Cmd+H/M (hide, minimise on macOS).
  if (key === 'F4' && (input.alt || input.control)) return true;
  if (input.meta && (key === 'q' || key === 'h' || key === 'm')) return true;
  if (input.control && input.shift && key === 'q') return true;
  // Close tab/window, reload (also F5 and its Ctrl/Shift variants), full screen, DevTools.
  if (command && (key === 'w' || key === 'r')) return true;
  if (key === 'F5' || key === 'F11' || key === 'F12') return true;
  if (command && (input.shift || input.alt) && DEVTOOLS_LETTERS.has(key)) return true;
  // Cmd+Ctrl+F: macOS full screen.
  if (input.meta && input.control && key === 'f') return true;
  // Ctrl/Cmd with + - 0 (and the numeric keypad's): zoom.
  if (command && (ZOOM_KEYS.has(key) || input.code === 'NumpadAdd' || input.code === 'NumpadSubtract'))
    return true;
  return false;
}

export interface KioskLockOptions {
  gate: QuitGate;
  hideCursor: boolean;
}

/** Locks one kiosk window: close, keys, zoom (keys, wheel, pinch) and, if asked, the cursor. */
export function lockKioskWindow(win: LockableKioskWindow, options: KioskLockOptions): void {
  const contents = win.webContents;
  win.on('close', (event) => {
    if (!options.gate.authorized) event.preventDefault();
  });
  contents.on('before-input-event', (event, input) => {
    if (isBlockedKey(input)) event.preventDefault();
  });
  // Ctrl+wheel and trackpad zoom arrive here; whatever direction, the page stays at 100 %.
  contents.on('zoom-changed', () => contents.setZoomFactor(1));
  // Limits and injected CSS belong to the loaded document: set them again after every load.
  contents.on('did-finish-load', () => {
    contents.setZoomFactor(1);
    contents.setVisualZoomLevelLimits(1, 1).catch(() => undefined);
    if (options.hideCursor) contents.insertCSS(HIDDEN_CURSOR_CSS).catch(() => undefined); // eng-disable DANGEROUS_FUNCTIONS_JS_CHECK a constant style rule of ours, never page or user input
  });
}

/**
 * Refuses every quit of a kiosk that was not authorized (Cmd+Q from a menu role, the dock, the
 * last window going away). `onRefused` lets the caller make sure a window is still there.
 */
export function guardKioskQuit(app: QuittableApp, gate: QuitGate, onRefused: () => void = () => {}): void {
  app.on('before-quit', (event) => {
    if (gate.authorized) return;
    event.preventDefault();
    onRefused();
  });
}

/** Whether the kiosk hides the pointer: configured explicitly, or hidden on every kiosk by default. */
export function cursorHidden(config: { kiosk: boolean; hideCursor?: boolean | undefined }): boolean {
  return config.hideCursor ?? config.kiosk;
}
