import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { GENERATIONS } from '../../support/generations.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * What each demo role may do, as the technician tools learn it: probed against the simulator over
 * real HTTP with requests that change nothing, then corrected by real requests.
 */
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({});
});
afterAll(async () => {
  await sim.close();
});

async function capabilitiesOf(username: string, api: 'legacy' | 'current') {
  const { services } = servicesFor(sim.url, {
    config: {
      ...ciAccount,
      serviceAccount: { username, password: 'demo', authority: 'demo' },
      service: { api },
    },
  });
  await services.api.session.signIn({});
  const view = await services.api.session.capabilities({});
  return { services, view };
}

// Probed in each API generation's own words (the probes are written once, in the legacy paths).
describe.each(GENERATIONS)('capabilities by role (%s generation)', (api) => {
  it('an admin may do everything', async () => {
    const { services, view } = await capabilitiesOf('admin@demo.local', api);
    expect(Object.values(view.may).every((may) => may === true)).toBe(true);
    expect(view.technician).toBe(true);
    services.dispose();
  });

  it('support may do everything but create and delete rooms and modules, with the reason', async () => {
    const { services, view } = await capabilitiesOf('tech@demo.local', api);
    expect(view.may).toMatchObject({
      'systems.create': false,
      'systems.remove': false,
      'modules.create': false,
      'modules.remove': false,
      'systems.update': true,
      'systems.startStop': true,
      'modules.update': true,
      'modules.ping': true,
      'systems.exec': true,
    });
    expect(view.reasons['systems.remove']).toMatch(/may not delete rooms/);
    expect(view.technician).toBe(true);
    services.dispose();
  });

  it('a panel account may only use rooms: no technician tools', async () => {
    const { services, view } = await capabilitiesOf('panel@demo.local', api);
    expect(view.may).toMatchObject({
      'systems.exec': true,
      'systems.update': false,
      'modules.startStop': false,
      'modules.ping': false,
    });
    expect(view.technician).toBe(false);
    services.dispose();
  });

  it('the probes change nothing on the service', async () => {
    const before = await fetch(`${sim.url}/api/control/systems?limit=500`, {
      headers: { authorization: `Bearer ${await token()}` },
    }).then((r) => r.json());
    await capabilitiesOf('admin@demo.local', api);
    const after = await fetch(`${sim.url}/api/control/systems?limit=500`, {
      headers: { authorization: `Bearer ${await token()}` },
    }).then((r) => r.json());
    expect(after).toEqual(before);
  });

  it('forgets what it learned when the account signs out', async () => {
    const { services, view } = await capabilitiesOf('tech@demo.local', api);
    expect(view.may['systems.create']).toBe(false);
    await services.api.session.signOut({});
    const signedOut = await services.api.session.capabilities({});
    expect(Object.values(signedOut.may).every((may) => may === null)).toBe(true);
    services.dispose();
  });
});

async function token(): Promise<string> {
  const response = await fetch(`${sim.url}/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin@demo.local',
      password: 'demo',
      authority: 'demo',
      client_id: 'roomdeck-ci',
      client_secret: 'roomdeck-ci-secret',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
