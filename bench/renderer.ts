/**
 * Renderer benchmarks: `npm run bench -- renderer` (node --import tsx --import ./bench/support/svelte-runes.ts bench/renderer.ts). One JSON line per figure, each the median of
 * several runs (the runs are included). Drives real Chromium against the browser host and the
 * simulator, except the heap figure, which runs the poller core in Node with a fake bridge.
 * This file runs the suite in order; each measurement lives in bench/renderer/ (build, panel,
 * press, idle, startup, heap) and report.ts prints the figures.
 *
 * `--live-compare`: instead of the suite, the live channel's figures before and after in
 * one run, counted at the simulator (bench/renderer/counted-simulator.ts), not in the page. A host
 * with `--live off` (polling, as before) and one with live on (push), side by side (each with its
 * own simulator, so the counts cannot mix); three runs each, the medians side by side as JSON
 * lines (`before`, `after`, and every run):
 *   - the idle panel (Harbour Boardroom, room off, with a calendar, untouched past idleAfterMs,
 *     shortened to 10 s for the bench): HTTP requests/s (every request: state, modules, system,
 *     bookings, tokens; listed by route) and control websocket frames/s both ways (pings and pongs
 *     included; listed by kind). The live channel's goals: <= 0.02 requests/s, <= 0.1 frames/s.
 *   - the same for the huddle in use (room on, untouched), over half the window;
 *   - press → confirmed p50/p95 (Display power, simulator latency 0), with the bare exec round trip.
 *   npm run bench -- renderer --live-compare                  about 12 minutes (both modes at once)
 *   npm run bench -- renderer --live-compare --idle-seconds 60 --runs 3 --presses 20 --live-modes off,on
 */
import { startStack } from '../test/e2e/support/processes.ts';
import { Service } from '../test/e2e/support/service.ts';
import { bundleSize } from './renderer/build.ts';
import { benchHeap } from './renderer/heap.ts';
import { benchAuditoriumIdle, benchIdle, benchIdleWelcome } from './renderer/idle.ts';
import { HUDDLE, launch, newPanelPage, openDisplayControls, openHuddle } from './renderer/panel.ts';
import { benchConfirmed, benchPressed } from './renderer/press.ts';
import { emit, reportColdStart } from './renderer/report.ts';
import { benchColdStart } from './renderer/startup.ts';
import { benchLiveCompare, type LiveMode } from './renderer/live.ts';
import { median, percentile, round } from './support/stats.ts';

/** `--startup`: only the start-up figures (the bundle is built first, as the host serves it). */
async function startupOnly(runs: number): Promise<void> {
  const size = bundleSize();
  emit(
    'renderer JS + CSS gzip named first (entry, modulepreloads, catalogue, stylesheet)',
    (size.startGzip + size.startCssGzip) / 1024,
    'KB',
    {
      goal: '<= 60',
      jsKB: round(size.startGzip / 1024),
      cssKB: round(size.startCssGzip / 1024),
      files: size.startFiles,
      // The same page served in each language: only its catalogue differs.
      byLanguageKB: Object.fromEntries(
        Object.entries(size.byLanguage).map(([code, named]) => [
          code,
          round((named.startGzip + named.startCssGzip) / 1024),
        ]),
      ),
    },
  );
  const stack = await startStack({ latencyMs: 0 });
  const browser = await launch();
  try {
    // Signed in, with the room chosen (in use): what a panel finds when it starts again.
    const service = new Service(() => stack.simulator.url);
    await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
    const page = await newPanelPage(browser);
    await openHuddle(page, stack.host.url);
    await page.context().close();
    reportColdStart(await benchColdStart(browser, stack, runs));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** A numeric flag's value (`--name N`), or the default. */
function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} wants a positive number`);
  return value;
}

function liveModes(): LiveMode[] {
  const at = process.argv.indexOf('--live-modes');
  const modes = (at === -1 ? 'off,on' : (process.argv[at + 1] ?? '')).split(',');
  if (modes.length === 0 || modes.some((m) => m !== 'off' && m !== 'on'))
    throw new Error('--live-modes wants off, on or off,on');
  return modes as LiveMode[];
}

async function main(): Promise<void> {
  if (process.argv.includes('--live-compare')) {
    bundleSize(); // the renderer and the host built as npm start serves them
    return benchLiveCompare({
      modes: liveModes(),
      runs: flag('runs', 3),
      idleMs: flag('idle-seconds', 120) * 1000,
      presses: flag('presses', 20),
    });
  }
  if (process.argv.includes('--startup')) {
    const at = process.argv.indexOf('--runs');
    return startupOnly(at === -1 ? 5 : Number(process.argv[at + 1]));
  }
  const size = bundleSize();
  emit(
    'renderer JS gzip size, loaded at start (entry, modulepreloads, catalogue)',
    size.startGzip / 1024,
    'KB',
    {
      goal: '<= 80',
      rawKB: round(size.startRaw / 1024),
      files: size.startFiles,
    },
  );
  emit('renderer JS gzip size, all (with what loads on demand)', size.gzip / 1024, 'KB', {
    rawKB: round(size.raw / 1024),
  });

  const heap: number[] = [];
  for (let i = 0; i < 3; i++) heap.push(await benchHeap());
  emit('heap growth over 10,000 poll cycles (6 modules)', median(heap) / 1024, 'KB', {
    goal: '<= 1024',
    runs: heap.map((h) => round(h / 1024)),
  });

  const stack = await startStack({ latencyMs: 0 });
  const browser = await launch();
  try {
    const service = new Service(() => stack.simulator.url);
    await service.exec(HUDDLE, 'RoomLogic', 'power', [true]);
    await service.exec(HUDDLE, 'Display', 'power', [true]);
    await service.panelLayout(HUDDLE, { advanced: true });
    const page = await newPanelPage(browser);
    await openHuddle(page, stack.host.url);
    await openDisplayControls(page);

    const pressed = await benchPressed(page);
    emit('press → pressed state (to attribute) p95', percentile(pressed.attr, 95), 'ms', {
      goal: '<= 16',
      median: round(median(pressed.attr)),
      presses: pressed.attr.length,
    });
    emit('press → pressed state (to next frame) p95', percentile(pressed.frame, 95), 'ms', {
      goal: '<= 16',
      median: round(median(pressed.frame)),
    });

    const { confirmed, exec } = await benchConfirmed(page);
    emit('press → confirmed (simulator latency 0)', median(confirmed), 'ms', {
      execRoundTripMs: round(median(exec)),
      overheadMs: round(median(confirmed) - median(exec)),
      goal: '<= exec round trip + 50',
      runs: confirmed.map((c) => round(c)),
    });

    const idle = await benchIdle(page);
    emit('idle panel state requests per minute per bound module', median(idle.perModule), 'req/min', {
      goal: '<= 30',
      otherBridgeRequestsPerMin: round(median(idle.other)),
      runs: idle.perModule.map((r) => round(r)),
    });
    await page.context().close();

    const welcome = await benchIdleWelcome(browser, stack, service);
    emit(
      'idle panel, room off (Harbour Boardroom, with a calendar): requests per second to the service',
      median(welcome.perSecond),
      'req/s',
      {
        goal: '<= 0.5',
        byVerb: welcome.byVerb,
        runs: welcome.perSecond.map((r) => round(r)),
      },
    );

    const auditorium = await benchAuditoriumIdle(browser, stack, service);
    emit(
      'idle auditorium panel: state requests per minute, before (every module with a control polled)',
      auditorium.before,
      'req/min',
      {
        modules: auditorium.beforeModules,
        note: 'model: modules the previous one-page layout polled × 60 s / idle interval',
      },
    );
    for (const [screen, runs] of Object.entries(auditorium.after)) {
      emit(`idle auditorium panel: state requests per minute, after (${screen})`, median(runs), 'req/min', {
        goal: 'only the shown page’s modules + the room’s own state',
        modules: auditorium.modules[screen],
        runs: runs.map((r) => round(r)),
      });
    }

    reportColdStart(await benchColdStart(browser, stack));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
