import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The renderer is a web page with no Node and no Electron: isolated, sandboxed, and with every
 * feature it does not use switched off. Its only way out is the preload's `window.roomdeck`.
 */
export function secureWebPreferences(
  preloadPath: string,
  options: { devTools?: boolean } = {},
): WebPreferences {
  return { preload: preloadPath, ...lockedWebPreferences(options) };
}

/**
 * The same lock-down for a window with no preload at all (the sign-in window, the start-up failure
 * page): one list, so a window Roomdeck opens never misses a setting another one has. Every
 * `new BrowserWindow` in main.ts takes its options from here; scripts/electronegativity.mjs has
 * Electronegativity judge what these functions return (it cannot follow a call by itself).
 */
export function lockedWebPreferences(options: { devTools?: boolean } = {}): WebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    // Middle-click would open links in new windows; every new window is denied anyway.
    disableBlinkFeatures: 'Auxclick',
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    enableWebSQL: false,
    devTools: options.devTools ?? false,
  };
}

export interface WindowSettings {
  preloadPath: string;
  kiosk: boolean;
  devTools?: boolean;
}

/**
 * A wall panel (kiosk) fills its screen and offers no way out; a technician's window is an
 * ordinary window sized like the 1280×800 panels the layout is designed for.
 */
export function windowOptions(settings: WindowSettings): BrowserWindowConstructorOptions {
  const common: BrowserWindowConstructorOptions = {
    title: 'Roomdeck',
    // Shown on `ready-to-show`, so the panel never flashes an empty frame.
    show: false,
    backgroundColor: '#101418',
    webPreferences: secureWebPreferences(settings.preloadPath, {
      devTools: settings.kiosk ? false : (settings.devTools ?? false),
    }),
  };
  if (settings.kiosk) {
    return {
      ...common,
      kiosk: true,
      fullscreen: true,
      frame: false,
      // macOS rounds a frameless window's corners: a wall panel's picture fills its screen.
      roundedCorners: false,
      autoHideMenuBar: true,
      closable: false,
      minimizable: false,
      movable: false,
      resizable: false,
    };
  }
  return { ...common, width: 1280, height: 800, minWidth: 800, minHeight: 600, autoHideMenuBar: true };
}
