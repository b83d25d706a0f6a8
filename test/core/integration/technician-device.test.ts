import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../../core/technician/pin.ts';
import { type RunningSimulator, startSimulator } from '../../../simulator/server.ts';
import { hiddenFields, postForm } from '../../simulator/auth/harness.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { ciAccount, servicesFor } from '../../support/services.ts';

/**
 * The technician's sign-in by phone (RFC 8628) in the main process, against the simulator over
 * real HTTP, both on one fake clock: the code behind the PIN, the polls at the service's interval,
 * the tokens once the phone approves, a denial and an expiry said as such, and a service or client
 * without the grant leaving the other way of signing in without a scary reason.
 */
const PIN = '482913';
let sim: RunningSimulator;
let clock: FakeClock;
let technicianPin: string;

beforeAll(async () => {
  clock = new FakeClock(Date.now());
  sim = await startSimulator({ now: () => clock.now() });
  technicianPin = await hashPin(PIN, { N: 1024, r: 8, p: 1 });
});
afterAll(async () => {
  await sim.close();
});

/** Requests on the wire right now, and the grant types sent to the token endpoint. */
const wire = { inFlight: 0, grants: [] as string[] };
const trackedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/auth/oauth/token'))
    wire.grants.push(new URLSearchParams(String(init?.body ?? '')).get('grant_type') ?? '?');
  wire.inFlight++;
  try {
    return await fetch(input, init);
  } finally {
    wire.inFlight--;
  }
}) as typeof fetch;

function kiosk(clientId?: string) {
  wire.grants = [];
  const made = servicesFor(sim.url, {
    clock,
    fetch: trackedFetch,
    config: {
      ...ciAccount,
      ...(clientId === undefined ? {} : { clientId, clientSecret: undefined }),
      serviceAccount: { username: 'panel@demo.local', password: 'demo', authority: 'demo' },
      kiosk: true,
      technicianPin,
    },
  });
  return { services: made.services, log: wire };
}

/** The technician's phone: opens the QR code's link, signs in, answers. */
async function phone(link: string, answer: 'approve' | 'deny'): Promise<string> {
  const opened = await fetch(link);
  const cookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const origin = new URL(link).origin;
  const form = `${origin}/auth/oauth/device`;
  const login = await postForm(
    form,
    {
      ...hiddenFields(await opened.text()),
      user_code: new URL(link).searchParams.get('user_code') ?? '',
      username: 'tech@demo.local',
      password: 'demo',
    },
    { cookie, origin },
  );
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const confirm = await login.text();
  const done = await postForm(
    form,
    { ...hiddenFields(confirm), answer },
    { cookie: `${cookie}; ${session}`, origin },
  );
  return done.text();
}

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const pollsIn = (log: { grants: string[] }) => log.grants.filter((g) => g === DEVICE_GRANT).length;

/**
 * Moves the clock on, half a poll interval at a time while no request is on the wire, until the technician's session is in `state`; the HTTP is
 * real, so each step waits (in real time) for the poll it set off.
 */
async function untilSession(services: ReturnType<typeof kiosk>['services'], state: string) {
  await expect
    .poll(
      async () => {
        // Only while nothing is on the wire: a poll's own deadline runs on this clock too.
        if (wire.inFlight === 0) await clock.advance(2_500);
        return (await services.api.technician.status({})).session.state;
      },
      { timeout: 30_000 },
    )
    .toBe(state);
  return services.api.technician.status({});
}

describe('the technician signs in by phone', () => {
  it('is refused until the PIN is entered', async () => {
    const { services } = kiosk();
    await expect(services.api.technician.deviceSignIn({})).rejects.toMatchObject({
      code: 'ROOMDECK_TECHNICIAN_LOCKED',
    });
    services.dispose();
  });

  it('shows a code, polls every 5 s, and is signed in as the technician once the phone approves', {
    timeout: 60_000,
  }, async () => {
    const { services, log } = kiosk();
    await services.api.session.signIn({});
    expect((await services.api.technician.unlock({ pin: PIN })).outcome).toBe('opened');
    const { status, device } = await services.api.technician.deviceSignIn({});
    expect(status.state).toBe('signing-in');
    expect(device?.userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device?.verificationUriComplete).toBe(
      `${sim.url}/auth/oauth/device?user_code=${encodeURIComponent(device?.userCode ?? '')}`,
    );
    expect(device?.expiresInMs).toBe(600_000);
    // The drawer reads the code from the status too (a reloaded page).
    expect((await services.api.technician.status({})).device?.userCode).toBe(device?.userCode);

    const polls = () => pollsIn(log);
    const before = polls();
    await clock.advance(4_999);
    expect(polls()).toBe(before);
    await clock.advance(1);
    await expect.poll(polls).toBe(before + 1);
    expect((await services.api.technician.status({})).session.state).toBe('signing-in');

    expect(await phone(device?.verificationUriComplete ?? '', 'approve')).toContain('Approved');
    const signedIn = await untilSession(services, 'signed-in');
    expect(signedIn.device).toBeUndefined();
    const tech = await services.technicianApi.session.capabilities({});
    expect(tech.technician).toBe(true);
    // The panel is still itself.
    expect((await services.api.session.capabilities({})).technician).toBe(false);
    await services.api.technician.close({});
    services.dispose();
  });

  it('a denial on the phone ends the sign-in with the reason, and polling stops', async () => {
    const { services, log } = kiosk();
    await services.api.technician.unlock({ pin: PIN });
    const { device } = await services.api.technician.deviceSignIn({});
    await phone(device?.verificationUriComplete ?? '', 'deny');
    const after = await untilSession(services, 'signed-out');
    expect(after.session.reason?.code).toBe('ROOMDECK_SIGN_IN_DENIED');
    expect(after.device).toBeUndefined();
    const polls = pollsIn(log);
    await clock.advance(60_000);
    expect(pollsIn(log)).toBe(polls);
    await services.api.technician.close({});
    services.dispose();
  });

  it('a code nobody approves runs out after 10 minutes, said as such', async () => {
    const { services } = kiosk();
    await services.api.technician.unlock({ pin: PIN });
    await services.api.technician.deviceSignIn({});
    await clock.advance(600_000);
    const after = await untilSession(services, 'signed-out');
    expect(after.session.reason?.code).toBe('ROOMDECK_SIGN_IN_CODE_EXPIRED');
    await services.api.technician.close({});
    services.dispose();
  });

  it('closing the drawer stops the sign-in: a later approval signs nobody in', async () => {
    const { services } = kiosk();
    await services.api.technician.unlock({ pin: PIN });
    const { device } = await services.api.technician.deviceSignIn({});
    await services.api.technician.close({});
    await phone(device?.verificationUriComplete ?? '', 'approve');
    await clock.advance(10_000);
    expect((await services.api.technician.status({})).session.state).toBe('signed-out');
    services.dispose();
  });

  it('a client not registered for it gets no code and no alarming reason: the page sign-in remains', async () => {
    const { services } = kiosk('roomdeck-implicit');
    await services.api.technician.unlock({ pin: PIN });
    const { status, device } = await services.api.technician.deviceSignIn({});
    expect(device).toBeNull();
    expect(status).toMatchObject({ state: 'signed-out', reason: null });
    await services.api.technician.close({});
    services.dispose();
  });
});
