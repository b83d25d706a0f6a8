import type { Clock } from '../../core/api/clock.ts';
import { DisplayAwake, type PowerSaveBlockerLike } from './display-awake.ts';
import { errorScreenUrl } from '../../core/kiosk/error-screen.ts';
import { loadTranslator, type Translator } from '../../locales/index.ts';
import {
  cursorHidden,
  guardKioskQuit,
  type KeyInput,
  type LockableKioskContents,
  type LockableKioskWindow,
  lockKioskWindow,
  type Preventable,
  QuitGate,
  type QuittableApp,
} from './lockdown.ts';
import type { PanelReports } from '../../core/kiosk/panel-reports.ts';
import {
  type PanelLocation,
  type RecoveryEvent,
  type RecoveryPolicy,
  RecoverySupervisor,
} from '../../core/kiosk/recovery.ts';

/**
 * Composes the kiosk's parts for the Electron glue (main.ts): every window it adopts is locked
 * (kiosk) and supervised (always), the panel's reports drive the display and the watchdog, and
 * a recovery reloads or replaces the window at the room and page last reported. The session and
 * the room binding live in the main process's services, which nothing here touches.
 */

/** The parts of a BrowserWindow's webContents the runtime needs (a fake in tests). */
export interface SupervisedContents extends LockableKioskContents {
  on(event: 'before-input-event', listener: (event: Preventable, input: KeyInput) => void): unknown;
  on(event: 'zoom-changed', listener: (event: Preventable, direction: string) => void): unknown;
  on(event: 'did-finish-load', listener: () => void): unknown;
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: { reason: string; exitCode: number }) => void,
  ): unknown;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  on(
    event: 'did-fail-load',
    listener: (
      event: unknown,
      errorCode: number,
      errorDescription: string,
      validatedURL: string,
      isMainFrame: boolean,
    ) => void,
  ): unknown;
  loadURL(url: string): Promise<void>;
}

export interface SupervisedWindow extends LockableKioskWindow {
  readonly webContents: SupervisedContents;
  isDestroyed(): boolean;
  destroy(): void;
}

export interface KioskApp extends QuittableApp {
  on(event: 'before-quit', listener: (event: Preventable) => void): unknown;
  on(
    event: 'child-process-gone',
    listener: (event: unknown, details: { type: string; reason: string }) => void,
  ): unknown;
  quit(): void;
}

/** Where the runtime listens for the service manager's stop request (`process` in main.ts). */
export interface Signals {
  on(signal: 'SIGTERM' | 'SIGINT' | 'SIGHUP', listener: () => void): unknown;
}

export interface KioskRuntimeOptions {
  app: KioskApp;
  powerSaveBlocker: PowerSaveBlockerLike;
  reports: PanelReports;
  config: { kiosk: boolean; hideCursor?: boolean | undefined; supportContact?: string | undefined };
  clock: Clock;
  /** The app page's URL (no fragment); the page to return to goes into its fragment. */
  appUrl: string;
  /**
   * The error screen's language (core/kiosk/error-screen.ts `errorScreenLanguage`: the managed
   * `panel.locale`, else the OS's). Its words are loaded at start; until then, or if they fail
   * to load, the screen is in English.
   */
  language?: string | undefined;
  /** The window shown now, if any. */
  current(): SupervisedWindow | null;
  /** Creates a window loading `url` and makes it the current one (it calls `adopt` itself). */
  open(url: string): SupervisedWindow;
  signals?: Signals;
  policy?: Partial<RecoveryPolicy>;
  onEvent?: (event: RecoveryEvent) => void;
}

export interface KioskRuntime {
  /** Locks (kiosk) and supervises a new window; events of windows no longer current are ignored. */
  adopt(win: SupervisedWindow): void;
  readonly gate: QuitGate;
  readonly supervisor: RecoverySupervisor;
  readonly display: DisplayAwake;
  /** The URL a (re)started window loads to show this location. */
  urlFor(location: PanelLocation | null): string;
  dispose(): void;
}

/** The app URL with the page to open in its fragment (`#page=lights`); the room is the main process's. */
export function appUrlFor(appUrl: string, location: PanelLocation | null): string {
  const base = appUrl.split('#')[0] ?? appUrl;
  return location?.page ? `${base}#page=${encodeURIComponent(location.page)}` : base;
}

export function startKioskRuntime(options: KioskRuntimeOptions): KioskRuntime {
  const { config } = options;
  const gate = new QuitGate();
  const display = new DisplayAwake(options.powerSaveBlocker);
  const urlFor = (location: PanelLocation | null) => appUrlFor(options.appUrl, location);

  /** A fresh window first, then the old one goes: the app never has zero windows (and so never quits). */
  const replaceWindow = (url: string): void => {
    const old = options.current();
    options.open(url);
    if (old !== null && !old.isDestroyed()) old.destroy();
  };

  let words: Translator | undefined;
  if (options.language !== undefined) {
    loadTranslator(options.language).then(
      (loaded) => {
        words = loaded;
      },
      () => undefined,
    );
  }

  const supervisor = new RecoverySupervisor({
    clock: options.clock,
    supportContact: config.supportContact,
    words: () => words,
    policy: options.policy,
    onEvent: options.onEvent,
    target: {
      reload: (location) => {
        const win = options.current();
        if (win === null || win.isDestroyed()) return replaceWindow(urlFor(location));
        win.webContents.loadURL(urlFor(location)).catch(() => undefined);
      },
      recreate: (location) => replaceWindow(urlFor(location)),
      showError: (screen) => replaceWindow(errorScreenUrl(screen)),
    },
  });

  const stopReports = options.reports.onReport((report) => {
    // A page still loading its room says "unknown": alive, but not where to return to.
    const known = report.roomOn !== null;
    supervisor.heartbeat(known ? { systemId: report.systemId, page: report.page } : null);
    if (config.kiosk) display.update(report);
  });

  const onChildGone = (_event: unknown, details: { type: string; reason: string }) =>
    supervisor.childProcessGone(details);
  options.app.on('child-process-gone', onChildGone);

  if (config.kiosk) {
    guardKioskQuit(options.app, gate, () => {
      // Something tried to end the kiosk (e.g. its last window went): make sure a panel shows.
      const win = options.current();
      if (win === null || win.isDestroyed()) replaceWindow(urlFor(supervisor.location));
    });
    const stop = () => {
      gate.authorize();
      options.app.quit();
    };
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) options.signals?.on(signal, stop);
  }

  // A quit that goes ahead closes the windows: nothing may "recover" them on the way out.
  options.app.on('before-quit', () => {
    if (!config.kiosk || gate.authorized) supervisor.dispose();
  });

  const hideCursor = cursorHidden(config);
  const adopt = (win: SupervisedWindow): void => {
    if (config.kiosk) lockKioskWindow(win, { gate, hideCursor });
    const contents = win.webContents;
    const isCurrent = () => options.current() === win && !win.isDestroyed();
    contents.on('render-process-gone', (_event, details) => {
      if (isCurrent()) supervisor.rendererGone(details.reason);
    });
    contents.on('unresponsive', () => {
      if (isCurrent()) supervisor.unresponsive();
    });
    contents.on('responsive', () => supervisor.responsive());
    contents.on('did-fail-load', (_event, errorCode, description, _url, isMainFrame) => {
      if (isMainFrame && isCurrent()) supervisor.loadFailed(errorCode, description);
    });
  };

  return {
    adopt,
    gate,
    supervisor,
    display,
    urlFor,
    dispose: () => {
      stopReports();
      supervisor.dispose();
      display.dispose();
    },
  };
}
