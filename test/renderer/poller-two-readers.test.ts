import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModuleState } from '#contract';
import { Poller } from '../../renderer/src/lib/live/poller.ts';
import { systemClock } from '../../renderer/src/lib/time/clock.ts';

/*
 * One module read by two readers at once, as on a panel whose live channel comes and goes: the
 * page's own polls, and the main process's stream (its read of the module when the socket is up
 * again, then a state per change). Each reader is in order by itself; against each other they race,
 * every message taking its own time. The property: once the page has shown a value as live, it
 * never shows an older one as live (the service had moved on), and in the end it shows the
 * service's value, live.
 *
 * The model's one assumption, as for a room's devices: a module changes at most once in two of the
 * longest hops (a display's input does not change twice within 600 ms). Two changes closer than a
 * round trip, just as the socket comes back, can still show the first of them live for a moment
 * after the second: the page's check is one poll, and the push that follows it is trusted.
 */

const DISPLAY = { module: 'Display', index: 1 };
const KEY = 'Display/1';
/** The longest hop of any message: page ↔ main, main ↔ service. */
const HOP = 300;
const SETTINGS = { fastMs: 250, fastForMs: 3_000, idleMs: 2_000 };

interface Scenario {
  /** Gaps between the service's changes (ms). */
  changes: number[];
  /** How long the socket stays down, then up, alternately, from a down start (ms). */
  phases: number[];
  seed: number;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  changes: fc.array(fc.integer({ min: 2 * HOP, max: 6_000 }), { minLength: 1, maxLength: 6 }),
  phases: fc.array(fc.integer({ min: 50, max: 5_000 }), { minLength: 1, maxLength: 6 }),
  seed: fc.integer(),
});

/** A small seeded generator: each message's time on its way. */
function hops(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return 1 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * HOP);
  };
}

const indexOf = (state: ModuleState) => Number(String(state.input).slice(1));

async function run({ changes, phases, seed }: Scenario): Promise<void> {
  const hop = hops(seed);
  const start = Date.now();
  const at = (ms: number) => Math.max(0, start + ms - Date.now());
  // ── The service: v0, then a new value at each change ──
  const changeTimes: number[] = [];
  let when = 1_000;
  for (const gap of changes) {
    when += gap;
    changeTimes.push(when);
  }
  const valueAt = (t: number) => `v${changeTimes.filter((c) => c <= t - start).length}`;
  const read = (): Promise<ModuleState> =>
    new Promise((resolve) => {
      setTimeout(() => {
        const value = valueAt(Date.now());
        setTimeout(() => resolve({ input: value }), hop());
      }, hop());
    });

  // ── The page: its poller, and what it shows ──
  let shown: { value: number | null; stale: boolean } = { value: null, stale: false };
  let newestLive = -1;
  const regressions: string[] = [];
  const check = () => {
    if (shown.value === null || shown.stale) return;
    if (shown.value < newestLive)
      regressions.push(`v${shown.value} shown live at ${Date.now() - start} after v${newestLive}`);
    newestLive = Math.max(newestLive, shown.value);
  };
  const poller = new Poller({
    fetchState: read,
    settings: SETTINGS,
    clock: systemClock,
    random: () => 0.5,
    isLinkLoss: () => false,
    messageOf: String,
    events: {
      state: (_key, state) => {
        shown = { ...shown, value: indexOf(state) };
        check();
      },
      stale: (_key, stale) => {
        shown = { ...shown, stale };
        check();
      },
      link: () => undefined,
    },
  });
  poller.watch(DISPLAY);
  poller.start();

  // ── The main process's stream to the page: in order, each message delayed ──
  let delivered = 0;
  const toPage = (fn: () => void) => {
    delivered = Math.max(delivered, Date.now() + hop());
    setTimeout(fn, delivered - Date.now());
  };
  let socket = 0; // bumped at every down and up: what an older socket still has on its way is dropped
  let everPushed = false;
  // Down, up, down… from the start; the last phase is up and lasts to the end.
  const begins = [0];
  for (const length of phases) begins.push((begins.at(-1) as number) + length);
  if (begins.length % 2 === 1) begins.push((begins.at(-1) as number) + 1_000);
  const t = begins.at(-1) as number;
  for (const [i, begin] of begins.entries()) {
    setTimeout(() => {
      const mine = ++socket;
      if (i % 2 === 0) {
        toPage(() => poller.setPush(false));
        return;
      }
      // Up: what was pushed is stale; the keys are bound again (a hop there and back), then push,
      // then the read, then a state for each later change, as long as this socket lives.
      if (everPushed) toPage(() => poller.pushStale(KEY));
      setTimeout(() => {
        if (socket !== mine) return;
        toPage(() => poller.setPush(true));
        void read().then((state) => {
          if (socket !== mine) return;
          everPushed = true;
          toPage(() => poller.pushState(KEY, state));
          // The socket's notifies reach the main process in the order of the changes.
          let notified = 0;
          for (const [j, change] of changeTimes.entries()) {
            if (j + 1 <= indexOf(state)) continue;
            notified = Math.max(notified, at(change) + hop());
            setTimeout(() => {
              if (socket === mine) toPage(() => poller.pushState(KEY, { input: `v${j + 1}` }));
            }, notified);
          }
        });
      }, 2 * hop());
    }, at(begin));
  }
  await vi.advanceTimersByTimeAsync(Math.max(t, when) + 5_000);
  poller.stop();
  expect(regressions).toEqual([]);
  expect(shown).toEqual({ value: changeTimes.length, stale: false });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a module read by the page and pushed by the main process', () => {
  it('never shows an older value as live once a newer one was shown, and ends on the service’s value', async () => {
    await fc.assert(fc.asyncProperty(scenario, run), { numRuns: 2_000 });
  });
});
