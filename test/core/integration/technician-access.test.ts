import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { hashPin } from '../../../core/technician/pin.ts';
import { loginAndGetCallback } from '../../support/browser.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * A kiosk panel (managed account panel@demo.local) and a technician behind the PIN, against the
 * simulator over real HTTP: the technician's own session answers the technician's route, the
 * panel's session is never touched, and closing revokes the technician's tokens.
 */
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

function kiosk() {
  return servicesFor(sim.url, {
    config: {
      ...ciAccount,
      serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
      kiosk: true,
      technicianPin,
    },
  });
}

describe('technician access on a kiosk', () => {
  it('refuses every technician verb until the PIN is entered', async () => {
    const { services } = kiosk();
    await services.api.session.signIn({});
    await expect(services.technicianApi.systems.list({})).rejects.toMatchObject({
      code: 'ROOMDECK_TECHNICIAN_LOCKED',
    });
    await expect(services.api.technician.signIn({})).rejects.toMatchObject({
      code: 'ROOMDECK_TECHNICIAN_LOCKED',
    });
    expect(await services.api.technician.status({})).toMatchObject({ available: true, open: false });
    services.dispose();
  });

  it('signs the technician in beside the panel, with the technician’s rights, and revokes on close', async () => {
    const { services, log } = kiosk();
    await services.api.session.signIn({});
    expect((await services.api.session.capabilities({})).technician).toBe(false);

    expect((await services.api.technician.unlock({ pin: '000000' })).outcome).toBe('wrong');
    expect((await services.api.technician.unlock({ pin: PIN })).outcome).toBe('opened');
    const start = await services.api.technician.signIn({});
    expect(start.navigateTo).toMatch(/prompt=login/);
    const callback = await loginAndGetCallback(start.navigateTo ?? '', {
      username: 'tech@demo.local',
      password: 'demo',
    });
    // A stray callback (not this sign-in's state) goes nowhere near the technician's sign-in.
    await expect(
      services.completeSignIn(new URL('http://127.0.0.1:9/callback?code=z&state=wrong')),
    ).rejects.toMatchObject({ code: 'ROOMDECK_STATE_MISMATCH' });
    expect((await services.api.technician.status({})).session.state).toBe('signing-in');
    await services.completeSignIn(callback);
    expect((await services.api.technician.status({})).session.state).toBe('signed-in');

    const tech = await services.technicianApi.session.capabilities({});
    expect(tech.technician).toBe(true);
    expect(tech.may['systems.update']).toBe(true);
    expect(tech.may['systems.remove']).toBe(false);
    // The panel is still itself: its own account, its own (lesser) rights.
    expect(services.session.status().state).toBe('signed-in');
    expect((await services.api.session.capabilities({})).may['systems.update']).toBe(false);

    const revocationsBefore = log.revocations;
    const closed = await services.api.technician.close({});
    expect(closed).toMatchObject({ open: false, session: { state: 'signed-out' } });
    expect(log.revocations).toBeGreaterThan(revocationsBefore);
    await expect(services.technicianApi.systems.list({})).rejects.toMatchObject({
      code: 'ROOMDECK_TECHNICIAN_LOCKED',
    });
    // The panel keeps operating with its own session.
    expect(services.session.status().state).toBe('signed-in');
    const rooms = await services.api.systems.list({ limit: 1 });
    expect(rooms.total).toBeGreaterThan(0);
    services.dispose();
  });

  it('a kiosk without a PIN, and a laptop, offer no technician gate', async () => {
    const noPin = servicesFor(sim.url, { config: { kiosk: true } }).services;
    const laptop = servicesFor(sim.url, { config: { kiosk: false, technicianPin } }).services;
    expect((await noPin.api.technician.status({})).available).toBe(false);
    expect((await laptop.api.technician.status({})).available).toBe(false);
    expect((await laptop.api.technician.unlock({ pin: PIN })).outcome).toBe('unavailable');
    noPin.dispose();
    laptop.dispose();
  });
});
