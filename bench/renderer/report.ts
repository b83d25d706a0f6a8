// The figures as JSON lines on stdout, one per metric (what npm run bench prints).
import { median, round } from '../support/stats.ts';
import type { ColdStart } from './startup.ts';

export function emit(metric: string, value: number, unit: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ metric, value: round(value), unit, ...extra }));
}

/** The start-up figures: the page's own marks, what the driver sees, a warm reload, the host spawn. */
export function reportColdStart(cold: ColdStart): void {
  const ms = (values: number[]) => values.map((v) => round(v));
  // The page's own mark: navigation start (opening the printed address) → the room's controls on
  // screen and live.
  emit('cold start: host page load → interactive panel', median(cold.marked), 'ms', {
    goal: '<= 150',
    runs: ms(cold.marked),
    // On the way: the panel's code compiled and running, the host's boot answer in.
    codeLoadedMs: round(median(cold.codeLoaded)),
    bootAnsweredMs: round(median(cold.bootAnswered)),
    catalogueReadyMs: round(median(cold.marksByRun.map((run) => run.cold.catalogueReady))),
  });
  // What a driver polling from outside sees: the mark plus the driver's own polling and round trip.
  emit(
    'cold start: host page load → interactive panel, seen by the driver',
    median(cold.toInteractive),
    'ms',
    {
      inPageMs: round(median(cold.inPage)),
      // Not part of the figure: each run's fresh Chromium context is opened before the spawn.
      newBrowserContextMs: round(median(cold.context)),
      runs: ms(cold.toInteractive),
    },
  );
  emit('warm reload: navigation → interactive panel (host already warm)', median(cold.reloadMarked), 'ms', {
    goal: '<= 150',
    runs: ms(cold.reloadMarked),
    seenByDriverMs: round(median(cold.reload)),
  });
  // The page's marks run by run (ms since navigation): code loaded, boot answered, catalogue ready, interactive.
  const marks = (m: ColdStart['marksByRun'][number]['cold']) => ({
    codeLoaded: round(m.codeLoaded),
    bootAnswered: round(m.bootAnswered),
    catalogueReady: round(m.catalogueReady),
    interactive: round(m.interactive),
  });
  cold.marksByRun.forEach((run, i) => {
    console.log(
      JSON.stringify({
        metric: 'start-up marks',
        run: i + 1,
        cold: marks(run.cold),
        reload: marks(run.reload),
      }),
    );
  });
  emit('cold start: browser host process spawn → listening (compiled host)', median(cold.hostStart), 'ms', {
    runs: ms(cold.hostStart),
  });
  // The sum of the two medians above: the figure earlier builds' benchmark printed (side by side).
  emit('cold start: spawn → interactive panel', median(cold.hostStart) + median(cold.marked), 'ms', {
    goal: '<= 300',
  });
  // What a person at a panel waits: spawn to interactive on one clock, whatever the host still does
  // after announcing itself included.
  emit(
    'cold start: spawn → interactive panel, one clock (browser already open)',
    median(cold.oneClock),
    'ms',
    {
      runs: ms(cold.oneClock),
    },
  );
}

/**
 * One figure before and after, side by side: the median of each mode's runs (`before` = the live
 * channel off, polling as before the live channel; `after` = push). A mode that was not run is left out.
 */
export function emitCompare(
  metric: string,
  unit: string,
  runs: { before?: number[]; after?: number[] },
  extra: Record<string, unknown> = {},
): void {
  // Rates near the goals (0.02 requests/s) need more digits than milliseconds do.
  const fine = (v: number) => round(v, Math.abs(v) < 1 ? 4 : 2);
  const side = (values: number[] | undefined) => (values === undefined ? undefined : fine(median(values)));
  console.log(
    JSON.stringify({
      metric,
      unit,
      before: side(runs.before),
      after: side(runs.after),
      ...extra,
      runs: {
        before: runs.before?.map(fine),
        after: runs.after?.map(fine),
      },
    }),
  );
}
