// Issue 23's panel figures, before and after in one run: the same real panel (Chromium, the browser
// host, the huddle room in use) with the live channel off (`--live off`: polling, as before) and on
// (push), each figure taken in three runs per mode and printed as the medians side by side.
import type { Page } from '@playwright/test';
import { PAGE_KEY_HEADER, PAGE_KEY_STORAGE } from '../../contract/page-key.ts';
import { Service } from '../../test/e2e/support/service.ts';
import { median, percentile, round } from '../support/stats.ts';
import { benchIdleAtService } from './idle.ts';
import { startLiveStack } from './live-stack.ts';
import { HUDDLE, launch, newPanelPage, openDisplayControls, openHuddle } from './panel.ts';
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

interface Run {
  /** What the host told the page: push or polling (and why). */
  mode: string;
  requestsPerS: number;
  framesPerS: number;
  byRoute: Record<string, number>;
  framesIn: Record<string, number>;
  framesOut: Record<string, number>;
  connections: number;
  confirmed: number[];
  exec: number[];
}

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

async function runMode(live: LiveMode, options: LiveCompareOptions): Promise<Run[]> {
  const stack = await startLiveStack(live);
  const browser = await launch();
  try {
    const service = new Service(() => stack.simulatorUrl);
    await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
    await service.exec(HUDDLE, 'Display', 'power', [true]);
    await service.panelLayout(HUDDLE, { advanced: true });
    const runs: Run[] = [];
    for (let r = 0; r < options.runs; r++) {
      // A fresh page each run: the previous one's timers and stream are gone with its context.
      const page = await newPanelPage(browser);
      await openHuddle(page, stack.host.url);
      const idle = await benchIdleAtService(page, stack, options.idleMs);
      const mode = await liveStatus(page);
      await openDisplayControls(page);
      const { confirmed, exec } = await benchConfirmed(page, options.presses);
      await page.context().close();
      runs.push({
        mode,
        requestsPerS: idle.requestsPerS,
        framesPerS: idle.framesPerS,
        byRoute: idle.counts.byRoute,
        framesIn: idle.counts.socket.in,
        framesOut: idle.counts.socket.out,
        connections: idle.counts.socket.connections,
        confirmed,
        exec,
      });
      console.error(
        `bench live ${live} run ${r + 1}: ${round(idle.requestsPerS, 4)} req/s, ${round(idle.framesPerS, 4)} frames/s, ${mode}`,
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

export async function benchLiveCompare(options: LiveCompareOptions): Promise<void> {
  const results: { before?: Run[]; after?: Run[] } = {};
  for (const live of options.modes)
    results[live === 'off' ? 'before' : 'after'] = await runMode(live, options);
  const { before, after } = results;
  const each = (pick: (run: Run) => number) => ({ before: before?.map(pick), after: after?.map(pick) });
  const windowS = options.idleMs / 1000;
  const modes = { before: before?.map((r) => r.mode), after: after?.map((r) => r.mode) };

  emitCompare(
    'idle panel (huddle, in use): HTTP requests/s at the simulator',
    'req/s',
    each((r) => r.requestsPerS),
    {
      goal: 'after <= 0.02',
      windowS,
      modes,
      byRoute: {
        before: before && summed(before, (r) => r.byRoute),
        after: after && summed(after, (r) => r.byRoute),
      },
    },
  );
  emitCompare(
    'idle panel (huddle, in use): control websocket frames/s at the simulator, both ways, pings included',
    'frames/s',
    each((r) => r.framesPerS),
    {
      goal: 'after <= 0.1',
      windowS,
      framesIn: {
        before: before && summed(before, (r) => r.framesIn),
        after: after && summed(after, (r) => r.framesIn),
      },
      framesOut: {
        before: before && summed(before, (r) => r.framesOut),
        after: after && summed(after, (r) => r.framesOut),
      },
      connectionsOpened: {
        before: before?.map((r) => r.connections),
        after: after?.map((r) => r.connections),
      },
    },
  );
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
