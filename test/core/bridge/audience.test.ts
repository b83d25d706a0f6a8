import { describe, expect, it } from 'vitest';
import { guardRoute, needsOpenGate } from '../../../core/bridge/audience.ts';
import { contract, type DomainName } from '../../../contract/verbs.ts';
import { AUDIENCES } from '../../../contract/verb.ts';
import { fakeApi } from '../../support/fake-api.ts';

/**
 * Every verb says who may call it (verb.ts), and one rule turns that into "the PIN gate must be
 * open" for every route (audience.ts). The table below is the audit: changing a verb's audience,
 * or adding a verb, means changing it here on purpose.
 */

const AUDIT: Readonly<Record<string, 'panel' | 'technician' | 'gate'>> = {
  // The panel's screens: sign-in, the room and its controls, the room picker, the heartbeat.
  'session.status': 'panel',
  'session.boot': 'panel',
  'session.signIn': 'panel',
  'session.cancelSignIn': 'panel',
  'session.reopenSignIn': 'panel',
  'session.capabilities': 'panel',
  'session.link': 'panel',
  'config.get': 'panel',
  'config.chooseSystem': 'panel',
  'systems.list': 'panel',
  'systems.get': 'panel',
  'systems.open': 'panel',
  'systems.exec': 'panel',
  'systems.state': 'panel',
  'systems.zones': 'panel',
  'panel.report': 'panel',
  'enrolment.status': 'panel',
  // Only a technician: signing the panel out, changing the fleet, enrolment, diagnostics.
  'session.signOut': 'technician',
  'systems.create': 'technician',
  'systems.update': 'technician',
  'systems.remove': 'technician',
  'systems.start': 'technician',
  'systems.stop': 'technician',
  'systems.funcs': 'technician',
  'systems.count': 'technician',
  'systems.types': 'technician',
  'modules.list': 'technician',
  'modules.get': 'technician',
  'modules.create': 'technician',
  'modules.update': 'technician',
  'modules.remove': 'technician',
  'modules.start': 'technician',
  'modules.stop': 'technician',
  'modules.ping': 'technician',
  'modules.state': 'technician',
  'modules.dependencies': 'technician',
  'enrolment.begin': 'technician',
  'enrolment.unenrol': 'technician',
  'diagnostics.export': 'technician',
  // The panel says what it shows; only a technician follows a module's log lines.
  'live.watch': 'panel',
  'live.status': 'panel',
  'live.debug': 'technician',
  'live.ignore': 'technician',
  // The gate's own verbs: how it opens and closes.
  'technician.status': 'gate',
  'technician.unlock': 'gate',
  'technician.signIn': 'gate',
  'technician.deviceSignIn': 'gate',
  'technician.cancelSignIn': 'gate',
  'technician.touch': 'gate',
  'technician.close': 'gate',
};

const declared = (Object.keys(contract) as DomainName[]).flatMap((domain) =>
  Object.entries(contract[domain]).map(([verb, v]) => ({
    name: `${domain}.${verb}`,
    v: v as { audience?: unknown },
  })),
);

describe('each verb’s declared audience', () => {
  it('every verb of the contract declares one of panel, technician, gate', () => {
    expect(declared.length).toBeGreaterThan(40);
    for (const { name, v } of declared) expect(AUDIENCES, name).toContain(v.audience);
  });

  it('matches the audit, verb for verb', () => {
    expect(Object.fromEntries(declared.map(({ name, v }) => [name, v.audience]))).toEqual(AUDIT);
  });
});

describe('the one rule', () => {
  it('the panel’s route: technician verbs need the gate on a kiosk only', () => {
    expect(needsOpenGate('panel', 'technician', true)).toBe(true);
    expect(needsOpenGate('panel', 'technician', false)).toBe(false);
    expect(needsOpenGate('panel', 'panel', true)).toBe(false);
    expect(needsOpenGate('panel', 'gate', true)).toBe(false);
  });

  it('the technician’s route: everything but the gate’s own verbs, kiosk or not', () => {
    for (const kiosk of [true, false]) {
      expect(needsOpenGate('technician', 'technician', kiosk)).toBe(true);
      expect(needsOpenGate('technician', 'panel', kiosk)).toBe(true);
      expect(needsOpenGate('technician', 'gate', kiosk)).toBe(false);
    }
  });

  it('a guarded api holds exactly the contract’s verbs, and asks the gate before a technician verb runs', async () => {
    const calls: string[] = [];
    const gate = {
      assertOpen: () => {
        calls.push('gate');
        throw Object.assign(new Error('locked'), { code: 'ROOMDECK_TECHNICIAN_LOCKED' });
      },
    };
    const api = { ...fakeApi(), extra: { backdoor: async () => 'open' } };
    const guarded = guardRoute(api, { route: 'panel', kiosk: true, gate }) as unknown as Record<
      string,
      Record<string, (a: unknown) => Promise<unknown>>
    >;
    expect(Object.keys(guarded).sort()).toEqual(Object.keys(contract).sort());
    expect(guarded.diagnostics?.export).toBeTypeOf('function');
    await expect(guarded.diagnostics?.export?.({})).rejects.toMatchObject({
      code: 'ROOMDECK_TECHNICIAN_LOCKED',
    });
    expect(calls).toEqual(['gate']);
    await expect(guarded.session?.status?.({})).resolves.toMatchObject({ state: 'signed-in' });
    expect(calls).toEqual(['gate']);
  });
});
