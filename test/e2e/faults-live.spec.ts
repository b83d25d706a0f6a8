import type { Page, Request } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { type Fault, startFaultProxy } from '../support/fault-proxy.ts';
import { callBridge, openRoom } from './support/panel.ts';

/*
 * The live channel's faults, as a wall panel meets them: the browser host signed in on
 * Huddle 3.2 with push on, the simulator behind the fault proxy, and the control websocket alone
 * failing while HTTP keeps working: refused (a gateway that stops carrying websockets), hung (the
 * socket stays up but nothing crosses it, so no pong comes back), dropped mid-session, and the
 * panel's access token revoked while its bindings are live. For each:
 * - the main process says polling within 5 s of the fault biting (a `mode` event to the page);
 * - a change made elsewhere during the fault reaches the panel by polling;
 * - when the socket is back, push again: the page stops asking for the watched modules' state;
 * - no value is ever shown as live once the service holds another (every (stale, value) the
 *   Display's Input control shows is recorded by a MutationObserver, from before the fault to
 *   after push returned);
 * - nobody is signed out, the page never navigates or reloads;
 * - what the panel says: nothing alarming — HTTP answers, so the room's controls work, and a
 *   banner saying the room system is not answering would be false (the socket is Roomdeck's own
 *   business; the panel's words are about the room system).
 */

const HUDDLE = 'sys-huddle-3-2';
const WATCHED = new Set(['Display', 'RoomLogic']);
const INPUTS = { hdmi1: 'HDMI 1', hdmi2: 'HDMI 2' } as const;

const { stack, service } = ownStack({ front: startFaultProxy, refuseSockets: false });
const proxy = () => stack.front;

test.describe.configure({ mode: 'serial' });
// A run with push switched off (ROOMDECK_E2E_LIVE=off) has no socket to fault.
test.skip(process.env.ROOMDECK_E2E_LIVE === 'off', 'push is switched off in this run');

test.beforeAll(async () => {
  // The socket served whatever the run's ROOMDECK_E2E_SOCKET says: these faults are the proxy's.
  await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
  // The display's own controls (Power, Input) are the engineer's: on the Advanced page.
  await service.panelLayout(HUDDLE, { advanced: true });
});

// ── What the page receives and shows, recorded with the time ─────────────────────────────────

interface Seen {
  at: number;
  banner: string | null;
  connection: string | null;
  stale: string | null;
  value: string | null;
}

interface Received {
  at: number;
  type: string;
  mode?: string;
  reason?: string;
  module?: string;
  state?: Record<string, unknown>;
}

type Recorded = Window & { __live?: Received[]; __seen?: Seen[]; __notReloaded?: boolean };

/**
 * Before the app loads: every live event the page's event stream delivers, with when it arrived
 * (the page's own EventSource, wrapped; nothing is changed in what it receives).
 */
async function recordLiveEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Recorded;
    w.__live = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('message', (event) => {
          try {
            w.__live?.push({ at: Date.now(), ...(JSON.parse(String(event.data)) as Omit<Received, 'at'>) });
          } catch {}
        });
      }
    };
  });
}

/** From now on: every change of the banner, the top bar's link word and the Input control. */
async function recordScreen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as Recorded;
    w.__seen = [];
    w.__notReloaded = true;
    const snap = () => {
      const input = document.querySelector(
        'section[aria-label="Display"] [role="group"][aria-label="Input"]',
      );
      const now = {
        banner: document.querySelector('[data-banner]')?.textContent?.trim() ?? null,
        connection: document.querySelector('[data-connection]')?.getAttribute('data-connection') ?? null,
        stale: input?.getAttribute('data-stale') ?? null,
        value: input?.querySelector('[data-value]')?.textContent?.trim() ?? null,
      };
      const last = w.__seen?.at(-1);
      if (
        last === undefined ||
        last.banner !== now.banner ||
        last.connection !== now.connection ||
        last.stale !== now.stale ||
        last.value !== now.value
      )
        w.__seen?.push({ at: Date.now(), ...now });
    };
    snap();
    new MutationObserver(snap).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

const received = (page: Page) => page.evaluate(() => (window as Recorded).__live ?? []);
const seen = (page: Page) => page.evaluate(() => (window as Recorded).__seen ?? []);

/** The first `mode` event to `mode` that arrived at or after `since` (epoch ms), within `timeout`. */
async function modeAt(
  page: Page,
  mode: 'push' | 'polling',
  since: number,
  timeout: number,
): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      async () => {
        found = (await received(page)).find((e) => e.type === 'mode' && e.mode === mode && e.at >= since);
        return found !== undefined;
      },
      { timeout, message: `a mode event "${mode}" after ${new Date(since).toISOString()}` },
    )
    .toBe(true);
  return found as Received;
}

/** The page's `systems.state` bridge calls for the watched modules, with when each left. */
function countStateCalls(page: Page): { at: number; module: string }[] {
  const calls: { at: number; module: string }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/bridge/systems/state')) return;
    const module = (request.postDataJSON() as { module?: string } | null)?.module ?? '';
    if (WATCHED.has(module)) calls.push({ at: Date.now(), module });
  });
  return calls;
}

const liveStatus = async (page: Page) =>
  (await callBridge<{ ok: boolean; value?: { mode: string; reason?: string } }>(page, 'bridge/live/status'))
    .body.value;

const inputControl = (page: Page) =>
  page.getByRole('region', { name: 'Display' }).getByRole('group', { name: 'Input', exact: true });

/** The room on its Advanced page, pushed: the socket open, the Display's Input fresh and showing `shown`. */
async function openPushed(page: Page, shown: string): Promise<void> {
  await openRoom(page, stack.host.url, 'Huddle 3.2');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect.poll(async () => (await liveStatus(page))?.mode, { timeout: 30_000 }).toBe('push');
  await expect(inputControl(page)).toHaveAttribute('data-stale', 'false', { timeout: 15_000 });
  await expect(inputControl(page).locator('[data-value]')).toHaveText(shown);
}

/** Under push the page asks nothing for the watched modules: none over three poll intervals (2 s each). */
async function expectNoPolling(page: Page, calls: { at: number }[], what: string): Promise<void> {
  const from = Date.now();
  await page.waitForTimeout(6_000);
  expect(
    calls.filter((c) => c.at >= from),
    `systems.state calls for watched modules ${what}`,
  ).toEqual([]);
}

// ── The faults ───────────────────────────────────────────────────────────────────────────────

interface Case {
  fault: Extract<Fault, 'socket-refuse' | 'socket-hang' | 'socket-drop'> | 'revoked';
  /** Why the page falls back, as the mode event's reason. */
  reason: RegExp;
}

const CASES: Case[] = [
  { fault: 'socket-refuse', reason: /^ROOMDECK_/ },
  { fault: 'socket-hang', reason: /^ROOMDECK_TIMEOUT$/ },
  { fault: 'socket-drop', reason: /^ROOMDECK_OFFLINE$/ },
  { fault: 'revoked', reason: /^ROOMDECK_CREDENTIALS_REFUSED$/ },
];

for (const { fault, reason } of CASES) {
  test(`${fault}: polling within 5 s, changes still shown, push again after, never a stale value as live, no sign-out`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await service.exec(HUDDLE, 'Display', 'input', ['hdmi1']);
    await recordLiveEvents(page);
    const calls = countStateCalls(page);
    let navigations = 0;
    await openPushed(page, INPUTS.hdmi1);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await recordScreen(page);
    await expectNoPolling(page, calls, 'while pushed, before the fault');

    // ── The fault bites ──
    let bitAt: number;
    const bearer = proxy().lastBearer;
    if (fault === 'revoked') {
      // The service revokes the panel's access token (RFC 7009, as an administrator's revocation
      // does); its refresh token stays good, so the main process renews it and comes back.
      expect(bearer).not.toBeNull();
      bitAt = Date.now();
      const revoked = await fetch(`${stack.simulator.url}/auth/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: bearer ?? '' }),
      });
      expect(revoked.status).toBe(200);
    } else if (fault === 'socket-hang') {
      const setAt = Date.now();
      await proxy().set(fault);
      // Nothing tells the client a hung socket is dead but its own heartbeat: the fault bites when
      // the next ping goes unanswered (pings every 25 s, so within 25 s of the hang).
      await expect
        .poll(
          () =>
            proxy().frames.some((f) => f.held && f.from === 'client' && f.text === 'ping' && f.at >= setAt),
          {
            timeout: 40_000,
            message: 'a ping held by the hang',
          },
        )
        .toBe(true);
      bitAt = proxy().frames.find((f) => f.held && f.text === 'ping' && f.at >= setAt)?.at ?? setAt;
    } else {
      bitAt = Date.now();
      await proxy().set(fault);
    }

    const polling = await modeAt(page, 'polling', bitAt, 15_000);
    const pollingAfterMs = polling.at - bitAt;
    expect(pollingAfterMs, 'the page told to poll within 5 s of the fault biting').toBeLessThanOrEqual(5_000);
    expect(polling.reason ?? '').toMatch(reason);
    // And it does poll: a state read for a watched module within 5 s of being told.
    await expect
      .poll(() => calls.some((c) => c.at >= polling.at && c.at - polling.at <= 5_000), { timeout: 6_000 })
      .toBe(true);

    // ── During the fault: a change made elsewhere reaches the panel ──
    const changedAt = Date.now();
    await service.exec(HUDDLE, 'Display', 'input', ['hdmi2']);
    await expect(inputControl(page).locator('[data-value]')).toHaveText(INPUTS.hdmi2, { timeout: 10_000 });
    await expect(inputControl(page)).toHaveAttribute('data-stale', 'false');
    const shownAfterMs = Date.now() - changedAt;

    // ── The socket is back: push again ──
    const clearedAt = Date.now();
    if (fault !== 'revoked') await proxy().set('pass');
    const pushed = await modeAt(page, 'push', polling.at, 40_000);
    const pushAfterMs = pushed.at - clearedAt;
    await expect(inputControl(page)).toHaveAttribute('data-stale', 'false', { timeout: 10_000 });
    await expect(inputControl(page).locator('[data-value]')).toHaveText(INPUTS.hdmi2);
    await expectNoPolling(page, calls, 'after push returned');

    // ── Never a stale value shown as live ──
    const screen = await seen(page);
    if (process.env.FAULTS_LIVE_DEBUG) {
      const t0 = bitAt;
      console.log(
        JSON.stringify({ changedAt: changedAt - t0, polling: polling.at - t0, pushed: pushed.at - t0 }),
      );
      for (const s of screen) console.log('screen', s.at - t0, s.stale, s.value, s.connection, s.banner);
      for (const e of await received(page))
        console.log(
          'event',
          e.at - t0,
          e.type,
          e.module ?? e.mode,
          JSON.stringify(e.state?.input ?? e.reason ?? ''),
        );
      for (const c of calls) console.log('call', c.at - t0, c.module);
    }
    // The service went hdmi1 → hdmi2 once, during the fault. A read answered before the change may
    // still land just after it (latency, not a lie); but once the panel has shown hdmi2, hdmi1 shown
    // live again can only be an old value passed off as current (e.g. a feed's cached state re-sent
    // on reconnect). The same for what the main process pushed.
    const shownNew = screen.find((s) => s.stale === 'false' && s.value === INPUTS.hdmi2);
    expect(shownNew, 'the new input shown live').toBeDefined();
    expect(
      screen.filter((s) => s.at >= (shownNew?.at ?? 0) && s.stale === 'false' && s.value === INPUTS.hdmi1),
      'the old input shown as live after the panel had shown the new one',
    ).toEqual([]);
    const events = (await received(page)).filter((e) => e.at >= polling.at);
    const displayStates = events.filter((e) => e.type === 'state' && e.module === 'Display');
    const pushedNew = displayStates.findIndex((e) => e.state?.input === 'hdmi2');
    expect(pushedNew, 'the Display pushed with the new input after the reconnect').toBeGreaterThanOrEqual(0);
    expect(displayStates.slice(pushedNew).map((e) => e.state?.input)).not.toContain('hdmi1');
    // The reconnect said the pushed values were not live any more, and the panel showed them so
    // ("Not live") until the fresh state came.
    const staleEvent = events.find((e) => e.type === 'stale' && e.module === 'Display');
    expect(staleEvent, 'a stale event for the Display after the reconnect').toBeDefined();
    const unknownShown = screen.find((s) => s.at >= (staleEvent?.at ?? 0) && s.stale === 'true');
    expect(unknownShown, 'the Input shown not live after the stale event').toBeDefined();

    // ── What the panel says, and no sign-out ──
    // HTTP answered all along: the room's controls worked, so no "not answering" banner and no
    // red link word ever (a socket the panel can do without is not the room system failing).
    expect(screen.filter((s) => s.banner !== null).map((s) => s.banner)).toEqual([]);
    expect(screen.filter((s) => s.connection === 'unreachable')).toEqual([]);
    await expect(page.locator('main')).toHaveAttribute('data-screen', 'panel');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => (window as Recorded).__notReloaded)).toBe(true);
    if (fault === 'revoked') expect(proxy().lastBearer).not.toBe(bearer);

    console.log(
      JSON.stringify({
        fault,
        pollingAfterMs,
        reason: polling.reason,
        firstPollAfterModeMs: (calls.find((c) => c.at >= polling.at)?.at ?? Number.NaN) - polling.at,
        changeShownAfterMs: shownAfterMs,
        pushAfterClearMs: pushAfterMs,
        unknownForMs:
          (screen.find((s) => s.at > (unknownShown?.at ?? 0) && s.stale === 'false')?.at ?? Number.NaN) -
          (unknownShown?.at ?? Number.NaN),
      }),
    );
  });
}
