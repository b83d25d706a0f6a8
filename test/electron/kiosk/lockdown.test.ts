import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config/load.ts';
import {
  cursorHidden,
  guardKioskQuit,
  HIDDEN_CURSOR_CSS,
  isBlockedKey,
  lockKioskWindow,
  QuitGate,
} from '../../../electron/kiosk/lockdown.ts';
import { windowOptions } from '../../../electron/window/preferences.ts';
import { FakeApp, FakeEvent, FakeWindow } from './fake-window.ts';

function lockedWindow(hideCursor = true) {
  const win = new FakeWindow();
  const gate = new QuitGate();
  lockKioskWindow(win, { gate, hideCursor });
  return { win, gate, contents: win.webContents };
}

describe('a kiosk window’s options', () => {
  it('fill the screen with no frame, no menu, no rounded corners, and no close, move or resize', () => {
    const options = windowOptions({ preloadPath: '/app/preload.cjs', kiosk: true });
    expect(options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      autoHideMenuBar: true,
      roundedCorners: false,
      closable: false,
      minimizable: false,
      movable: false,
      resizable: false,
    });
    expect(options.webPreferences?.devTools).toBe(false);
  });

  it('are only for a kiosk: a technician’s window is an ordinary one', () => {
    const options = windowOptions({ preloadPath: '/app/preload.cjs', kiosk: false });
    expect(options.kiosk).toBeUndefined();
    expect(options.closable).toBeUndefined();
  });
});

describe('closing a kiosk window', () => {
  it('is refused from the window manager (Alt+F4 on Linux ignores closable: false)', () => {
    const { win } = lockedWindow();
    expect(win.tryClose()).toBe(true);
  });

  it('goes through once a quit was authorized', () => {
    const { win, gate } = lockedWindow();
    gate.authorize();
    expect(win.tryClose()).toBe(false);
  });
});

describe('the keys a kiosk swallows', () => {
  const blocked: Array<[string, Parameters<FakeWindow['webContents']['press']>[0]]> = [
    ['Alt+F4', { key: 'F4', alt: true }],
    ['Ctrl+F4', { key: 'F4', control: true }],
    ['Cmd+Q', { key: 'q', meta: true }],
    ['Cmd+H', { key: 'h', meta: true }],
    ['Cmd+M', { key: 'm', meta: true }],
    ['Ctrl+Shift+Q', { key: 'Q', control: true, shift: true }],
    ['Ctrl+W', { key: 'w', control: true }],
    ['Cmd+W', { key: 'w', meta: true }],
    ['Ctrl+R', { key: 'r', control: true }],
    ['Ctrl+Shift+R', { key: 'R', control: true, shift: true }],
    ['Cmd+R', { key: 'r', meta: true }],
    ['F5', { key: 'F5' }],
    ['Ctrl+F5', { key: 'F5', control: true }],
    ['F11', { key: 'F11' }],
    ['F12', { key: 'F12' }],
    ['Ctrl+Shift+I', { key: 'I', control: true, shift: true }],
    ['Ctrl+Shift+J', { key: 'J', control: true, shift: true }],
    ['Cmd+Alt+I', { key: 'i', meta: true, alt: true }],
    ['Ctrl+Shift+C', { key: 'C', control: true, shift: true }],
    ['Cmd+Ctrl+F', { key: 'f', meta: true, control: true }],
    ['Ctrl++', { key: '+', control: true, shift: true }],
    ['Ctrl+=', { key: '=', control: true }],
    ['Ctrl+-', { key: '-', control: true }],
    ['Cmd+0', { key: '0', meta: true }],
    ['Ctrl+numpad +', { key: '+', code: 'NumpadAdd', control: true }],
    ['Ctrl+numpad -', { key: '-', code: 'NumpadSubtract', control: true }],
  ];
  for (const [name, input] of blocked) {
    it(`swallows ${name}`, () => {
      expect(lockedWindow().contents.press(input)).toBe(true);
    });
  }

  const allowed: Array<[string, Parameters<FakeWindow['webContents']['press']>[0]]> = [
    ['a letter', { key: 'a' }],
    ['Enter', { key: 'Enter' }],
    ['Tab', { key: 'Tab' }],
    ['Escape', { key: 'Escape' }],
    ['a digit', { key: '0' }],
    ['minus in a text field', { key: '-' }],
    ['Ctrl+A (select all)', { key: 'a', control: true }],
    ['F4 alone', { key: 'F4' }],
    ['Shift+R', { key: 'R', shift: true }],
  ];
  for (const [name, input] of allowed) {
    it(`lets ${name} through to the page`, () => {
      expect(lockedWindow().contents.press(input)).toBe(false);
    });
  }

  it('agrees with the pure rule the listener applies', () => {
    expect(
      isBlockedKey({ type: 'keyUp', key: 'F4', alt: true, control: false, meta: false, shift: false }),
    ).toBe(true);
  });
});

describe('zoom on a kiosk', () => {
  it('locks pinch zoom and resets the zoom factor after every load', () => {
    const { contents } = lockedWindow();
    contents.zoomFactor = 1.5;
    contents.emit('did-finish-load');
    expect(contents.visualZoomLimits).toEqual([1, 1]);
    expect(contents.zoomFactor).toBe(1);
  });

  it('undoes Ctrl+wheel and trackpad zoom at once', () => {
    const { contents } = lockedWindow();
    contents.zoomFactor = 1.1;
    contents.emit('zoom-changed', new FakeEvent(), 'in');
    expect(contents.zoomFactor).toBe(1);
  });
});

describe('the pointer on a kiosk', () => {
  it('is hidden on every page the window loads when hiding is on', () => {
    const { contents } = lockedWindow(true);
    contents.emit('did-finish-load');
    contents.emit('did-finish-load');
    expect(contents.css).toEqual([HIDDEN_CURSOR_CSS, HIDDEN_CURSOR_CSS]);
    expect(HIDDEN_CURSOR_CSS).toContain('cursor: none !important');
  });

  it('stays when hiding is off (a panel with a mouse)', () => {
    const { contents } = lockedWindow(false);
    contents.emit('did-finish-load');
    expect(contents.css).toEqual([]);
  });

  it('is hidden by default on a kiosk, shown elsewhere, and the setting wins over both', () => {
    expect(cursorHidden({ kiosk: true })).toBe(true);
    expect(cursorHidden({ kiosk: false })).toBe(false);
    expect(cursorHidden({ kiosk: true, hideCursor: false })).toBe(false);
    expect(cursorHidden({ kiosk: false, hideCursor: true })).toBe(true);
  });

  it('is configured by flag, environment or file, with the support contact beside it', () => {
    const files: Record<string, string> = {
      '/data/config.json': JSON.stringify({ hideCursor: false, supportContact: 'AV desk, ext. 4357' }),
    };
    const load = (argv: string[], env: Record<string, string> = {}) =>
      loadConfig({
        argv,
        env,
        platform: 'linux',
        homedir: '/home/panel',
        cwd: '/',
        machineFile: null,
        readFile: (file) => files[file] ?? null,
        fileMode: () => 0o600,
      }).config;
    const fromFile = load(['--data-dir', '/data']);
    expect(fromFile.hideCursor).toBe(false);
    expect(fromFile.supportContact).toBe('AV desk, ext. 4357');
    expect(load(['--data-dir', '/data', '--hide-cursor']).hideCursor).toBe(true);
    expect(load(['--data-dir', '/data'], { ROOMDECK_HIDE_CURSOR: 'yes' }).hideCursor).toBe(true);
    expect(load(['--data-dir', '/data', '--support-contact', 'Helpdesk 555-0100']).supportContact).toBe(
      'Helpdesk 555-0100',
    );
    expect(load(['--data-dir', '/elsewhere']).hideCursor).toBeUndefined();
  });
});

describe('quitting a kiosk', () => {
  it('is refused unless authorized, and a window is made sure of when refused', () => {
    const app = new FakeApp();
    const gate = new QuitGate();
    let refused = 0;
    guardKioskQuit(app, gate, () => refused++);
    app.quit();
    expect(app.quits).toBe(0);
    expect(refused).toBe(1);
    gate.authorize();
    app.quit();
    expect(app.quits).toBe(1);
    expect(refused).toBe(1);
  });
});
