// The end-to-end suite under load: what a newcomer's busy laptop or a shared CI runner does to it.
// A test that passes only on an idle machine fails here.
//
//   npm run test:stress                      three runs of the e2e suite beside a CPU hog
//   npm run test:stress -- --runs 1 --load build -- test/e2e/panel.spec.ts
//
// --load cpu   (default) one busy-looping process per core, at the tests' own priority
// --load build the renderer built again and again beside the tests (Vite: CPU, disk and memory)
// --runs N     how many runs in a row (default 3); each must pass
// --zones on   (default) then the time-sensitive specs in zones where it is about 03:00, 09:00,
//              23:30 and just before midnight, under the same load (scripts/test-time-zones.mjs);
//              off skips them
// Anything after `--` goes to Playwright (spec files, -g …).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: 'cpu' },
    zones: { type: 'string', default: 'on' },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) fail(`--runs wants a whole number of runs, not "${values.runs}"`);
if (values.load !== 'cpu' && values.load !== 'build') fail(`--load is cpu or build, not "${values.load}"`);
if (values.zones !== 'on' && values.zones !== 'off') fail(`--zones is on or off, not "${values.zones}"`);

function fail(message) {
  console.error(`test:stress: ${message}`);
  process.exit(2);
}

/** Runs a command to its end, output shown; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts the load; returns a function that stops it. */
function startLoad(kind) {
  const children = [];
  let stopped = false;
  if (kind === 'cpu') {
    for (let i = 0; i < availableParallelism(); i++) {
      children.push(
        spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
      );
    }
  } else {
    const again = () => {
      if (stopped) return;
      const build = spawn(
        'npx',
        [
          'vite',
          'build',
          '--config',
          'renderer/vite.config.ts',
          '--outDir',
          'test-results/stress-build',
          '--emptyOutDir',
        ],
        {
          stdio: 'ignore',
        },
      );
      children.push(build);
      build.on('exit', again);
    };
    again();
  }
  return () => {
    stopped = true;
    for (const child of children) child.kill('SIGKILL');
  };
}

for (const step of [
  ['bash', ['scripts/ensure-chromium.sh']],
  ['npm', ['run', 'build:renderer']],
  ['npm', ['run', 'build:host']],
]) {
  const code = await run(step[0], step[1]);
  if (code !== 0) fail(`${step.slice(0, 1).concat(step[1]).join(' ')} failed (${code})`);
}

const results = [];
const stopLoad = startLoad(values.load);
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });
}
for (let i = 1; i <= runs; i++) {
  console.log(
    `test:stress: run ${i} of ${runs}, e2e beside a ${values.load} load on ${availableParallelism()} cores`,
  );
  const started = Date.now();
  const code = await run('npx', ['playwright', 'test', ...positionals]);
  results.push({ run: i, passed: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  console.log(`test:stress: run ${i}: ${code === 0 ? 'green' : 'red'} in ${results.at(-1).seconds} s`);
}
let zonesGreen = true;
if (values.zones === 'on') {
  console.log('test:stress: the time-sensitive specs in four time zones, beside the same load');
  zonesGreen = (await run('node', ['scripts/test-time-zones.mjs'])) === 0;
}
stopLoad();
console.log(JSON.stringify({ load: values.load, cores: availableParallelism(), runs: results, zonesGreen }));
const red = results.filter((r) => !r.passed).length;
console.log(
  `test:stress: ${runs - red} of ${runs} runs green${values.zones === 'on' ? `, time zones ${zonesGreen ? 'green' : 'red'}` : ''}`,
);
process.exit(red === 0 && zonesGreen ? 0 : 1);
