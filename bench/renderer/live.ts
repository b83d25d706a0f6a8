// The live channel's panel figures, before and after in one run: the same real panel (Chromium, the browser
// host, the huddle room in use) with the live channel off (`--live off`: polling, as before) and on
// (push), each figure taken in three runs per mode and printed as the medians side by side.
import type { Page } from '@playwright/test';
import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE } from '../../contract/page-key.ts';
import { DEFAULTS } from '../../core/config/defaults.ts';
import { Service } from '../../test/e2e/support/service.ts';
import { median, percentile, round } from '../support/stats.ts';
import { benchIdleAtService } from './idle.ts';
import { startLiveStack } from './live-stack.ts';
import { HUDDLE, launch, newPanelPage, openDisplayControls, openHuddle, openRoom } from './panel.ts';
import { benchConfirmed } from './press.ts';
import { emitCompare } from './report.ts';

export type LiveMode = 'off' | 'on';

export interface LiveCompareOptions {
  /** Which modes, in order; both unless told (`--live-modes off` before push has landed). */
  modes: LiveMode[];
  runs: number;
  /** The idle window of each run. Long: the goal (0.02 requests/s) is about one request a minute. */
  idleMs: number;
  /** Presses per run for the press → confirmed percentiles. */
  presses: number;
}

/** One idle window, counted at the simulator. */
interface Idle {
  requestsPerS: number;
  framesPerS: number;
  byRoute: Record<string, number>;
  framesIn: Record<string, number>;
  framesOut: Record<string, number>;
  connections: number;
}

interface Run {
  /** What the host told the page: push or polling (and why). */
  mode: string;
  /** The idle panel: room off, nobody touching it (past idleAfterMs), a room with a calendar. */
  off: Idle;
  /** The huddle in use (room on), nobody touching it. */
  inUse: Idle;
  confirmed: number[];
  exec: number[];
}

/** Room off and untouched this long makes the panel idle (README, `poll`); 120 s by default. */
const IDLE_AFTER_MS = 10_000;
const BOARDROOM = { id: 'sys-harbour-boardroom', search: 'boardroom', name: 'Harbour Boardroom' };

/** The host's live status as the page's own bridge asks for it (cookie and this tab's page key). */
async function liveStatus(page: Page): Promise<string> {
  return page.evaluate(
    async ([header, storage]) => {
      const response = await fetch('/bridge/live/status', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: sessionStorage.getItem(storage) ?? '' },
        body: '{}',
      });
      if (!response.ok) return `unknown (the bridge answered ${response.status})`;
      const body = (await response.json()) as { ok: boolean; value?: { mode: string; reason?: string } };
      const status = body.value;
      if (!body.ok || status === undefined) return 'unknown (the bridge refused live.status)';
      return status.reason ? `${status.mode} (${status.reason})` : status.mode;
    },
    [PAGE_KEY_HEADER, PAGE_KEY_STORAGE] as const,
  );
}

const idleOf = (idle: Awaited<ReturnType<typeof benchIdleAtService>>): Idle => ({
  requestsPerS: idle.requestsPerS,
  framesPerS: idle.framesPerS,
  byRoute: idle.counts.byRoute,
  framesIn: idle.counts.socket.in,
  framesOut: idle.counts.socket.out,
  connections: idle.counts.socket.connections,
});

async function runMode(live: LiveMode, options: LiveCompareOptions): Promise<Run[]> {
  // The same rates as the defaults; only the wait before a room-off panel counts as idle is shorter,
  // so each run need not sit two minutes before its window (the rates after it are what is measured).
  const stack = await startLiveStack(live, { poll: { ...DEFAULTS.poll, idleAfterMs: IDLE_AFTER_MS } });
  const browser = await launch();
  try {
    const service = new Service(() => stack.simulatorUrl);
    await service.panelLayout(HUDDLE, { advanced: true });
    const runs: Run[] = [];
    for (let r = 0; r < options.runs; r++) {
      // A fresh page each time: the previous one's timers and stream are gone with its context.
      await service.exec(BOARDROOM.id, 'RoomLogic', 'power', [false]);
      const welcome = await newPanelPage(browser);
      await openRoom(welcome, stack.host.url, BOARDROOM);
      const off = await benchIdleAtService(welcome, stack, options.idleMs, IDLE_AFTER_MS + 5_000);
      const mode = await liveStatus(welcome);
      await welcome.context().close();

      await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
      await service.exec(HUDDLE, 'Display', 'power', [true]);
      const page = await newPanelPage(browser);
      await openHuddle(page, stack.host.url);
      const inUse = await benchIdleAtService(page, stack, options.idleMs / 2);
      await openDisplayControls(page);
      const { confirmed, exec } = await benchConfirmed(page, options.presses);
      await page.context().close();
      runs.push({ mode, off: idleOf(off), inUse: idleOf(inUse), confirmed, exec });
      console.error(
        `bench live ${live} run ${r + 1} (${mode}): room off ${round(off.requestsPerS, 4)} req/s ${round(off.framesPerS, 4)} frames/s; in use ${round(inUse.requestsPerS, 4)} req/s ${round(inUse.framesPerS, 4)} frames/s; confirmed p50 ${round(median(confirmed))} ms`,
      );
    }
    return runs;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** Counts summed over a mode's runs: what remains, by route or frame kind. */
function summed(runs: Run[], pick: (run: Run) => Record<string, number>): Record<string, number> {
  const total: Record<string, number> = {};
  for (const run of runs) for (const [k, n] of Object.entries(pick(run))) total[k] = (total[k] ?? 0) + n;
  return Object.fromEntries(Object.entries(total).sort((a, b) => b[1] - a[1]));
}

function emitIdle(
  label: string,
  results: { before?: Run[]; after?: Run[] },
  pick: (run: Run) => Idle,
  windowS: number,
  goals: boolean,
): void {
  const { before, after } = results;
  const each = (f: (idle: Idle) => number) => ({
    before: before?.map((r) => f(pick(r))),
    after: after?.map((r) => f(pick(r))),
  });
  const sum = (f: (idle: Idle) => Record<string, number>) => ({
    before: before && summed(before, (r) => f(pick(r))),
    after: after && summed(after, (r) => f(pick(r))),
  });
  emitCompare(
    `${label}: HTTP requests/s at the simulator`,
    'req/s',
    each((i) => i.requestsPerS),
    {
      ...(goals ? { goal: 'after <= 0.02' } : {}),
      windowS,
      modes: { before: before?.map((r) => r.mode), after: after?.map((r) => r.mode) },
      // Summed over the runs' windows: what the requests were.
      byRoute: sum((i) => i.byRoute),
    },
  );
  emitCompare(
    `${label}: control websocket frames/s at the simulator, both ways, pings and pongs included`,
    'frames/s',
    each((i) => i.framesPerS),
    {
      ...(goals ? { goal: 'after <= 0.1' } : {}),
      windowS,
      framesIn: sum((i) => i.framesIn),
      framesOut: sum((i) => i.framesOut),
      connectionsOpened: {
        before: before?.map((r) => pick(r).connections),
        after: after?.map((r) => pick(r).connections),
      },
    },
  );
}

export async function benchLiveCompare(options: LiveCompareOptions): Promise<void> {
  // Both modes at once, each on its own simulator and host (the counts cannot mix): half the wall
  // time, and whatever else loads the machine loads both sides alike.
  const done = await Promise.all(options.modes.map((live) => runMode(live, options)));
  const results: { before?: Run[]; after?: Run[] } = {};
  options.modes.forEach((live, i) => {
    results[live === 'off' ? 'before' : 'after'] = done[i];
  });
  const { before, after } = results;
  const each = (pick: (run: Run) => number) => ({ before: before?.map(pick), after: after?.map(pick) });
  const windowS = options.idleMs / 1000;

  emitIdle(
    'idle panel (Harbour Boardroom, room off, with a calendar, untouched)',
    results,
    (r) => r.off,
    windowS,
    true,
  );
  emitIdle('idle panel in use (Huddle 3.2, room on, untouched)', results, (r) => r.inUse, windowS / 2, false);
  emitCompare(
    'press → confirmed p50 (Display power, simulator latency 0)',
    'ms',
    each((r) => median(r.confirmed)),
    {
      presses: options.presses,
      execRoundTripMs: {
        before: before && round(median(before.map((r) => median(r.exec)))),
        after: after && round(median(after.map((r) => median(r.exec)))),
      },
    },
  );
  emitCompare(
    'press → confirmed p95 (Display power, simulator latency 0)',
    'ms',
    each((r) => percentile(r.confirmed, 95)),
    {
      presses: options.presses,
    },
  );
}
