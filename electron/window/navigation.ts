import { isExternalWebUrl } from './app-origin.ts';

/** The parts of Electron's event objects these guards use. */
export interface PreventableEvent {
  preventDefault(): void;
}
export interface FrameNavigationEvent extends PreventableEvent {
  readonly url: string;
}

/**
 * The parts of Electron's WebContents the navigation lock needs (a fake in tests). The URL is read
 * from the event object (`details.url`): the positional url argument is deprecated since Electron 25.
 */
export interface LockableContents {
  on(event: 'will-navigate', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: FrameNavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface NavigationLock {
  /** True for the app's own pages (see `appUrlMatcher`). */
  isAppUrl: (url: string) => boolean;
  /** The system browser; its failure is not the app's problem, so it is not awaited. */
  openExternal: (url: string) => Promise<void>;
  /** A wall panel opens nothing: no browser may appear on a panel nobody can close. */
  kiosk: boolean;
}

/**
 * The window only ever shows the app. Anything else the page tries to open (a support link, a
 * target=_blank) goes to the system browser when it is a web page, and nowhere otherwise.
 */
export function lockNavigation(contents: LockableContents, lock: NavigationLock): void {
  const sendOut = (url: string): void => {
    if (lock.kiosk || !isExternalWebUrl(url)) return;
    // Only http(s) pages reach the system browser (isExternalWebUrl), and never from a kiosk.
    lock.openExternal(url).catch(() => undefined); // eng-disable OPEN_EXTERNAL_JS_CHECK http(s) only, checked above
  };
  contents.on('will-navigate', (event) => {
    if (lock.isAppUrl(event.url)) return;
    event.preventDefault();
    sendOut(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!lock.isAppUrl(event.url)) event.preventDefault();
  });
  // Sub-frames too: the CSP forbids frames, this holds even if a page slipped one in.
  contents.on('will-frame-navigate', (event) => {
    if (!lock.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    sendOut(url);
    return { action: 'deny' };
  });
}
