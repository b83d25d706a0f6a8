import type { IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type DomainName } from '../../contract/verbs.ts';
import type { BridgeResponse } from '../../contract/errors.ts';
import { type FrameLike, registerIpcBridge } from '../../electron/ipc.ts';
import { hashPin } from '../../core/technician/pin.ts';
import { appUrlMatcher } from '../../electron/window/app-origin.ts';
import { APP_ENTRY_URL } from '../../electron/window/app-protocol.ts';
import { type RunningSimulator, startSimulator } from '../../simulator/server.ts';
import { sampleArgs } from '../support/fake-api.ts';
import { ciAccount, servicesFor } from '../support/services.ts';

/**
 * Attack, over IPC: on a kiosk whose PIN gate is closed, the page (or whoever
 * took it over) calls technician-only verbs on the panel's own channels (`diagnostics:export`,
 * `enrolment:begin`, …) instead of the technician's `technician/…` ones. Each is refused with
 * ROOMDECK_TECHNICIAN_LOCKED and the panel stays signed in. The real main-process services (a
 * kiosk with a PIN, its managed account signed in against the simulator) behind the real IPC
 * transport, as main.ts registers them; only `ipcMain` and the window are the IPC tests' fakes.
 */

type Listener = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;
const PIN = '482913';
let sim: RunningSimulator;
let technicianPin: string;

beforeAll(async () => {
  sim = await startSimulator({});
  technicianPin = await hashPin(PIN, { N: 1024, r: 8, p: 1 });
});
afterAll(async () => {
  await sim.close();
});

/** Main's composition: the panel's api on `domain:verb`, the technician's on `technician/…`. */
function panelOverIpc(kiosk: boolean) {
  const { services, log } = servicesFor(sim.url, {
    config: {
      ...ciAccount,
      serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
      kiosk,
      technicianPin,
    },
  });
  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handle: (channel: string, listener: Listener) => {
      handlers.set(channel, listener);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const mainFrame: FrameLike = { url: APP_ENTRY_URL, parent: null, frameTreeNodeId: 1 };
  const contents = { mainFrame };
  const common = { ipcMain, appContents: () => contents, isAppUrl: appUrlMatcher(APP_ENTRY_URL) };
  registerIpcBridge({ ...common, api: services.api });
  registerIpcBridge({ ...common, api: services.technicianApi, prefix: 'technician' });
  // The trusted sender: the app window's top frame on the app's own page.
  const invoke = async (channel: string, args: unknown = {}) => {
    const listener = handlers.get(channel);
    if (listener === undefined) throw new Error(`no handler for ${channel}`);
    const event = { sender: contents, senderFrame: mainFrame } as unknown as IpcMainInvokeEvent;
    return (await listener(event, args)) as BridgeResponse<unknown>;
  };
  return { services, invoke, log };
}

const LOCKED = { ok: false, error: { code: 'ROOMDECK_TECHNICIAN_LOCKED' } };

describe('technician verbs on a kiosk’s panel channels, with the PIN gate closed', () => {
  it('diagnostics:export and enrolment:begin are refused, and the panel stays signed in', async () => {
    const { services, invoke, log } = panelOverIpc(true);
    await services.api.session.signIn({});
    expect(services.session.status().state).toBe('signed-in');
    const revocations = log.revocations;

    expect(await invoke('diagnostics:export')).toMatchObject(LOCKED);
    expect(await invoke('enrolment:begin')).toMatchObject(LOCKED);
    expect(await invoke('session:signOut')).toMatchObject(LOCKED);

    expect(services.session.status().state).toBe('signed-in');
    expect(log.revocations).toBe(revocations);
    const enrolment = await invoke('enrolment:status');
    expect(enrolment).toMatchObject({ ok: true, value: { enrolling: false } });
    // The panel still does its job: its room list answers.
    expect(await invoke('systems:list', { limit: 1 })).toMatchObject({ ok: true });
    services.dispose();
  });

  it('every verb the contract gives to technicians is refused on the panel’s channels', async () => {
    const { services, invoke } = panelOverIpc(true);
    await services.api.session.signIn({});
    const technicianVerbs = (Object.keys(contract) as DomainName[]).flatMap((domain) =>
      Object.entries(contract[domain])
        .filter(([, v]) => v.audience === 'technician')
        .map(([verb]) => `${domain}.${verb}`),
    );
    expect(technicianVerbs).toEqual(expect.arrayContaining(['diagnostics.export', 'enrolment.begin']));
    for (const name of technicianVerbs) {
      const [domain, verb] = name.split('.');
      expect(await invoke(`${domain}:${verb}`, sampleArgs[name] ?? {}), name).toMatchObject(LOCKED);
    }
    expect(services.session.status().state).toBe('signed-in');
    services.dispose();
  });

  it('opens with the PIN (and only then), as the technician’s own channels do', async () => {
    const { services, invoke } = panelOverIpc(true);
    await services.api.session.signIn({});
    expect(await invoke('technician:unlock', { pin: PIN })).toMatchObject({
      ok: true,
      value: { outcome: 'opened' },
    });
    expect(await invoke('diagnostics:export')).toMatchObject({
      ok: true,
      value: { bundle: { kind: 'roomdeck-diagnostics' } },
    });
    await invoke('technician:close');
    expect(await invoke('diagnostics:export')).toMatchObject(LOCKED);
    services.dispose();
  });

  it('off a kiosk nothing changes: the person at the computer exports diagnostics', async () => {
    const { services, invoke } = panelOverIpc(false);
    await services.api.session.signIn({});
    expect(await invoke('diagnostics:export')).toMatchObject({ ok: true });
    services.dispose();
  });
});
