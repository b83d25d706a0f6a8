// The specs that read a time the page shows, run in time zones chosen so that the local time at the
// start is about 03:00, 09:00, 23:30 and just before midnight (the run then crosses it). A suite
// written in the afternoon passed from 10:00 to 23:59 only; this finds the next such test whatever
// hour it is run at. Daylight saving and midnight on the page's own clock: clock-rollover.spec.ts.
//
//   npm run test:time-zones                  every target, the time-sensitive specs
//   npm run test:time-zones -- --at 07:00    one target (HH:MM or midnight); after `--`: Playwright's
//
// Each run sets TZ for Playwright, the simulator and the host (they inherit it) and
// ROOMDECK_E2E_TZ for the browser (playwright.config.ts). Prints one line per zone and a summary.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

export const TIME_SPECS = [
  'test/e2e/room-panel.spec.ts',
  'test/e2e/panel-booking.spec.ts',
  'test/e2e/panel-words.spec.ts',
  'test/e2e/technician-languages.spec.ts',
  'test/e2e/technician-i18n.spec.ts',
  'test/e2e/i18n-language-choice.spec.ts',
  'test/e2e/clock-rollover.spec.ts',
];
const TARGETS = ['03:00', '09:00', '23:30', 'midnight'];

/** Minutes after local midnight in `zone` at `epochMs`. */
function minuteOfDay(zone, epochMs) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const get = (type) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * The zone whose local time now is nearest `target` ("HH:MM"), or for "midnight" the zone where
 * midnight comes soonest but not within the next 3 minutes (the run starts before it and crosses
 * it). Ties go to the first in IANA order.
 */
export function zoneNear(target, epochMs = Date.now()) {
  const distanceOf =
    target === 'midnight'
      ? (minute) => {
          const left = 1440 - minute;
          return left < 3 ? Number.POSITIVE_INFINITY : left;
        }
      : (minute) => {
          const [h, m] = target.split(':').map(Number);
          const d = Math.abs(minute - (h * 60 + m));
          return Math.min(d, 1440 - d);
        };
  let best = null;
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    if (!zone.includes('/') || zone.startsWith('Etc/')) continue;
    const distance = distanceOf(minuteOfDay(zone, epochMs));
    if (best === null || distance < best.distance) best = { zone, distance };
  }
  return best.zone;
}

const localTime = (zone) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.now());

function run(zone, extra) {
  return new Promise((resolve) => {
    // The first project only: what a time zone changes does not depend on the API generation.
    const child = spawn(
      'npx',
      ['playwright', 'test', '--project=e2e', ...(extra.length > 0 ? extra : TIME_SPECS)],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          TZ: zone,
          ROOMDECK_E2E_TZ: zone,
          ROOMDECK_E2E_REPORT: `test-results/playwright-tz-${zone.replace(/\W/g, '_')}.json`,
        },
      },
    );
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: { at: { type: 'string', multiple: true } },
    allowPositionals: true,
  });
  const targets = values.at ?? TARGETS;
  const results = [];
  for (const target of targets) {
    if (!/^\d\d:\d\d$/.test(target) && target !== 'midnight') {
      console.error(`test:time-zones: --at wants HH:MM or midnight, not "${target}"`);
      process.exit(2);
    }
    // Chosen just before its run: the runs before it took minutes.
    const zone = zoneNear(target);
    console.log(`\ntest:time-zones: ${zone}, local time ${localTime(zone)} (target ${target})`);
    const code = await run(zone, positionals);
    results.push({ target, zone, ok: code === 0 });
  }
  for (const r of results)
    console.log(`test:time-zones: ${r.ok ? 'passed' : 'FAILED'} in ${r.zone} (about ${r.target})`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(JSON.stringify({ timeZones: results }));
  process.exit(failed === 0 ? 0 : 1);
}
