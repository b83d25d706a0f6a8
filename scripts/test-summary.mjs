// Prints the one closing line CI reads: "N passed, N failed, N skipped", totalled over vitest and
// Playwright's JSON reports. A step that failed before any test ran (types, lint) counts as one failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const exitCode = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

const vitest = read('test-results/vitest.json');
if (vitest) {
  reports += 1;
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

// Every Playwright pass of the run (npm test runs the tests tagged @generation twice: see package.json).
const passes = existsSync('test-results')
  ? readdirSync('test-results').filter((name) => /^playwright.*\.json$/.test(name))
  : [];
for (const name of passes) {
  const playwright = read(`test-results/${name}`);
  if (!playwright?.stats) continue;
  reports += 1;
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
}

if (exitCode !== 0 && failed === 0) failed = 1;
if (reports === 0 && exitCode === 0) {
  console.error('test-summary: no test report was written');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
