// `npm run bench`: every benchmark in turn, each in its own process so one's heap and JIT state do
// not colour the next. Figures are JSON lines on stdout.
//   npm run bench -- fleet                 only the named suites (query, simulator, renderer, fleet, live-fleet, join)
//   npm run bench -- fleet --seconds 20    flags after the names go to the suites
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Each suite's file, what Node must load first (the fleet runs the renderer's rune classes), and
 * whether it drives Chromium (installed first where it is missing, as the e2e suite does).
 */
const SUITES: Record<string, { file: string; imports: string[]; browser?: true }> = {
  query: { file: 'bench/query.ts', imports: ['tsx'] },
  simulator: { file: 'bench/simulator.ts', imports: ['tsx'] },
  // The renderer's word-making modules (lib/i18n) are .svelte.ts: the idle figures import them.
  renderer: { file: 'bench/renderer.ts', imports: ['tsx', './bench/support/svelte-runes.ts'], browser: true },
  fleet: { file: 'bench/fleet.ts', imports: ['tsx', './bench/support/svelte-runes.ts'] },
  'live-fleet': { file: 'bench/live-fleet.ts', imports: ['tsx'] },
  join: { file: 'bench/join.ts', imports: ['tsx'] },
};

const args = process.argv.slice(2);
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const names = firstFlag === -1 ? args : args.slice(0, firstFlag);
const flags = firstFlag === -1 ? [] : args.slice(firstFlag);
const unknown = names.filter((n) => !(n in SUITES));
if (unknown.length > 0) {
  console.error(
    `bench: no suite named ${unknown.join(', ')}; the suites are ${Object.keys(SUITES).join(', ')}.`,
  );
  process.exit(2);
}
const chosen = (names.length > 0 ? names : Object.keys(SUITES)).map((n) => SUITES[n]!);

if (
  chosen.some((s) => s.browser) &&
  spawnSync('bash', ['scripts/ensure-chromium.sh'], { stdio: 'inherit' }).status !== 0
) {
  console.error('bench: no Chromium for the renderer suite (scripts/ensure-chromium.sh says why).');
  process.exit(1);
}

let failed = 0;
for (const { file, imports } of chosen.filter((s) => existsSync(s.file))) {
  const result = spawnSync(process.execPath, [...imports.flatMap((i) => ['--import', i]), file, ...flags], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench: ${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
