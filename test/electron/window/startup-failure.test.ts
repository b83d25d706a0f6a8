import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { ConfigInvalidError } from '../../../core/config/load.ts';
import {
  describeStartupFailure,
  showStartupFailure,
  type StartupFailureDeps,
  startupFailurePageUrl,
} from '../../../electron/window/startup-failure.ts';

const pageText = (url: string) => decodeURIComponent(url.slice(url.indexOf(',') + 1));

function deps(over: Partial<StartupFailureDeps> = {}) {
  const record = {
    windows: [] as BrowserWindowConstructorOptions[],
    loaded: [] as string[],
    boxes: [] as string[],
    exits: [] as number[],
  };
  const full: StartupFailureDeps = {
    whenReady: async () => undefined,
    createWindow: (options) => {
      record.windows.push(options);
      return {
        loadURL: async (url) => {
          record.loaded.push(url);
        },
      };
    },
    showErrorBox: (title, content) => record.boxes.push(`${title}: ${content}`),
    exit: (code) => record.exits.push(code),
    log: () => undefined,
    kiosk: false,
    ...over,
  };
  return { deps: full, record };
}

describe('a start-up failure', () => {
  it('is shown in a window that says what went wrong and what to do, and the process stays', async () => {
    const { deps: d, record } = deps();
    await showStartupFailure(new Error('EACCES: permission denied, mkdir /var/lib/roomdeck'), d);
    expect(record.windows).toHaveLength(1);
    expect(record.windows[0]?.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      javascript: false,
    });
    expect(record.windows[0]?.webPreferences?.preload).toBeUndefined();
    const page = pageText(record.loaded[0]!);
    expect(page).toContain('Roomdeck cannot start');
    expect(page).toContain('EACCES: permission denied');
    expect(page).toContain('What to do');
    expect(record.exits).toEqual([]);
  });

  it('fills a kiosk panel’s screen', async () => {
    const { deps: d, record } = deps({ kiosk: true });
    await showStartupFailure(new Error('x'), d);
    expect(record.windows[0]).toMatchObject({ kiosk: true, fullscreen: true });
  });

  it('names each configuration problem and who can fix it', () => {
    const failure = describeStartupFailure(
      new ConfigInvalidError([{ key: 'serverUrl', source: 'flag --server', message: 'must use https' }]),
    );
    expect(failure.what).toContain('serverUrl (flag --server): must use https');
    expect(failure.todo).toMatch(/installer/);
  });

  it('falls back to a native error box and exits when no window can be shown', async () => {
    const { deps: d, record } = deps({
      createWindow: () => {
        throw new Error('no display');
      },
    });
    await showStartupFailure(new Error('vault broken'), d);
    expect(record.boxes[0]).toContain('vault broken');
    expect(record.exits).toEqual([2]);
  });

  it('escapes what it shows: an error message cannot inject markup', () => {
    const page = pageText(
      startupFailurePageUrl(describeStartupFailure(new Error('<img src=x onerror=alert(1)>'))),
    );
    expect(page).not.toContain('<img');
    expect(page).toContain('&#60;img');
    expect(page).toContain("default-src 'none'");
  });
});
