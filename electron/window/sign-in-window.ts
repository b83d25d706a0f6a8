import type { BrowserWindowConstructorOptions } from 'electron';
import type { OpenSignInWindow, SignInWindowHandle } from '../../core/auth/session.ts';
import type { FrameNavigationEvent, PreventableEvent } from './navigation.ts';
import { lockedWebPreferences } from './preferences.ts';

/**
 * Kiosk sign-in without a system browser: the service's login page in a window of Roomdeck's own,
 * isolated from the panel. Its own in-memory session partition (no cookies shared with the panel,
 * nothing kept after the app quits, wiped when the window closes), no preload (the login page gets
 * no bridge), sandboxed, and it may only visit the service's origin and the loopback redirect that
 * ends the sign-in. The Session closes it when the sign-in ends; the window is created through an
 * injected factory, so this runs in Node tests with a fake.
 */

/** No `persist:` prefix: an in-memory session that never reaches the disk. */
export const SIGN_IN_PARTITION = 'roomdeck-sign-in';

/** The parts of Electron's WebContents the sign-in window uses (a fake in tests). */
export interface SignInContents {
  on(event: 'will-navigate', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The parts of Electron's BrowserWindow the sign-in window uses (a fake in tests). */
export interface SignInWindowLike {
  readonly webContents: SignInContents;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  show(): void;
  close(): void;
  isDestroyed(): boolean;
}

export interface SignInWindowDeps {
  /** `(options) => new BrowserWindow(options)`, with the options this module decides. */
  createWindow: (options: BrowserWindowConstructorOptions) => SignInWindowLike;
  /** The control service; its origin is where the login page lives. */
  serverUrl: string;
  /** The panel's window, so the sign-in window stays above it (a kiosk window covers the screen). */
  parent?: () => BrowserWindowConstructorOptions['parent'] | undefined;
  /** Wipes the partition's cookies and storage once the window is gone (the next sign-in starts clean). */
  clearSession?: () => Promise<void>;
}

/** The window's options: isolated, sandboxed, no preload, no DevTools, its own partition. */
export function signInWindowOptions(
  parent?: BrowserWindowConstructorOptions['parent'],
): BrowserWindowConstructorOptions {
  return {
    title: 'Sign in to Roomdeck',
    width: 520,
    height: 720,
    show: false,
    ...(parent === undefined ? {} : { parent, modal: true }),
    autoHideMenuBar: true,
    minimizable: false,
    fullscreenable: false,
    backgroundColor: '#101418',
    webPreferences: {
      partition: SIGN_IN_PARTITION,
      ...lockedWebPreferences(),
    },
  };
}

/**
 * Where the sign-in window may go: the service (its login pages), and the redirect URI exactly
 * (scheme, host, port and path), which the loopback receiver answers. Nothing else, not even
 * another path on the loopback port.
 */
export function signInNavigationAllowed(serverUrl: string, redirectUri: string): (url: string) => boolean {
  const service = new URL(serverUrl).origin;
  const redirect = new URL(redirectUri);
  return (url) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
    if (target.origin === service) return true;
    return target.origin === redirect.origin && target.pathname === redirect.pathname;
  };
}

/** The Session's `openSignInWindow` for kiosk mode. */
export function createSignInWindowOpener(deps: SignInWindowDeps): OpenSignInWindow {
  return async (url, redirectUri, onClosed) => {
    const allowed = signInNavigationAllowed(deps.serverUrl, redirectUri);
    if (!allowed(url)) throw new Error('The sign-in page is not on the control service.');
    const win = deps.createWindow(signInWindowOptions(deps.parent?.()));
    let closedByUs = false;
    const contents = win.webContents;
    const guard = (event: FrameNavigationEvent): void => {
      if (!allowed(event.url)) event.preventDefault();
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-frame-navigate', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // A login page's "help" or "privacy" link must not open a browser on a panel: nothing opens.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    win.once('ready-to-show', () => {
      if (!win.isDestroyed()) win.show();
    });
    win.on('closed', () => {
      void deps.clearSession?.().catch(() => undefined);
      if (!closedByUs) onClosed();
    });
    // A page that fails to load (service down) still shows Chromium's error page in the window,
    // which the person can close; the Session's own timeout ends the attempt either way.
    win.loadURL(url).catch(() => undefined);
    const handle: SignInWindowHandle = {
      close: () => {
        if (closedByUs || win.isDestroyed()) return;
        closedByUs = true;
        win.close();
      },
    };
    return handle;
  };
}
