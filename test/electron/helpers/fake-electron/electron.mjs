// A recording stand-in for Electron's main-process API, for running the compiled main process in
// plain Node. Every call that matters is appended as one JSON line to $ROOMDECK_FAKE_ELECTRON_LOG,
// so the test can read what start-up did even if the process never ends. It behaves like Electron
// where start-up depends on it: `ready` comes after the main module ran, privileged schemes must be
// registered before it, `protocol.handle` handlers are called for app:// loads, IPC handlers are
// invoked as the app window's own page would, and an unhandled rejection keeps the process alive
// (Electron only warns), so a start-up that fails silently shows up as "no window, live process".
import { appendFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';

const logFile = process.env.ROOMDECK_FAKE_ELECTRON_LOG;
let seq = 0;
export function record(what, details = {}) {
  let line;
  try {
    line = JSON.stringify({ seq: seq++, what, ...details }, (key, value) => {
      if (typeof value === 'function') return '[function]';
      if (key !== '' && value instanceof EventEmitter) return '[object]';
      return typeof value === 'bigint' ? String(value) : value;
    });
  } catch (err) {
    line = JSON.stringify({ seq, what, unrecordable: String(err) });
  }
  if (logFile) appendFileSync(logFile, `${line}\n`);
}

process.on('unhandledRejection', (reason) =>
  record('unhandledRejection', { message: String(reason?.stack ?? reason) }),
);
process.on('uncaughtException', (err) => record('uncaughtException', { message: String(err?.stack ?? err) }));

/** Any API this fake does not model: records the call and returns undefined. */
function recorder(name) {
  return new Proxy(
    {},
    {
      get(target, prop) {
        if (prop in target) return target[prop];
        if (prop === 'then' || typeof prop === 'symbol') return undefined;
        return (...args) => {
          record(`${name}.${String(prop)}`, { args: args.filter((a) => typeof a !== 'function') });
          return undefined;
        };
      },
    },
  );
}
function withRecorder(name, object) {
  const fallback = recorder(name);
  return new Proxy(object, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver);
      return fallback[prop];
    },
  });
}

// Electron's own event loop keeps the main process running until app.quit()/app.exit(), whether or
// not the app has anything scheduled.
const keepAlive = setInterval(() => undefined, 1 << 30);

// ── app ────────────────────────────────────────────────────────────────────────────────────────
let isReady = false;
const paths = new Map();
const appEmitter = new EventEmitter();
let resolveReady;
const readyPromise = new Promise((resolve) => {
  resolveReady = resolve;
});
// Electron emits `ready` on its own schedule, after the main module has run to its first await.
setTimeout(() => {
  isReady = true;
  record('app.ready');
  appEmitter.emit('ready');
  resolveReady();
}, 30);

export const app = withRecorder('app', {
  isPackaged: false,
  on: (event, listener) => {
    appEmitter.on(event, listener);
    return app;
  },
  once: (event, listener) => {
    appEmitter.once(event, listener);
    return app;
  },
  emit: (...args) => appEmitter.emit(...args),
  whenReady: () => readyPromise,
  isReady: () => isReady,
  getVersion: () => '0.0.0-fake',
  getName: () => 'Roomdeck',
  // The OS's languages, best first (what a panel with no configured language falls back to).
  getPreferredSystemLanguages: () => ['de-CH', 'en-GB'],
  getPath: (name) => paths.get(name) ?? `/tmp/fake-electron-${name}`,
  setPath: (name, value) => {
    record('app.setPath', { name, value });
    paths.set(name, value);
  },
  enableSandbox: () => record('app.enableSandbox', { beforeReady: !isReady }),
  requestSingleInstanceLock: () => true,
  focus: (options) => record('app.focus', { options }),
  quit: () => {
    record('app.quit');
    let prevented = false;
    appEmitter.emit('will-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    clearInterval(keepAlive);
    record('app.quit.done');
    process.exit(0);
  },
  exit: (code) => {
    record('app.exit', { code });
    process.exit(code);
  },
});

// ── protocol ───────────────────────────────────────────────────────────────────────────────────
const handlers = new Map();
export const protocol = withRecorder('protocol', {
  registerSchemesAsPrivileged: (schemes) => {
    record('protocol.registerSchemesAsPrivileged', { schemes, beforeReady: !isReady });
    if (isReady) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
  },
  handle: (scheme, handler) => {
    record('protocol.handle', { scheme, afterReady: isReady });
    handlers.set(scheme, handler);
  },
  isProtocolHandled: (scheme) => handlers.has(scheme),
});

// ── sessions ───────────────────────────────────────────────────────────────────────────────────
const sessions = new Map();
function fakeSession(partition) {
  return withRecorder(`session[${partition}]`, {
    partition,
    setPermissionRequestHandler: () => record('session.setPermissionRequestHandler', { partition }),
    setPermissionCheckHandler: () => record('session.setPermissionCheckHandler', { partition }),
    setDevicePermissionHandler: () => record('session.setDevicePermissionHandler', { partition }),
    webRequest: recorder(`session[${partition}].webRequest`),
    clearStorageData: async () => record('session.clearStorageData', { partition }),
  });
}
export const session = {
  get defaultSession() {
    if (!sessions.has('')) sessions.set('', fakeSession(''));
    return sessions.get('');
  },
  fromPartition(partition) {
    if (!sessions.has(partition)) sessions.set(partition, fakeSession(partition));
    return sessions.get(partition);
  },
};

// ── ipcMain ────────────────────────────────────────────────────────────────────────────────────
const ipcHandlers = new Map();
export const ipcMain = withRecorder('ipcMain', {
  handle: (channel, handler) => ipcHandlers.set(channel, handler),
  removeHandler: (channel) => ipcHandlers.delete(channel),
  on: () => ipcMain,
});

/** Calls a bridge verb as a page in `contents` showing `url` would. */
async function invoke(contents, channel, args, url) {
  const handler = ipcHandlers.get(channel);
  if (handler === undefined) return { missing: channel };
  const frame = { url, parent: null, frameTreeNodeId: contents.mainFrame.frameTreeNodeId };
  return handler({ sender: contents, senderFrame: frame }, args);
}

// ── windows ────────────────────────────────────────────────────────────────────────────────────
let nextId = 1;
class FakeWebContents extends EventEmitter {
  constructor(win, options) {
    super();
    this.id = nextId++;
    this.window = win;
    this.session = session.fromPartition(options.webPreferences?.partition ?? '');
    this.mainFrame = { url: '', parent: null, frameTreeNodeId: this.id * 100 };
    // biome-ignore lint/correctness/noConstructorReturn: the proxy records calls to APIs this fake does not model
    return withRecorder(`webContents#${this.id}`, this);
  }
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  getURL() {
    return this.mainFrame.url;
  }
  isDestroyed() {
    return this.destroyed === true;
  }
  /** What the main process sends the page (live events): recorded with the channel and the data. */
  send(channel, ...args) {
    record('webContents.send', { id: this.id, channel, args });
  }
}

export class BrowserWindow extends EventEmitter {
  static #all = [];
  static getAllWindows() {
    return BrowserWindow.#all.filter((w) => !w.destroyed);
  }
  constructor(options = {}) {
    super();
    this.options = options;
    this.destroyed = false;
    this.visible = false;
    this.webContents = new FakeWebContents(this, options);
    BrowserWindow.#all.push(this);
    record('BrowserWindow.new', { id: this.webContents.id, beforeReady: !isReady, options });
    appEmitter.emit('web-contents-created', {}, this.webContents);
    // biome-ignore lint/correctness/noConstructorReturn: the proxy records calls to APIs this fake does not model
    return withRecorder(`BrowserWindow#${this.webContents.id}`, this);
  }
  async loadURL(url) {
    const id = this.webContents.id;
    record('BrowserWindow.loadURL', { id, url });
    this.webContents.mainFrame.url = url;
    const scheme = url.slice(0, url.indexOf(':'));
    if (handlers.has(scheme)) {
      const response = await handlers.get(scheme)({ url, method: 'GET' });
      const body = await response.text();
      record('protocol.response', {
        id,
        url,
        status: response.status,
        contentType: response.headers.get('content-type'),
        csp: response.headers.get('content-security-policy'),
        bodyStart: body.slice(0, 200),
      });
    }
    setTimeout(() => this.afterLoad(url), 10);
  }
  async afterLoad(url) {
    this.emit('ready-to-show');
    // Only the app window (it has the preload) uses the bridge: ask it what a page would ask first.
    if (this.options.webPreferences?.preload === undefined) return;
    const id = this.webContents.id;
    for (const [channel, args] of [
      ['session:status', {}],
      ['config:get', {}],
    ]) {
      record('ipc.result', {
        id,
        channel,
        pageUrl: url,
        result: await invoke(this.webContents, channel, args, url),
      });
    }
    const foreign = await invoke(this.webContents, 'session:status', {}, 'file:///etc/passwd');
    record('ipc.foreign', { id, result: foreign });
    // More app:// requests, as the page's own fetches would make them.
    for (const extra of (process.env.ROOMDECK_FAKE_EXTRA_LOADS ?? '').split(',').filter(Boolean)) {
      const response = await handlers.get('app')({ url: extra, method: 'GET' });
      record('protocol.response', {
        id,
        url: extra,
        status: response.status,
        bodyStart: (await response.text()).slice(0, 200),
      });
    }
    if (process.env.ROOMDECK_FAKE_SIGN_IN === '1') {
      record('ipc.result', {
        id,
        channel: 'session:signIn',
        result: await invoke(this.webContents, 'session:signIn', {}, url),
      });
    }
    // The page watching a module on the live channel: `systemId:Module:index`.
    const watch = process.env.ROOMDECK_FAKE_LIVE_WATCH;
    if (watch) {
      const [systemId, module, index] = watch.split(':');
      const args = {
        watcher: `fake-page-${id}-watcher`,
        id: systemId,
        targets: [{ module, index: Number(index) }],
      };
      record('ipc.result', {
        id,
        channel: 'live:watch',
        result: await invoke(this.webContents, 'live:watch', args, url),
      });
    }
  }
  show() {
    this.visible = true;
    record('BrowserWindow.show', { id: this.webContents.id });
  }
  isVisible() {
    return this.visible;
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    record('BrowserWindow.close', { id: this.webContents.id });
    this.emit('closed');
    this.webContents.destroyed = true;
    this.webContents.emit('destroyed');
  }
}

// ── the rest ───────────────────────────────────────────────────────────────────────────────────
export const dialog = withRecorder('dialog', {
  showErrorBox: (title, content) => record('dialog.showErrorBox', { title, content }),
});
export const shell = withRecorder('shell', {
  openExternal: async (url) => record('shell.openExternal', { url }),
});
export const Menu = withRecorder('Menu', {
  setApplicationMenu: (menu) => record('Menu.setApplicationMenu', { menu }),
});
const cipher = (text) => Buffer.from(`fake:${Buffer.from(text).toString('base64')}`);
const plain = (buffer) => Buffer.from(buffer.toString().slice(5), 'base64').toString();
export const safeStorage = withRecorder('safeStorage', {
  isEncryptionAvailable: () => true,
  isAsyncEncryptionAvailable: async () => {
    record('safeStorage.isAsyncEncryptionAvailable');
    return true;
  },
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text) => cipher(text),
  decryptString: (buffer) => plain(buffer),
  encryptStringAsync: async (text) => cipher(text),
  decryptStringAsync: async (buffer) => ({ result: plain(buffer), shouldReEncrypt: false }),
});
export const net = withRecorder('net', {
  fetch: (input, init) => {
    record('net.fetch', { url: typeof input === 'string' ? input : input.url });
    return globalThis.fetch(input, init);
  },
  isOnline: () => true,
});

export const autoUpdater = recorder('autoUpdater');
export const BaseWindow = BrowserWindow;
export const BrowserView = recorder('BrowserView');
export const clipboard = recorder('clipboard');
export const contentTracing = recorder('contentTracing');
export const crashReporter = recorder('crashReporter');
export const desktopCapturer = recorder('desktopCapturer');
export const globalShortcut = recorder('globalShortcut');
export const MenuItem = recorder('MenuItem');
export const nativeImage = recorder('nativeImage');
export const nativeTheme = recorder('nativeTheme');
export const Notification = recorder('Notification');
export const powerMonitor = withRecorder('powerMonitor', {
  on: () => powerMonitor,
  getSystemIdleTime: () => 0,
});
export const powerSaveBlocker = withRecorder('powerSaveBlocker', {
  start: (type) => {
    record('powerSaveBlocker.start', { type });
    return 1;
  },
  stop: (id) => record('powerSaveBlocker.stop', { id }),
  isStarted: () => false,
});
export const screen = withRecorder('screen', {
  getPrimaryDisplay: () => ({
    id: 1,
    bounds: { x: 0, y: 0, width: 1280, height: 800 },
    touchSupport: 'available',
  }),
  getAllDisplays: () => [
    { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 }, touchSupport: 'available' },
  ],
  on: () => screen,
});
export const systemPreferences = recorder('systemPreferences');
export const Tray = recorder('Tray');
export const utilityProcess = recorder('utilityProcess');
export const webContents = withRecorder('webContents', { getAllWebContents: () => [] });
export const webFrameMain = recorder('webFrameMain');
export const WebContentsView = recorder('WebContentsView');

const electron = {
  app,
  autoUpdater,
  BaseWindow,
  BrowserView,
  BrowserWindow,
  clipboard,
  contentTracing,
  crashReporter,
  desktopCapturer,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  MenuItem,
  nativeImage,
  nativeTheme,
  net,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  Tray,
  utilityProcess,
  webContents,
  webFrameMain,
  WebContentsView,
};
export default electron;
