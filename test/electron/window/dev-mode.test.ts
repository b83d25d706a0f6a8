import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../electron/window/app-protocol.ts';
import { chooseRenderer, isLoopbackDevServer } from '../../../electron/window/dev-mode.ts';

const choose = (argv: string[], url?: string, isPackaged = false) =>
  chooseRenderer({ argv, env: url === undefined ? {} : { ROOMDECK_RENDERER_URL: url }, isPackaged });

describe('the renderer the window loads', () => {
  it('is the bundle on app:// without DevTools by default', () => {
    expect(choose([])).toEqual({ appUrl: APP_ENTRY_URL, devTools: false, ignored: null });
  });

  it('ignores ROOMDECK_RENDERER_URL without --dev, and says so', () => {
    const choice = choose([], 'http://127.0.0.1:5173/');
    expect(choice.appUrl).toBe(APP_ENTRY_URL);
    expect(choice.devTools).toBe(false);
    expect(choice.ignored).toMatch(/--dev/);
  });

  it('loads a loopback dev server with DevTools under --dev', () => {
    expect(choose(['--dev'], 'http://127.0.0.1:5173/')).toEqual({
      appUrl: 'http://127.0.0.1:5173/',
      devTools: true,
      ignored: null,
    });
    expect(choose(['--kiosk', '--dev'], 'http://localhost:5173').appUrl).toBe('http://localhost:5173/');
  });

  it('gives DevTools to --dev alone, on the bundle', () => {
    expect(choose(['--dev'])).toEqual({ appUrl: APP_ENTRY_URL, devTools: true, ignored: null });
  });

  it('refuses a dev server that is not plain http on this machine', () => {
    for (const url of [
      'https://127.0.0.1:5173/',
      'http://192.168.1.10:5173/',
      'http://evil.example/',
      'http://127.0.0.1.evil.example/',
      'http://user:pw@127.0.0.1:5173/',
      'file:///tmp/index.html',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const choice = choose(['--dev'], url);
      expect(choice.appUrl, url).toBe(APP_ENTRY_URL);
      expect(choice.ignored, url).toMatch(/this machine/);
    }
  });

  it('has no dev mode at all in an installed app', () => {
    const choice = choose(['--dev'], 'http://127.0.0.1:5173/', true);
    expect(choice).toMatchObject({ appUrl: APP_ENTRY_URL, devTools: false });
    expect(choice.ignored).toMatch(/installed/);
  });

  it('knows a loopback dev server', () => {
    expect(isLoopbackDevServer('http://[::1]:5173/')).toBe(true);
    expect(isLoopbackDevServer('http://127.0.0.2:5173/')).toBe(true);
    expect(isLoopbackDevServer('http://0.0.0.0:5173/')).toBe(false);
  });
});
