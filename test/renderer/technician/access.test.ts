import { describe, expect, it } from 'vitest';
import type { RoomdeckApi, TechnicianAccess, UnlockResult } from '#contract';
import { BridgeError } from '../../../renderer/src/lib/bridge/bridge.ts';
import { TechnicianAccessModel } from '../../../renderer/src/lib/technician/access/access.svelte.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeBridge } from './fake-bridge.ts';

const RIGHT = '4829';

/** The main process's gate, faked: the PIN, the tries and the lock as the real one reports them. */
function fakeGate(clock: FakeClock) {
  const gate = {
    open: false,
    tries: 5,
    lockedUntil: 0,
    session: 'signed-out' as TechnicianAccess['session']['state'],
    closes: 0,
    touches: 0,
    cancels: 0,
  };
  const access = (): TechnicianAccess => ({
    available: true,
    open: gate.open,
    triesLeft: gate.tries,
    retryInMs: Math.max(0, gate.lockedUntil - clock.now()),
    idleTimeoutMs: 60_000,
    session: { state: gate.session, reason: null, server: 'http://127.0.0.1:1' },
  });
  const technician: RoomdeckApi['technician'] = {
    status: async () => access(),
    unlock: async ({ pin }): Promise<UnlockResult> => {
      if (clock.now() < gate.lockedUntil) return { outcome: 'locked', access: access() };
      if (pin === RIGHT) {
        gate.open = true;
        gate.tries = 5;
        return { outcome: 'opened', access: access() };
      }
      gate.tries--;
      if (gate.tries === 0) {
        gate.tries = 5;
        gate.lockedUntil = clock.now() + 60_000;
        return { outcome: 'locked', access: { ...access(), triesLeft: 0 } };
      }
      return { outcome: 'wrong', access: access() };
    },
    signIn: async () => {
      gate.session = 'signing-in';
      return { status: access().session, navigateTo: 'http://127.0.0.1:1/auth/oauth/authorize?state=s' };
    },
    // A service without sign-in by phone: the drawer falls back to the service's page.
    deviceSignIn: async () => ({ status: access().session, device: null }),
    cancelSignIn: async () => {
      gate.cancels++;
      gate.session = 'signed-out';
      return access();
    },
    touch: async () => {
      gate.touches++;
      return access();
    },
    close: async () => {
      gate.closes++;
      gate.open = false;
      gate.session = 'signed-out';
      return access();
    },
  };
  return { gate, technician };
}

function setup() {
  const clock = new FakeClock();
  const { gate, technician } = fakeGate(clock);
  const panel = fakeBridge().api;
  const tools = fakeBridge();
  const went: string[] = [];
  const options = {
    api: { ...panel, technician },
    tools: tools.api,
    nav: { assign: (url: string) => went.push(url) },
    clock,
  };
  const model = new TechnicianAccessModel(options);
  /** The page loads again (back from the service's sign-in page): a new model, the same gate. */
  const reload = () => new TechnicianAccessModel(options);
  return { clock, gate, model, went, tools, reload };
}

const type = (model: TechnicianAccessModel, pin: string) => {
  for (const d of pin) model.press(d);
};

describe('technician access on a kiosk (renderer)', () => {
  it('says how many tries are left after a wrong PIN, and never keeps the digits', async () => {
    const { model } = setup();
    await model.load();
    model.begin();
    expect(model.phase).toBe('pin');
    type(model, '1111');
    expect(model.typed).toBe(4);
    await model.submit();
    expect(model.typed).toBe(0);
    expect(model.feedback).toEqual({ kind: 'wrong', text: 'Wrong PIN, 4 tries left.' });
  });

  it('locks the pad with the time left after five wrong PINs, then lets the right one in', async () => {
    const { model, clock } = setup();
    await model.load();
    model.begin();
    for (let i = 0; i < 5; i++) {
      type(model, '0000');
      await model.submit();
    }
    expect(model.lockedForS).toBe(60);
    expect(model.feedback?.text).toBe('Too many wrong PINs. Locked for 60 s.');
    type(model, RIGHT);
    expect(model.typed).toBe(0);
    await clock.advance(45_000);
    model.activity();
    expect(model.lockedForS).toBe(15);
    await clock.advance(15_000);
    expect(model.lockedForS).toBe(0);
    type(model, RIGHT);
    await model.submit();
    expect(model.phase).toBe('sign-in');
  });

  it('sends the technician to the service’s sign-in page (browser host) and reopens the tools on return', async () => {
    const { model, went, gate, reload } = setup();
    await model.load();
    model.begin();
    type(model, RIGHT);
    await model.submit();
    await model.signIn();
    expect(went).toEqual(['http://127.0.0.1:1/auth/oauth/authorize?state=s']);
    gate.session = 'signed-in';
    const back = reload();
    await back.load();
    expect(back.phase).toBe('open');
  });

  it('opens the service’s sign-in page in a window over the panel, with Cancel in the drawer', async () => {
    const went: string[] = [];
    const opened: { url: string; closed: boolean; focused: number }[] = [];
    const withWindow = new TechnicianAccessModel({
      api: { ...fakeBridge().api, technician: fakeGate(new FakeClock()).technician },
      tools: fakeBridge().api,
      nav: {
        assign: (url: string) => went.push(url),
        open: (url: string) => {
          const win = {
            url,
            closed: false,
            focused: 0,
            focus: () => {
              win.focused++;
            },
            close: () => {
              win.closed = true;
            },
          };
          opened.push(win);
          return win;
        },
      },
      clock: new FakeClock(),
    });
    await withWindow.load();
    withWindow.begin();
    type(withWindow, RIGHT);
    await withWindow.submit();
    await withWindow.signIn();
    // The panel stays: nothing navigated, the page in a window of its own.
    expect(went).toEqual([]);
    expect(opened.map((w) => w.url)).toEqual(['http://127.0.0.1:1/auth/oauth/authorize?state=s']);
    expect(withWindow.phase).toBe('signing-in');
    expect(withWindow.inWindow).toBe(true);
    await withWindow.cancelSignIn();
    expect(opened[0]?.closed).toBe(true);
    expect(withWindow.phase).toBe('sign-in');
    expect(withWindow.inWindow).toBe(false);
    expect(withWindow.reason).toBe('Sign-in cancelled. Sign in with your phone, or on this panel again.');
  });

  it('closes after the inactivity timeout, signing the technician out', async () => {
    const { model, clock, gate } = setup();
    await model.load();
    model.begin();
    type(model, RIGHT);
    await model.submit();
    gate.session = 'signed-in';
    await model.load();
    await clock.advance(59_000);
    expect(model.phase).not.toBe('closed');
    expect(model.secondsLeft).toBe(1);
    await clock.advance(1_000);
    expect(model.phase).toBe('closed');
    expect(gate.closes).toBe(1);
    expect(gate.session).toBe('signed-out');
  });

  it('closes the drawer when the main process locked the gate behind the tools’ back', async () => {
    const { gate, tools, reload } = setup();
    (tools.api.systems as { list: RoomdeckApi['systems']['list'] }).list = async () => {
      throw new BridgeError({ code: 'ROOMDECK_TECHNICIAN_LOCKED', message: 'closed' });
    };
    gate.open = true;
    gate.session = 'signed-in';
    const model = reload();
    await model.load();
    expect(model.phase).toBe('open');
    await expect(model.tools.systems.list({})).rejects.toThrow('closed');
    expect(model.phase).toBe('closed');
  });

  it('a kiosk without technician access offers no way in', async () => {
    const { model } = setup();
    const noPin = new TechnicianAccessModel({
      api: {
        ...fakeBridge().api,
        technician: {
          ...fakeGate(new FakeClock()).technician,
          status: async () => ({
            available: false,
            open: false,
            triesLeft: 5,
            retryInMs: 0,
            idleTimeoutMs: 120_000,
            session: { state: 'signed-out', reason: null, server: '' },
          }),
        },
      },
      tools: fakeBridge().api,
      nav: { assign: () => undefined },
      clock: new FakeClock(),
    });
    await noPin.load();
    noPin.begin();
    expect(noPin.available).toBe(false);
    expect(noPin.phase).toBe('closed');
    await model.load();
    expect(model.available).toBe(true);
  });
});
