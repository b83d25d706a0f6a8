import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { AppConfig, RoomdeckApi, SessionStatus } from '#contract';
import App from '../../renderer/src/App.svelte';
import { AppModel } from '../../renderer/src/lib/app/app.svelte.ts';
import { BridgeError } from '../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { NO_ROOM, PanelHeartbeat, type PanelState, UNKNOWN } from '../../renderer/src/lib/panel/heartbeat.ts';
import { contractApi, type VerbAnswers } from '../support/contract-api.ts';

const CONFIG: AppConfig = {
  serverUrl: 'http://127.0.0.1:8080',
  embeddedSimulator: false,
  systemId: null,
  systemLocked: false,
  kiosk: false,
  poll: { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 },
  panel: { screensaverAfterS: 120, stillUsingAfterS: 10_800, stillUsingAnswerS: 60 },
  language: { locale: null, languages: [], clock: 'locale', system: ['en-GB'] },
};

/** `session.boot` as the host answers it, from the fake's own status, config and systems.open. */
async function bootFrom(api: RoomdeckApi): ReturnType<RoomdeckApi['session']['boot']> {
  const status = await api.session.status({});
  const config = await api.config.get({});
  const systemId = config.systemId;
  if (status.state !== 'signed-in' || systemId === null) return { status, config, opening: null };
  const opening = await api.systems.open({ id: systemId }).then(
    (room) => ({ systemId, room }),
    (error: BridgeError) => ({ systemId, failure: { code: error.code, message: error.message } }),
  );
  return { status, config, opening };
}

/** Whole domains in `overrides` replace the defaults' (a test gives `systems: { open }` alone). */
function fakeApi(status: SessionStatus, overrides: Record<string, unknown> = {}): RoomdeckApi {
  const answers = {
    session: {
      status: vi.fn(async () => status),
      signIn: vi.fn(async () => ({
        status: { ...status, state: 'signing-in' },
        navigateTo: 'http://sim/authorize?x',
      })),
      signOut: vi.fn(),
      capabilities: vi.fn(async () => ({ may: {}, reasons: {}, technician: true })),
    },
    config: { get: vi.fn(async () => CONFIG), chooseSystem: vi.fn() },
    systems: {
      list: vi.fn(async () => ({ items: [], total: 0, offset: 0, limit: 8 })),
      zones: vi.fn(async () => ({ items: [], total: 0, offset: 0, limit: 500 })),
    },
    ...overrides,
  } as VerbAnswers;
  const api: RoomdeckApi = contractApi({
    ...answers,
    session: { boot: () => bootFrom(api), ...answers.session },
  });
  return api;
}

describe('the sign-in screen', () => {
  it('offers a big "Sign in" button and says why the last session ended, with what to do', async () => {
    const api = fakeApi({
      state: 'signed-out',
      reason: {
        code: 'ROOMDECK_SESSION_ENDED',
        message: 'Your session has ended (it expired or was revoked).',
      },
      server: 'http://127.0.0.1:8080',
    });
    const model = new AppModel(api, { assign: vi.fn() });
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your session has ended (it expired or was revoked).');
    expect(alert).toHaveTextContent('Sign in again');
    expect(screen.getByRole('status')).toHaveTextContent('Not signed in');
  });

  it('says why the session ended once: the service’s own words as evidence, no advice that repeats it', async () => {
    const sentence = 'Your session has ended (it expired or was revoked). Sign in again to continue.';
    const api = fakeApi({
      state: 'signed-out',
      reason: {
        code: 'ROOMDECK_SESSION_ENDED',
        message: `${sentence} (The service said: refresh token revoked)`,
      },
      server: 'http://127.0.0.1:8080',
    });
    const model = new AppModel(api, { assign: vi.fn() });
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.split(/expired or was revoked/i)).toHaveLength(2);
    expect(alert.textContent?.match(/sign in again/gi)).toHaveLength(1);
    expect(alert).toHaveTextContent('The service said: refresh token revoked');
  });

  it('goes to the service’s sign-in page in the browser host', async () => {
    const assign = vi.fn();
    const model = new AppModel(fakeApi({ state: 'signed-out', reason: null, server: 's' }), { assign });
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim/authorize?x'));
  });

  /** A session whose sign-in happens in the system browser (Electron): no page to navigate to. */
  function systemBrowserApi(statuses: SessionStatus[]): RoomdeckApi {
    const last = statuses.at(-1) as SessionStatus;
    return fakeApi(last, {
      session: {
        status: vi.fn(async () => statuses.shift() ?? last),
        signIn: vi.fn(async () => ({
          status: { state: 'signing-in' as const, reason: null, server: 's' },
          navigateTo: null,
        })),
        signOut: vi.fn(),
      },
    });
  }
  const at = (state: SessionStatus['state'], reason: SessionStatus['reason'] = null): SessionStatus => ({
    state,
    reason,
    server: 's',
  });

  it('follows a sign-in in the system browser until it completes, then shows the rooms', async () => {
    const api = systemBrowserApi([at('signed-out'), at('signing-in'), at('signing-in'), at('signed-in')]);
    const assign = vi.fn();
    const model = new AppModel(api, { assign }, async () => {});
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Choose a room' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
    expect(api.session.status).toHaveBeenCalledTimes(4);
  });

  it('shows why a sign-in in the system browser failed', async () => {
    const timedOut = { code: 'ROOMDECK_SIGN_IN_TIMEOUT', message: 'The sign-in was not completed in time.' };
    const api = systemBrowserApi([at('signed-out'), at('signing-in'), at('signed-out', timedOut)]);
    const model = new AppModel(api, { assign: vi.fn() }, async () => {});
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in was not completed in time.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  /** A sign-in in the system browser that stays open until the person cancels it. */
  function pendingSignInApi(config: AppConfig = CONFIG) {
    let state: SessionStatus['state'] = 'signed-out';
    const current = (): SessionStatus => ({ state, reason: null, server: 's' });
    const session = {
      status: vi.fn(async () => current()),
      signIn: vi.fn(async () => {
        state = 'signing-in';
        return { status: current(), navigateTo: null };
      }),
      signOut: vi.fn(),
      cancelSignIn: vi.fn(async () => {
        state = 'signed-out';
        return current();
      }),
      reopenSignIn: vi.fn(async () => ({ status: current(), navigateTo: null })),
    };
    const api = fakeApi(current(), {
      session,
      config: { get: vi.fn(async () => config), chooseSystem: vi.fn() },
    });
    return { api, session };
  }
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

  it('offers Cancel during a sign-in in the system browser: signed out at once, Sign in again', async () => {
    const { api, session } = pendingSignInApi();
    const model = new AppModel(api, { assign: vi.fn() }, tick);
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Open the browser again' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Signing in…');
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Not signed in');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(session.cancelSignIn).toHaveBeenCalledTimes(1);
  });

  it('opens the same sign-in in the browser again on request, and keeps waiting for it', async () => {
    const { api, session } = pendingSignInApi();
    const model = new AppModel(api, { assign: vi.fn() }, tick);
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Open the browser again' }));
    await vi.waitFor(() => expect(session.reopenSignIn).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Signing in…');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('in the browser host, "Open the browser again" goes to the sign-in page again', async () => {
    const { api, session } = pendingSignInApi();
    session.reopenSignIn.mockResolvedValue({
      status: { state: 'signing-in', reason: null, server: 's' },
      navigateTo: 'http://sim/authorize?again' as never,
    });
    const assign = vi.fn();
    const model = new AppModel(api, { assign }, tick);
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Open the browser again' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim/authorize?again'));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('offers neither on a kiosk panel, where no browser opens and nobody cancels', async () => {
    const { api } = pendingSignInApi({ ...CONFIG, kiosk: true });
    const model = new AppModel(api, { assign: vi.fn() }, tick);
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Signing in…'));
    expect(screen.queryByRole('button', { name: 'Open the browser again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    model.cancelSignIn();
  });

  it('comes back with the reason when a call ends the session mid-use', async () => {
    const model = new AppModel(fakeApi({ state: 'signed-in', reason: null, server: 's' }), {
      assign: vi.fn(),
    });
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    expect(await screen.findByRole('heading', { name: 'Choose a room' })).toBeVisible();
    model.sessionEnded(
      new BridgeError({ code: 'ROOMDECK_SESSION_ENDED', message: 'Your session has ended.' }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended.');
  });
});

describe('the heartbeat to the main process', () => {
  it('says "nothing known" while starting and "no room shown" on the sign-in screen', async () => {
    const sent: PanelState[] = [];
    const heartbeat = new PanelHeartbeat({
      clock: systemClock,
      send: async (state) => {
        sent.push(state);
        return null;
      },
    });
    heartbeat.start();
    try {
      const model = new AppModel(fakeApi({ state: 'signed-out', reason: null, server: 's' }), {
        assign: vi.fn(),
      });
      render(App, { props: { model, clock: systemClock, heartbeat } });
      expect(sent[0]).toEqual(UNKNOWN);
      await model.boot();
      await screen.findByRole('button', { name: 'Sign in' });
      await vi.waitFor(() => expect(sent.at(-1)).toEqual(NO_ROOM));
    } finally {
      heartbeat.stop();
    }
  });
});

describe('the way into the technician tools', () => {
  const signedIn: SessionStatus = { state: 'signed-in', reason: null, server: 's' };
  const withRole = (technician: boolean) => {
    const api = fakeApi(signedIn);
    (api.session as { capabilities: unknown }).capabilities = vi.fn(async () => ({
      may: {},
      reasons: {},
      technician,
    }));
    return api;
  };

  it('is offered to an account that may manage rooms or devices', async () => {
    const model = new AppModel(withRole(true), { assign: vi.fn() }, async () => {});
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    expect(await screen.findByRole('button', { name: 'Technician tools' })).toBeVisible();
  });

  it('is not there at all for an account that may only use rooms', async () => {
    const api = withRole(false);
    const model = new AppModel(api, { assign: vi.fn() }, async () => {});
    render(App, { props: { model, clock: systemClock } });
    await model.boot();
    expect(await screen.findByRole('heading', { name: 'Choose a room' })).toBeVisible();
    await vi.waitFor(() => expect(api.session.capabilities).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Technician tools' })).toBeNull();
  });
});

describe('start-up with a remembered room', () => {
  const signedIn: SessionStatus = { state: 'signed-in', reason: null, server: 's' };
  const remembered = (open: () => Promise<unknown>) =>
    fakeApi(signedIn, {
      config: { get: vi.fn(async () => ({ ...CONFIG, systemId: 'sys-a' })), chooseSystem: vi.fn() },
      systems: { open: vi.fn(open) },
    });

  it('gets the room in the boot answer, and hands that answer over once, to that room only', async () => {
    const opening = { detail: {}, types: {}, modules: [] };
    const api = remembered(async () => opening);
    const model = new AppModel(api, { assign: vi.fn() });
    await model.boot();
    expect(model.screen).toMatchObject({ name: 'panel', systemId: 'sys-a' });
    await expect(model.takeOpening('sys-a')).resolves.toBe(opening);
    expect(model.takeOpening('sys-a')).toBeNull();
    expect(api.systems.open).toHaveBeenCalledTimes(1);
    expect(api.systems.open).toHaveBeenCalledWith({ id: 'sys-a' });

    await model.boot();
    expect(model.takeOpening('sys-b')).toBeNull();
    expect(model.takeOpening('sys-a')).toBeNull();
  });

  it('keeps a room that failed to open in the boot answer for the panel to report, with its code', async () => {
    const api = remembered(async () => {
      throw new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'offline' });
    });
    const model = new AppModel(api, { assign: vi.fn() });
    await model.boot();
    await expect(model.takeOpening('sys-a')).rejects.toMatchObject({ code: 'ROOMDECK_OFFLINE' });
  });

  it('asks for no room when nobody is signed in', async () => {
    const api = fakeApi(
      { state: 'signed-out', reason: null, server: 's' },
      {
        systems: { open: vi.fn() },
      },
    );
    const model = new AppModel(api, { assign: vi.fn() });
    await model.boot();
    expect(api.systems.open).not.toHaveBeenCalled();
  });
});
