// `npm run bench`: every benchmark in turn, each in its own process so one's heap and JIT state do
// not colour the next. Figures are JSON lines on stdout.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const suites = ['bench/query.ts', 'bench/simulator.ts', 'bench/renderer.ts'].filter((file) =>
  existsSync(file),
);
let failed = 0;
for (const file of suites) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench: ${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
