/**
 * One-touch Join: `npm run bench -- join` (node --import tsx bench/join.ts [--joins 20]). Real
 * Chromium on the browser host and the simulator, Harbour Boardroom's welcome with its booked
 * meeting: each run touches Join with the room off and no call, and times in the page (from the
 * touch, on the page's own clock) until it shows "Starting the room", and until it shows the codec's
 * call (Calling: the codec lists it as dialling or ringing). Between runs the call is hung up and
 * the room switched off through the service. The projector's warm-up is set to none, so the
 * figure is the panel's and the codec's, not the lamp's (the call does not wait for the screens:
 * a warming projector shows as such beside it). Prints JSON lines, p50 and p95 of each.
 */
import { startStack } from '../test/e2e/support/processes.ts';
import { Service } from '../test/e2e/support/service.ts';
import { launch, newPanelPage, openRoom } from './renderer/panel.ts';
import { emit } from './renderer/report.ts';
import { median, percentile, round } from './support/stats.ts';

const BOARDROOM = 'sys-harbour-boardroom';
const at = process.argv.indexOf('--joins');
const JOINS = at === -1 ? 20 : Number(process.argv[at + 1]);

/** In the page: touch Join, then each frame until the page shows the join's progress and the call. */
const TIME_JOIN = `new Promise((resolve, reject) => {
  const button = document.querySelector('[data-press="join"]');
  if (!button) return reject(new Error('no Join button'));
  let startingAt = Number.NaN;
  const t0 = performance.now();
  const check = () => {
    const now = performance.now();
    if (Number.isNaN(startingAt) && document.querySelector('[data-join-stage]')) startingAt = now - t0;
    if (document.querySelector('[data-call-status]')) return resolve({ starting: startingAt, calling: now - t0 });
    if (now - t0 > 30000) return reject(new Error('no call shown within 30 s'));
    requestAnimationFrame(check);
  };
  button.click();
  check();
})`;

async function main(): Promise<void> {
  const stack = await startStack();
  const browser = await launch();
  const service = new Service(() => stack.simulator.url);
  try {
    await service.moduleSettings('mod-boardroom-projector', { warm_up_seconds: 0, cool_down_seconds: 0 });
    const page = await newPanelPage(browser);
    await openRoom(page, stack.host.url, { search: 'boardroom', name: 'Harbour Boardroom' });
    const starting: number[] = [];
    const calling: number[] = [];
    for (let i = 0; i < JOINS; i++) {
      await service.exec(BOARDROOM, 'VidConf', 'hangup', []);
      await service.exec(BOARDROOM, 'RoomLogic', 'power', [false]);
      await page.locator('.panel[data-view="welcome"] [data-press="join"]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.querySelector('[data-call-status]') === null);
      // A string, not a function: tsx would wrap a named closure in a helper the page does not have.
      const times = (await page.evaluate(TIME_JOIN)) as { starting: number; calling: number };
      starting.push(times.starting);
      calling.push(times.calling);
    }
    await service.exec(BOARDROOM, 'VidConf', 'hangup', []);
    emit('Join touch → "Calling" shown (the codec lists the call) p50', median(calling), 'ms', {
      p95: round(percentile(calling, 95)),
      goal: '< 1000 plus the devices’ own warm-up',
      joins: calling.length,
      runs: calling.map((v) => round(v)),
    });
    emit('Join touch → "Starting the room" shown p50', median(starting), 'ms', {
      p95: round(percentile(starting, 95)),
      joins: starting.length,
    });
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
