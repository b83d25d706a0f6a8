import { describe, expect, it } from 'vitest';
import { appUrlMatcher, isExternalWebUrl } from '../../../electron/window/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../../core/csp.ts';
import {
  type FrameNavigationEvent,
  type LockableContents,
  lockNavigation,
} from '../../../electron/window/navigation.ts';
import { secureWebPreferences, windowOptions } from '../../../electron/window/preferences.ts';
import {
  applyCsp,
  type CspSession,
  denyAllPermissions,
  type PermissionSession,
  type ResponseHeaders,
} from '../../../electron/window/session.ts';

const APP_URL = 'file:///opt/Roomdeck/resources/app.asar/dist/renderer/index.html';

class FakeEvent implements FrameNavigationEvent {
  prevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.prevented = true;
  }
}

/** Electron ≥ 25 hands the URL on the event (`details.url`); the positional one is deprecated, so the fake omits it. */
type Listener = (event: FakeEvent) => void;
class FakeContents implements LockableContents {
  readonly listeners = new Map<string, Listener[]>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  on(event: string, listener: (event: FakeEvent) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  emit(name: string, url: string): FakeEvent {
    const event = new FakeEvent(url);
    for (const listener of this.listeners.get(name) ?? []) listener(event);
    return event;
  }
}

function locked(kiosk = false) {
  const contents = new FakeContents();
  const opened: string[] = [];
  lockNavigation(contents, {
    isAppUrl: appUrlMatcher(APP_URL),
    openExternal: async (url) => {
      opened.push(url);
    },
    kiosk,
  });
  return { contents, opened };
}

describe('secure web preferences', () => {
  it('isolate and sandbox the renderer and switch off Node, webviews and spellcheck', () => {
    const prefs = secureWebPreferences('/app/dist/electron/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      spellcheck: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('give a wall panel a full-screen kiosk window with no frame and no dev tools', () => {
    const options = windowOptions({ preloadPath: '/p.cjs', kiosk: true, devTools: true });
    expect(options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
      show: false,
    });
    expect(options.webPreferences?.devTools).toBe(false);
    expect(options.webPreferences?.sandbox).toBe(true);
  });

  it('give a technician an ordinary 1280×800 window', () => {
    const options = windowOptions({ preloadPath: '/p.cjs', kiosk: false, devTools: true });
    expect(options).toMatchObject({ width: 1280, height: 800 });
    expect(options.kiosk).toBeUndefined();
    expect(options.webPreferences?.devTools).toBe(true);
  });
});

describe('the app’s own URLs', () => {
  it('are the renderer bundle’s files, or the dev server’s origin', () => {
    const isApp = appUrlMatcher(APP_URL);
    expect(isApp(APP_URL)).toBe(true);
    expect(isApp('file:///opt/Roomdeck/resources/app.asar/dist/renderer/assets/x.js')).toBe(true);
    expect(isApp('file:///opt/Roomdeck/resources/app.asar/dist/other.html')).toBe(false);
    expect(isApp('file:///opt/Roomdeck/resources/app.asar/dist/renderer/%2e%2e/x.html')).toBe(false);
    expect(isApp('file:///home/me/Downloads/renderer/index.html')).toBe(false);
    expect(isApp('https://evil.example/')).toBe(false);
    expect(isApp('not a url')).toBe(false);
    const dev = appUrlMatcher('http://localhost:5173/');
    expect(dev('http://localhost:5173/assets/a.js')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(() => appUrlMatcher('javascript:alert(1)')).toThrow();
  });

  it('are the only ones handed to the system browser when they are web pages', () => {
    expect(isExternalWebUrl('https://example.org/help')).toBe(true);
    expect(isExternalWebUrl('http://example.org/')).toBe(true);
    expect(isExternalWebUrl('file:///etc/passwd')).toBe(false);
    expect(isExternalWebUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalWebUrl('smb://server/share')).toBe(false);
  });
});

describe('the navigation lock', () => {
  it('lets the window move within the app', () => {
    const { contents, opened } = locked();
    expect(contents.emit('will-navigate', `${APP_URL}#/panel`).prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('keeps the window on the app and sends web links to the system browser', () => {
    const { contents, opened } = locked();
    expect(contents.emit('will-navigate', 'https://support.example.org/room').prevented).toBe(true);
    expect(contents.emit('will-navigate', 'file:///etc/passwd').prevented).toBe(true);
    expect(opened).toEqual(['https://support.example.org/room']);
  });

  it('stops redirects and sub-frame navigations away from the app', () => {
    const { contents, opened } = locked();
    expect(contents.emit('will-redirect', 'https://evil.example/').prevented).toBe(true);
    expect(contents.emit('will-frame-navigate', 'https://evil.example/').prevented).toBe(true);
    expect(contents.emit('will-frame-navigate', APP_URL).prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('denies every new window, opening http(s) links externally and nothing else', () => {
    const { contents, opened } = locked();
    expect(contents.openHandler?.({ url: 'https://example.org/manual' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.org/manual']);
  });

  it('opens nothing at all in kiosk mode', () => {
    const { contents, opened } = locked(true);
    expect(contents.openHandler?.({ url: 'https://example.org/manual' })).toEqual({ action: 'deny' });
    expect(contents.emit('will-navigate', 'https://example.org/').prevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it('prevents attaching a webview', () => {
    const { contents } = locked();
    expect(contents.emit('will-attach-webview', '').prevented).toBe(true);
  });

  it('survives a system browser that fails to open', async () => {
    const contents = new FakeContents();
    lockNavigation(contents, {
      isAppUrl: appUrlMatcher(APP_URL),
      openExternal: () => Promise.reject(new Error('no browser')),
      kiosk: false,
    });
    expect(contents.openHandler?.({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

class FakeSession implements PermissionSession, CspSession {
  request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null =
    null;
  check: ((contents: unknown, permission: string) => boolean) | null = null;
  device: ((details: unknown) => boolean) | null = null;
  headers: Parameters<CspSession['webRequest']['onHeadersReceived']>[0] | null = null;
  setPermissionRequestHandler(handler: NonNullable<FakeSession['request']>): void {
    this.request = handler;
  }
  setPermissionCheckHandler(handler: NonNullable<FakeSession['check']>): void {
    this.check = handler;
  }
  setDevicePermissionHandler(handler: NonNullable<FakeSession['device']>): void {
    this.device = handler;
  }
  readonly webRequest = {
    onHeadersReceived: (listener: NonNullable<FakeSession['headers']>): void => {
      this.headers = listener;
    },
  };
}

describe('the session', () => {
  it('denies every permission request, check and device', () => {
    const session = new FakeSession();
    denyAllPermissions(session);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'fullscreen',
      'hid',
    ]) {
      const answers: boolean[] = [];
      session.request?.({}, permission, (granted) => answers.push(granted));
      expect(answers).toEqual([false]);
      expect(session.check?.({}, permission)).toBe(false);
    }
    expect(session.device?.({ deviceType: 'usb' })).toBe(false);
  });

  it('puts the strict CSP on every response, replacing the server’s own', () => {
    const session = new FakeSession();
    applyCsp(session);
    let answered: ResponseHeaders | undefined;
    session.headers?.(
      {
        responseHeaders: {
          'content-security-policy': ["script-src 'unsafe-inline'"],
          'Content-Type': ['text/html'],
        },
      },
      (response) => {
        answered = response.responseHeaders;
      },
    );
    expect(answered).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
    session.headers?.({}, (response) => {
      answered = response.responseHeaders;
    });
    expect(answered).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});
