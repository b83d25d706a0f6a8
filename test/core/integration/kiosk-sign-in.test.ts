import type { BrowserWindowConstructorOptions } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignInWindowOpener,
  SIGN_IN_PARTITION,
  type SignInWindowLike,
  signInNavigationAllowed,
  signInWindowOptions,
} from '../../../electron/window/sign-in-window.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { loginAndGetCallback, visit } from '../../support/browser.ts';
import { servicesFor } from '../../support/services.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

type Listener = (event: { url: string; preventDefault(): void }) => void;

/** Records what the opener does with its window; `closeByPerson` plays the window manager's close. */
class FakeSignInWindow implements SignInWindowLike {
  readonly loaded: string[] = [];
  readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  destroyed = false;
  shown = false;
  closeCalls = 0;
  constructor(readonly options: BrowserWindowConstructorOptions) {}
  readonly webContents = {
    on: (event: string, listener: (...args: never[]) => void) => this.#add(`contents:${event}`, listener),
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: 'deny' }) => {
      this.openHandler = handler;
    },
  };
  #add(name: string, listener: (...args: never[]) => void): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.#emit('ready-to-show');
  }
  once(event: string, listener: () => void): this {
    return this.#add(event, listener);
  }
  on(event: string, listener: () => void): this {
    return this.#add(event, listener);
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closeCalls++;
    if (this.destroyed) return;
    this.destroyed = true;
    this.#emit('closed');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** Did the window let a navigation to `url` happen? */
  navigate(url: string, kind = 'will-navigate'): boolean {
    let prevented = false;
    for (const listener of (this.listeners.get(`contents:${kind}`) ?? []) as Listener[]) {
      listener({ url, preventDefault: () => (prevented = true) });
    }
    return !prevented;
  }
  #emit(name: string): void {
    for (const listener of (this.listeners.get(name) ?? []) as (() => void)[]) listener();
  }
}

function kioskServices(signInTimeoutMs?: number) {
  const windows: FakeSignInWindow[] = [];
  let cleared = 0;
  const opener = createSignInWindowOpener({
    serverUrl: sim.url,
    createWindow: (options) => {
      const win = new FakeSignInWindow(options);
      windows.push(win);
      return win;
    },
    clearSession: async () => {
      cleared++;
    },
  });
  const { services } = servicesFor(sim.url, {
    config: { kiosk: true },
    signInMode: 'in-app-window',
    openSignInWindow: opener,
    openExternal: () => {
      throw new Error('a kiosk must never open the system browser');
    },
    ...(signInTimeoutMs === undefined ? {} : { signInTimeoutMs }),
  });
  return { services, windows, cleared: () => cleared };
}

async function waitFor(check: () => Promise<boolean> | boolean): Promise<void> {
  // Bounded by time, not by a count of tries, so a busy machine gets the same 15 s.
  for (const until = Date.now() + 15_000; Date.now() < until; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

describe('kiosk sign-in in an isolated in-app window', () => {
  it('signs in through the window and closes it after the callback, never opening a browser', async () => {
    const { services, windows, cleared } = kioskServices();
    const result = await services.api.session.signIn({});
    expect(result).toMatchObject({ navigateTo: null, status: { state: 'signing-in' } });
    expect(windows).toHaveLength(1);
    const win = windows[0]!;
    expect(win.shown).toBe(true);
    const authorizeUrl = win.loaded[0]!;
    expect(new URL(authorizeUrl).origin).toBe(new URL(sim.url).origin);

    // The person logs in on the service's page; the service redirects to the loopback receiver.
    const callback = await loginAndGetCallback(authorizeUrl);
    expect(win.navigate(callback.href, 'will-redirect')).toBe(true);
    expect((await visit(callback)).status).toBe(200);

    await waitFor(async () => (await services.api.session.status({})).state === 'signed-in');
    expect(win.destroyed).toBe(true);
    await waitFor(() => cleared() === 1);
    services.dispose();
  });

  it('gives the window its own in-memory partition, no preload, sandbox and isolation', () => {
    const { webPreferences } = signInWindowOptions();
    expect(webPreferences?.partition).toBe(SIGN_IN_PARTITION);
    expect(webPreferences?.partition?.startsWith('persist:')).toBe(false);
    expect(webPreferences?.preload).toBeUndefined();
    expect(webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      devTools: false,
    });
  });

  it('lets the window visit only the service and the exact loopback redirect', async () => {
    const { services, windows } = kioskServices();
    await services.api.session.signIn({});
    const win = windows[0]!;
    const redirect = new URL(new URL(win.loaded[0]!).searchParams.get('redirect_uri')!);
    expect(win.navigate(`${sim.url}/auth/login?x=1`)).toBe(true);
    expect(win.navigate(`${redirect.href}?code=a&state=b`)).toBe(true);
    expect(win.navigate(`${redirect.origin}/elsewhere`)).toBe(false);
    expect(win.navigate('https://evil.example/phish')).toBe(false);
    expect(win.navigate('file:///etc/passwd', 'will-frame-navigate')).toBe(false);
    expect(win.openHandler?.({ url: `${sim.url}/help` })).toEqual({ action: 'deny' });
    services.dispose();
  });

  it('ends the sign-in at once, with a reason, when the person closes the window', async () => {
    const { services, windows } = kioskServices();
    await services.api.session.signIn({});
    const win = windows[0]!;
    const redirect = new URL(win.loaded[0]!).searchParams.get('redirect_uri')!;
    win.close();
    const status = await services.api.session.status({});
    expect(status.state).toBe('signed-out');
    expect(status.reason?.code).toBe('ROOMDECK_SIGN_IN_DENIED');
    // The loopback receiver is gone too: nothing is left listening for a code.
    await waitFor(async () => {
      try {
        await fetch(redirect);
        return false;
      } catch {
        return true;
      }
    });
    // And a new sign-in opens a new window.
    await services.api.session.signIn({});
    expect(windows).toHaveLength(2);
    services.dispose();
    expect(windows[1]!.destroyed).toBe(true);
  });

  it('refuses to open a sign-in page that is not on the service', async () => {
    const opener = createSignInWindowOpener({
      serverUrl: 'https://control.example/',
      createWindow: () => {
        throw new Error('no window may be created');
      },
    });
    await expect(
      opener('https://evil.example/authorize', 'http://127.0.0.1:5000/callback', () => undefined),
    ).rejects.toThrow(/not on the control service/);
    const allowed = signInNavigationAllowed('https://control.example/', 'http://127.0.0.1:5000/callback');
    expect(allowed('https://control.example/auth/oauth/authorize')).toBe(true);
    expect(allowed('http://127.0.0.1:5000/callback?code=1')).toBe(true);
    expect(allowed('http://127.0.0.1:5001/callback')).toBe(false);
    expect(allowed('javascript:alert(1)')).toBe(false);
  });

  it('closes the window when the sign-in times out', async () => {
    const { services, windows } = kioskServices(300);
    await services.api.session.signIn({});
    await waitFor(async () => (await services.api.session.status({})).state === 'signed-out');
    expect((await services.api.session.status({})).reason?.code).toBe('ROOMDECK_SIGN_IN_TIMEOUT');
    expect(windows[0]?.destroyed).toBe(true);
    services.dispose();
  });

  it('closes the window it owns on Cancel, though the page in it left for the service', async () => {
    const { services, windows } = kioskServices();
    await services.api.session.signIn({});
    // The window is on the service's login page: the main process, not the panel, holds it.
    expect(windows[0]?.navigate(`${sim.url}/auth/login`)).toBe(true);
    await services.api.session.cancelSignIn({});
    expect(windows[0]?.destroyed).toBe(true);
    services.dispose();
  });

  it('says the sign-in failed, and keeps nothing listening, when no window can be opened', async () => {
    let redirect: string | null = null;
    const { services } = servicesFor(sim.url, {
      config: { kiosk: true },
      signInMode: 'in-app-window',
      openSignInWindow: (_url, redirectUri) => {
        redirect = redirectUri;
        throw new Error('no display');
      },
    });
    const result = await services.api.session.signIn({});
    expect(result.status).toMatchObject({ state: 'signed-out', reason: { code: 'ROOMDECK_SIGN_IN_FAILED' } });
    expect(redirect).not.toBeNull();
    await waitFor(async () => {
      try {
        await fetch(redirect!);
        return false;
      } catch {
        return true;
      }
    });
    services.dispose();
  });
});
