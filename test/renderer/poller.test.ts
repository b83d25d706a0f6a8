import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleState } from '#contract';
import { BridgeError } from '../../renderer/src/lib/bridge/bridge.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';
import { Poller, type PollTarget } from '../../renderer/src/lib/live/poller.ts';

const SETTINGS = { fastMs: 250, fastForMs: 3_000, idleMs: 2_000 };
const DISPLAY = { module: 'Display', index: 1 };
const LIGHTS = { module: 'Lighting', index: 1 };
const offline = () =>
  new BridgeError({ code: 'ROOMDECK_OFFLINE', message: 'The Control Service is not answering.' });

interface Harness {
  poller: Poller;
  calls: PollTarget[];
  events: string[];
  /** What the next requests answer; a function may return a promise the test settles. */
  answer: (target: PollTarget) => Promise<ModuleState>;
}

function harness(options: { random?: () => number } = {}): Harness {
  const h: Harness = {
    calls: [],
    events: [],
    answer: async () => ({ power: true }),
    poller: undefined as unknown as Poller,
  };
  h.poller = new Poller({
    fetchState: (t) => {
      h.calls.push(t);
      return h.answer(t);
    },
    settings: SETTINGS,
    clock: systemClock,
    random: options.random ?? (() => 0.5),
    isLinkLoss: (e) => e instanceof BridgeError && e.isLinkLoss,
    messageOf: (e) => (e instanceof Error ? e.message : String(e)),
    events: {
      state: (key, state) => h.events.push(`state ${key} ${JSON.stringify(state)}`),
      stale: (key, stale) => h.events.push(`stale ${key} ${stale}`),
      link: (lost) => h.events.push(`link ${lost ?? 'ok'}`),
    },
  });
  return h;
}

const count = (h: Harness, module: string) => h.calls.filter((c) => c.module === module).length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the poller', () => {
  it('asks for rarely changing state (a calendar) at its own slower interval', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch({ module: 'Bookings', index: 1 }, false, 30_000);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count(h, 'Display')).toBeGreaterThanOrEqual(30);
    expect(count(h, 'Bookings')).toBe(3);
    h.poller.stop();
  });

  it('honours Retry-After for every module but the first, which keeps probing so recovery is seen at once', async () => {
    const calls: string[] = [];
    let failing = true;
    const poller = new Poller({
      fetchState: async (t) => {
        calls.push(t.module);
        if (failing)
          throw new BridgeError({
            code: 'ROOMDECK_SERVER_ERROR',
            message: '503',
            details: { retryAfterMs: 30_000 },
          });
        return { power: true };
      },
      settings: SETTINGS,
      clock: systemClock,
      random: () => 0.5,
      isLinkLoss: (e) => e instanceof BridgeError && e.isLinkLoss,
      messageOf: () => 'trouble',
      retryAfterMs: (e) =>
        e instanceof BridgeError ? (e.details?.retryAfterMs as number | undefined) : undefined,
      events: { state: () => undefined, stale: () => undefined, link: () => undefined },
    });
    poller.watch(DISPLAY);
    poller.watch(LIGHTS);
    poller.start();
    await vi.advanceTimersByTimeAsync(20_000);
    // The probe (Display) kept trying within the backoff ceiling; Lighting waited as asked.
    expect(calls.filter((m) => m === 'Display').length).toBeGreaterThan(4);
    expect(calls.filter((m) => m === 'Lighting')).toHaveLength(1);
    failing = false;
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    // Back: the probe's success brings everyone up to date at once, Retry-After or not.
    expect(calls.slice(before)).toContain('Lighting');
    poller.stop();
  });

  it('says the service hangs after 2 s without an answer, before the request’s own timeout, and recovers', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    let release!: (s: ModuleState) => void;
    h.answer = () => new Promise<ModuleState>((resolve) => (release = resolve));
    await vi.advanceTimersByTimeAsync(2_000);
    h.events.length = 0;
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.events).toContain('stale Display/1 true');
    expect(h.events).toContain('stale Lighting/1 true');
    expect(h.events.filter((e) => e.startsWith('link '))).toHaveLength(1);
    h.answer = async () => ({ power: true });
    release({ power: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events).toContain('link ok');
    // The request that finally answers makes its module fresh and the link live again.
    expect(h.events.some((e) => /^stale \S+ false$/.test(e))).toBe(true);
  });

  it('is fresh within 3 s after a hang of 10–60 s clears, though the requests sent during it are never answered', async () => {
    for (const hangMs of [10_000, 23_700, 60_000]) {
      const h = harness();
      h.poller.watch(DISPLAY);
      h.poller.watch(LIGHTS);
      h.poller.start();
      await vi.advanceTimersByTimeAsync(0);
      // The service hangs: every request sent now stays unanswered (until its own timeout, later).
      h.answer = () => new Promise<ModuleState>(() => undefined);
      await vi.advanceTimersByTimeAsync(hangMs);
      expect(h.events.filter((e) => e.startsWith('link '))).toHaveLength(1);
      // Asked again beside the hung request, not only every timeout: a handful, not a flood.
      const during = h.calls.length;
      expect(during).toBeLessThanOrEqual(2 + (2 * hangMs) / 2_500);
      h.answer = async () => ({ power: true, at: Date.now() });
      h.events.length = 0;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(h.events, `after a ${hangMs} ms hang`).toContain('link ok');
      expect(h.events).toContain('stale Display/1 false');
      expect(h.events).toContain('stale Lighting/1 false');
      h.poller.stop();
    }
  });

  it('drops the late answer of a request that a newer one overtook', async () => {
    const h = harness();
    const pending: ((s: ModuleState) => void)[] = [];
    h.answer = () => new Promise((resolve) => pending.push(resolve));
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(3_100); // hung after 2 s, asked again 1 s later
    expect(pending).toHaveLength(2);
    pending[1]!({ power: true });
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!({ power: false });
    await vi.advanceTimersByTimeAsync(0);
    const states = h.events.filter((e) => e.startsWith('state '));
    expect(states).toEqual(['state Display/1 {"power":true}']);
    h.poller.stop();
  });

  it('brings a module whose interval shrank forward, instead of waiting out the long interval', async () => {
    const h = harness();
    h.poller.watch(DISPLAY, false, 60_000);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(count(h, 'Display')).toBe(1);
    h.poller.watch(DISPLAY, false, undefined); // active again: the 2 s idle interval
    await vi.advanceTimersByTimeAsync(0);
    expect(count(h, 'Display')).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(count(h, 'Display')).toBe(3);
    h.poller.stop();
  });

  it('sends one state request per module, whatever the number of keys shown', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toEqual([DISPLAY, LIGHTS]);
  });

  it('polls at the idle interval when nobody touches the panel', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    // The first request at once, then one every idleMs: 1 + 60000/2000.
    expect(count(h, 'Display')).toBe(31);
  });

  it('polls at the fast interval for fastForMs after a press, then slows down again', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    h.calls.length = 0;
    h.poller.pressed();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(count(h, 'Display')).toBe(12);
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count(h, 'Display')).toBeLessThanOrEqual(6);
  });

  it('fetches the pressed module at once when asked after its exec returns', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(100);
    h.calls.length = 0;
    h.poller.refresh('Display/1');
    expect(h.calls).toEqual([DISPLAY]);
  });

  it('never has two requests in flight for one module, and fetches again after the one out returns', async () => {
    const h = harness();
    const pending: ((s: ModuleState) => void)[] = [];
    h.answer = () => new Promise((resolve) => pending.push(resolve));
    h.poller.watch(DISPLAY);
    h.poller.start();
    h.poller.refresh('Display/1');
    h.poller.refresh('Display/1');
    // Short of the 2 s after which a request counts as hung (then a new one may go out beside it).
    await vi.advanceTimersByTimeAsync(1_900);
    expect(count(h, 'Display')).toBe(1);
    pending[0]!({ power: false });
    await vi.advanceTimersByTimeAsync(0);
    // The refresh asked for while the first was out: its answer may predate the change.
    expect(count(h, 'Display')).toBe(2);
  });

  it('polls nothing while the page is hidden and everything at once when it shows again', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.poller.setHidden(true);
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
    h.poller.setHidden(false);
    expect(h.calls).toEqual([DISPLAY, LIGHTS]);
  });

  it('backs off exponentially with jitter while requests fail, up to a ceiling', async () => {
    const h = harness({ random: () => 0 });
    h.answer = async () => {
      throw new BridgeError({ code: 'ROOMDECK_NOT_FOUND', message: 'no such module' });
    };
    h.poller.watch(DISPLAY);
    h.poller.start();
    const times: number[] = [];
    const start = Date.now();
    h.answer = async () => {
      times.push(Date.now() - start);
      throw new BridgeError({ code: 'ROOMDECK_NOT_FOUND', message: 'no such module' });
    };
    await vi.advanceTimersByTimeAsync(30_000);
    const gaps = times.map((t, i) => t - (times[i - 1] ?? 0));
    // random() = 0 gives the lower half of each window: 250/2·2^n, capped at 5000/2.
    expect(gaps.slice(0, 6)).toEqual([125, 250, 500, 1000, 2000, 2500]);
  });

  it('spreads retries with jitter so panels do not retry in lockstep', async () => {
    const delays = new Set<number>();
    for (const r of [0, 0.5, 0.99]) {
      const h = harness({ random: () => r });
      h.answer = async () => {
        throw offline();
      };
      h.poller.watch(DISPLAY);
      h.poller.start();
      await vi.advanceTimersByTimeAsync(0);
      const before = Date.now();
      while (count(h, 'Display') < 2) await vi.advanceTimersByTimeAsync(1);
      delays.add(Date.now() - before);
      h.poller.stop();
    }
    expect(delays.size).toBe(3);
  });

  it('marks every module stale and reports the link lost on the first link-loss error', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.events.length = 0;
    h.answer = async (t) => {
      if (t.module === 'Display') throw offline();
      return new Promise<ModuleState>(() => {});
    };
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.events).toEqual([
      'link The Control Service is not answering.',
      'stale Display/1 true',
      'stale Lighting/1 true',
    ]);
    expect(h.poller.linkLost).toBe(true);
  });

  it('goes stale within 5 s of the service going away, at the default idle interval', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(500);
    h.answer = async () => {
      throw offline();
    };
    const lostAt = Date.now();
    while (!h.events.includes('stale Display/1 true')) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - lostAt).toBeLessThanOrEqual(5_000);
  });

  it('marks a module stale after failing for more than two periods, not on one failed poll', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.answer = async () => {
      throw new BridgeError({ code: 'ROOMDECK_DRIVER_ERROR', message: 'busy' });
    };
    await vi.advanceTimersByTimeAsync(2_100);
    expect(h.events).not.toContain('stale Display/1 true');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.events).toContain('stale Display/1 true');
  });

  it('brings every module back fresh as soon as one answers again, without being asked', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.watch(LIGHTS);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.answer = async () => {
      throw offline();
    };
    await vi.advanceTimersByTimeAsync(10_000);
    h.events.length = 0;
    h.answer = async (t) => ({ module: t.module });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.events).toContain('link ok');
    expect(h.events).toContain('stale Display/1 false');
    expect(h.events).toContain('stale Lighting/1 false');
    expect(h.events).toContain('state Lighting/1 {"module":"Lighting"}');
  });

  it('waits one interval before the first poll of a module whose state was just read', async () => {
    const h = harness();
    h.poller.watch(DISPLAY, true);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toEqual([DISPLAY]);
  });

  it('stops all timers when stopped', async () => {
    const h = harness();
    h.poller.watch(DISPLAY);
    h.poller.start();
    await vi.advanceTimersByTimeAsync(0);
    h.poller.stop();
    h.calls.length = 0;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
