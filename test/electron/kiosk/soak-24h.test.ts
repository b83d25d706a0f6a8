import { describe, expect, it } from 'vitest';
import type { ModuleState } from '#contract';
import { createMainServices, type MainServices } from '../../../core/bridge/handlers.ts';
import { BridgeError } from '../../../contract/errors.ts';
import { dispatch, resolveVerb } from '../../../core/bridge/validate.ts';
import { type KioskRuntime, startKioskRuntime } from '../../../electron/kiosk/runtime.ts';
import { createMemoryVault } from '../../../core/store/vault.ts';
import { PanelHeartbeat, startPageFrom } from '../../../renderer/src/lib/panel/heartbeat.ts';
import { LatestSender } from '../../../renderer/src/lib/panel/latest-sender.ts';
import { Poller } from '../../../renderer/src/lib/live/poller.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { memorySettings, testConfig } from '../../support/services.ts';
import { sampleTokens } from '../../support/tokens.ts';
import { FakeApp, FakeEvent, FakePowerSaveBlocker, FakeWindow } from './fake-window.ts';

/**
 * A panel left alone for a day, on fake time. The real main-process services (session with its
 * refresh schedule, API client, link health, the bridge's validation) and the real renderer parts
 * (poller, heartbeat, the fader's latest-value sender) run against a fake service that loses the
 * network, refuses refreshes and hangs now and then, while the page crashes, hangs silently, hangs
 * visibly, loses its GPU process and crashes five times in a row once. Every simulated hour the
 * test checks that nothing grew, nothing is stuck pending, and the panel is in its room.
 */

const SERVER = 'http://127.0.0.1:4010';
const SYSTEM = 'sys-boardroom';
const APP_URL = 'app://roomdeck/index.html';
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const TOKEN_LIFETIME_S = 20 * 60;
const PAGES = ['sources', 'lights', 'camera'] as const;

/** Where in a repeating cycle `t` falls, and whether that is inside [from, from + length). */
const within = (t: number, cycle: number, from: number, length: number) => {
  const at = t % cycle;
  return at >= from && at < from + length;
};

/** The building's service on the fake clock, with its scheduled faults. */
function fakeService(clock: FakeClock, start: number) {
  const counts = { tokens: 0, refreshFailures: 0, states: 0, execs: 0, linkDownCalls: 0 };
  let issued = 0;
  const elapsed = () => clock.now() - start;
  // Every 3 h the network goes for 5 min; every 4 h the token endpoint fails for 10 min (503, then
  // no answer at all); every 5 h state requests hang for 2 min.
  const linkDown = () => within(elapsed(), 3 * HOUR, 20 * MINUTE, 5 * MINUTE);
  const tokenFault = (): 'unavailable' | 'hang' | null => {
    if (within(elapsed(), 4 * HOUR, 14 * MINUTE, 5 * MINUTE)) return 'unavailable';
    if (within(elapsed(), 4 * HOUR, 19 * MINUTE, 5 * MINUTE)) return 'hang';
    return null;
  };
  const statesHang = () => within(elapsed(), 5 * HOUR, 40 * MINUTE, 2 * MINUTE);
  const roomOn = () => within(elapsed(), 24 * HOUR, 8 * HOUR, 10 * HOUR);

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const hang = (signal: AbortSignal | null | undefined) =>
    new Promise<Response>((_, reject) => {
      if (!signal) return;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });

  const serviceFetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const signal = init?.signal;
    if (linkDown()) {
      counts.linkDownCalls++;
      throw new TypeError('fetch failed');
    }
    if (url.pathname === '/auth/oauth/token') {
      const fault = tokenFault();
      if (fault === 'unavailable') {
        counts.refreshFailures++;
        return json({ error: 'server_error' }, 503, { 'retry-after': '2' });
      }
      if (fault === 'hang') {
        counts.refreshFailures++;
        return hang(signal);
      }
      counts.tokens++;
      issued++;
      return json({
        access_token: `AT-${issued}`,
        refresh_token: `RT-${issued}`,
        token_type: 'bearer',
        expires_in: TOKEN_LIFETIME_S,
        scope: 'public',
      });
    }
    if (url.pathname === '/auth/oauth/revoke') return new Response(null, { status: 200 });
    if (url.pathname === `/api/control/systems/${SYSTEM}/state`) {
      counts.states++;
      if (statesHang()) return hang(signal);
      const module = url.searchParams.get('module');
      if (module === 'Bookings') return json({ status: roomOn() ? 'busy' : 'free' });
      return json({ power: roomOn(), volume: 40 });
    }
    if (url.pathname === `/api/control/systems/${SYSTEM}/exec`) {
      counts.execs++;
      return json(true);
    }
    if (url.pathname === '/api/control/zones') return json({ total: 0, results: [] });
    return json({ error: 'not found' }, 404);
  }) as typeof fetch;
  return { fetch: serviceFetch, counts, roomOn, linkDown };
}

type Call = (domain: string, verb: string, args: unknown) => Promise<unknown>;

/** The IPC transport without Electron: the contract's validation, then the bridge error the page sees. */
function bridgeOf(services: MainServices): Call {
  return async (domain, verb, args) => {
    const target = resolveVerb(services.api, domain, verb);
    if (target === null) throw new Error(`no verb ${domain}.${verb}`);
    const response = await dispatch(target, args);
    if (response.ok) return response.value;
    throw new BridgeError(response.error);
  };
}

/** One page load: what the renderer process runs, gone with it when it crashes. */
class FakeRenderer {
  readonly heartbeat: PanelHeartbeat;
  readonly poller: Poller;
  readonly fader: LatestSender<number>;
  systemId: string | null = null;
  page: string;
  readonly startPage: string | null;
  roomOn: boolean | null = null;
  meetingUnderway: boolean | null = null;
  faderBursts = 0;
  #tick: unknown = null;
  #alive = true;

  constructor(
    readonly url: string,
    private readonly call: Call,
    private readonly clock: FakeClock,
  ) {
    this.startPage = startPageFrom(new URL(url).hash);
    this.page = this.startPage ?? 'sources';
    this.heartbeat = new PanelHeartbeat({
      clock,
      send: (state) => this.call('panel', 'report', state),
    });
    this.poller = new Poller({
      clock,
      settings: { fastMs: 250, fastForMs: 5_000, idleMs: 2_000 },
      random: () => 0.5,
      fetchState: (t) =>
        this.call('systems', 'state', {
          id: this.systemId,
          module: t.module,
          index: t.index,
        }) as Promise<ModuleState>,
      isLinkLoss: (e) => e instanceof BridgeError && e.isLinkLoss,
      messageOf: (e) => (e instanceof Error ? e.message : String(e)),
      events: {
        state: (key, state) => {
          if (key === 'Display/1') this.roomOn = state.power === true;
          if (key === 'Bookings/1') this.meetingUnderway = state.status === 'busy';
          this.report();
        },
        stale: () => undefined,
        link: () => undefined,
      },
    });
    this.fader = new LatestSender((level) =>
      this.call('systems', 'exec', {
        id: this.systemId,
        module: 'Mixer',
        index: 1,
        method: 'level',
        args: [level],
      }),
    );
    this.heartbeat.start();
    void this.boot();
  }

  /** As the app does: the room comes from the main process (config.get), never from the page. */
  async boot(): Promise<void> {
    const config = (await this.call('config', 'get', {})) as { systemId: string | null };
    if (!this.#alive) return;
    this.systemId = config.systemId;
    this.report();
    this.poller.watch({ module: 'Display', index: 1 });
    this.poller.watch({ module: 'Bookings', index: 1 }, false, 30_000);
    this.poller.start();
    this.#everyMinute();
  }

  report(): void {
    this.heartbeat.set({
      systemId: this.systemId,
      page: this.roomOn ? this.page : null,
      roomOn: this.roomOn,
      meetingUnderway: this.meetingUnderway,
    });
  }

  /** Someone drags the volume fader: a handful of values, only the last one must arrive. */
  dragFader(): void {
    this.faderBursts++;
    for (const level of [10, 20, 30, 35]) this.fader.push(level);
  }

  showPage(page: string): void {
    this.page = page;
    this.report();
  }

  /** The renderer process ends (crash) or stops running (hang): its timers end with it. */
  kill(): void {
    this.#alive = false;
    this.heartbeat.stop();
    this.poller.stop();
    if (this.#tick !== null) this.clock.clearTimeout(this.#tick);
    this.#tick = null;
  }

  get alive(): boolean {
    return this.#alive;
  }

  #everyMinute(): void {
    this.#tick = this.clock.setTimeout(() => {
      this.#tick = null;
      this.report();
      if (this.#alive) this.#everyMinute();
    }, MINUTE);
  }
}

class SoakWindow extends FakeWindow {
  renderer: FakeRenderer | null = null;
  /** The window goes, and its renderer process with it. */
  override destroy(): void {
    this.renderer?.kill();
    super.destroy();
  }
}

interface Measured {
  maxPendingTimers: number;
  maxFailuresInWindow: number;
  recoveries: string[];
  errorScreens: number;
  rendererStarts: number;
  pagesAfterRecovery: Array<{ expected: string | null; got: string | null }>;
}

function setUp() {
  const clock = new FakeClock(Date.UTC(2030, 0, 7, 0, 0, 0));
  const start = clock.now();
  const service = fakeService(clock, start);
  const settings = memorySettings(SYSTEM);
  const services = createMainServices({
    config: testConfig(SERVER, { kiosk: true, systemId: null }),
    vault: createMemoryVault(
      sampleTokens({
        server: SERVER,
        accessToken: 'AT-0',
        refreshToken: 'RT-0',
        issuedAt: start,
        expiresAt: start + TOKEN_LIFETIME_S * 1000,
      }),
    ),
    settings,
    signInMode: 'host-redirect',
    hostCallbackUrl: 'http://127.0.0.1:9/callback',
    fetch: service.fetch,
    clock,
    random: () => 0.5,
  });
  const call = bridgeOf(services);
  const app = new FakeApp();
  const blocker = new FakePowerSaveBlocker();
  const measured: Measured = {
    maxPendingTimers: 0,
    maxFailuresInWindow: 0,
    recoveries: [],
    errorScreens: 0,
    rendererStarts: 0,
    pagesAfterRecovery: [],
  };
  let current: SoakWindow | null = null;

  // The page the panel last reported while it knew its room: where a recovery must return.
  let lastKnownPage: string | null = null;
  services.panelReports.onReport((report) => {
    if (report.roomOn !== null) lastKnownPage = report.page;
  });
  let booted = false;
  const boot = (win: SoakWindow, url: string) => {
    win.renderer?.kill();
    win.renderer = null;
    if (url.startsWith('data:')) return;
    win.renderer = new FakeRenderer(url, call, clock);
    measured.rendererStarts++;
    // A recovery: the page it opens on must be the one last reported before the failure.
    if (booted) {
      measured.pagesAfterRecovery.push({
        expected: lastKnownPage,
        got: win.renderer.startPage,
      });
    }
    booted = true;
  };
  const open = (url: string): SoakWindow => {
    const win = new SoakWindow(url);
    win.webContents.onLoad = (next) => boot(win, next);
    runtime.adopt(win);
    current = win;
    boot(win, url);
    return win;
  };
  const runtime: KioskRuntime = startKioskRuntime({
    app,
    powerSaveBlocker: blocker,
    reports: services.panelReports,
    config: { kiosk: true, supportContact: 'AV desk, ext. 4357' },
    clock,
    appUrl: APP_URL,
    current: () => current,
    open,
    onEvent: (event) => {
      if (event.what === 'failure') measured.recoveries.push(event.failure?.kind ?? '?');
      if (event.what === 'error-screen') measured.errorScreens++;
    },
  });
  open(APP_URL);
  return {
    clock,
    start,
    service,
    services,
    settings,
    app,
    blocker,
    runtime,
    measured,
    current: () => current as SoakWindow,
  };
}

describe('a kiosk panel left alone for 24 hours', () => {
  it('recovers from every fault, grows nothing, leaves nothing pending and never loses its room', async () => {
    const w = setUp();
    const { clock, measured } = w;
    const appListeners = w.app.listenerCount();
    const reportListeners = w.services.panelReports.listenerCount;
    const windowListeners = w.current().listenerCount() + w.current().webContents.listenerCount();
    let hourlyChecks = 0;
    let pendingAfterWarmUp: number | null = null;

    const renderer = () => w.current().renderer;
    const crash = (reason: string) => {
      const r = renderer();
      if (!r?.alive) return;
      r.kill();
      w.current().webContents.emit('render-process-gone', new FakeEvent(), { reason, exitCode: 1 });
    };

    for (let minute = 1; minute <= 24 * 60; minute++) {
      const t = minute * MINUTE;
      // Scheduled faults of the page itself.
      if (t % (2 * HOUR) === 37 * MINUTE) crash('crashed');
      if (t % (6 * HOUR) === 5 * HOUR + 50 * MINUTE) renderer()?.kill(); // silent hang: watchdog
      if (t % (8 * HOUR) === 3 * HOUR + 10 * MINUTE) {
        renderer()?.kill();
        w.current().webContents.emit('unresponsive');
      }
      if (t % (12 * HOUR) === 7 * HOUR) {
        w.app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed' });
      }
      // People: a page now and then, the fader every 10 minutes while the room is in use.
      const r = renderer();
      if (r?.alive && r.systemId !== null) {
        if (t % (90 * MINUTE) === 45 * MINUTE)
          r.showPage(PAGES[((minute / 90) % PAGES.length) | 0] ?? 'sources');
        if (t % (10 * MINUTE) === 5 * MINUTE) r.dragFader();
      }
      let spent = 0;
      if (minute === 13 * 60) {
        // Five crashes in a row, each soon after the page is back: the error screen, then back alone.
        for (let i = 0; i < 5; i++) {
          crash('oom');
          await clock.advance(10 * SECOND);
          spent += 10 * SECOND;
        }
      }
      await clock.advance(MINUTE - spent);

      const pending = clock.pending().length;
      measured.maxPendingTimers = Math.max(measured.maxPendingTimers, pending);
      measured.maxFailuresInWindow = Math.max(
        measured.maxFailuresInWindow,
        w.runtime.supervisor.recentFailures.length,
      );

      // Checked at half past: between the scheduled faults, so everything should have healed.
      if (minute % 60 === 30) {
        hourlyChecks++;
        const hour = (minute - 30) / 60;
        // Nothing grows: timers, listeners on the app and on the live window, windows, reports.
        if (hour === 0) pendingAfterWarmUp = pending;
        expect(pending, `pending timers at hour ${hour}`).toBeLessThanOrEqual(12);
        expect(w.app.listenerCount()).toBe(appListeners);
        expect(w.current().listenerCount() + w.current().webContents.listenerCount()).toBe(windowListeners);
        expect(w.services.panelReports.listenerCount).toBe(reportListeners);
        expect(w.runtime.supervisor.pendingTimers).toBeLessThanOrEqual(3);
        expect(w.blocker.active.size).toBeLessThanOrEqual(1);
        // The panel is running again (or, right after the burst, showing its error screen).
        const state = w.runtime.supervisor.state;
        expect(['running', 'error'], `supervisor at hour ${hour}`).toContain(state);
        // The session survives every fault and every recovery.
        expect(w.services.session.status().state, `session at hour ${hour}`).toBe('signed-in');
        // The binding: the main process still holds the room; the live page shows it.
        expect(w.settings.getSystemId()).toBe(SYSTEM);
        if (state === 'running') {
          const live = renderer();
          expect(live?.alive).toBe(true);
          expect(live?.systemId).toBe(SYSTEM);
          expect(w.services.panelReports.latest?.systemId).toBe(SYSTEM);
          // No control stuck pending: every fader drag of this page has been answered.
          expect(live?.fader.busy, `fader pending at hour ${hour}`).toBe(false);
          expect(live?.heartbeat.inFlight).toBe(false);
          expect(live?.poller.linkLost, `link at hour ${hour}`).toBe(false);
          // The display is kept awake exactly while the room is in use.
          expect(w.blocker.active.size, `display at hour ${hour}`).toBe(w.service.roomOn() ? 1 : 0);
        }
      }
    }

    // Every recovery went back to the page shown before the failure.
    expect(measured.pagesAfterRecovery.length).toBeGreaterThan(10);
    expect(measured.pagesAfterRecovery.filter((p) => p.expected !== null).length).toBeGreaterThan(3);
    for (const { expected, got } of measured.pagesAfterRecovery) expect(got).toBe(expected);
    expect(hourlyChecks).toBe(24);
    expect(pendingAfterWarmUp).not.toBeNull();
    expect(measured.errorScreens).toBe(1);
    expect(measured.recoveries.length).toBeGreaterThanOrEqual(12 + 4 + 3 + 2);
    expect(w.runtime.supervisor.state).toBe('running');
    // The token was refreshed all day long despite the refusals: about three an hour.
    expect(w.service.counts.tokens).toBeGreaterThanOrEqual(24 * 3 - 6);
    expect(w.service.counts.refreshFailures).toBeGreaterThan(0);
    expect(w.service.counts.linkDownCalls).toBeGreaterThan(0);
    console.info(
      `soak 24 h: ${w.service.counts.states} state polls, ${w.service.counts.execs} fader commands, ` +
        `${w.service.counts.tokens} tokens (${w.service.counts.refreshFailures} refused or hung refreshes), ` +
        `${measured.recoveries.length} recoveries [${measured.recoveries.join(' ')}], ` +
        `${measured.errorScreens} error screen, ${measured.rendererStarts} page loads, ` +
        `max ${measured.maxPendingTimers} pending timers, max ${measured.maxFailuresInWindow} failures in the window`,
    );
  }, 240_000);
});
