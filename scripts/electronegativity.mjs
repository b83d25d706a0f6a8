// `npm run security:electron [dir]`: Doyensec's Electronegativity over the main process (electron/
// by default). Prints every finding and fails (exit 1) on any HIGH or MEDIUM one that is not
// annotated `// eng-disable CHECK_ID <reason>` on its line. Electron's version comes from the
// installed package, so the checks judge the defaults of the Electron Roomdeck actually ships.
// It would fetch its translations from GitHub on every run: that request is answered locally with
// a refusal (below), so it uses the English texts it ships and nothing leaves the machine.
// Windows: main.ts builds every window from electron/window/*.ts (`new BrowserWindow(options)`),
// where Electronegativity cannot see the options, so the helpers' results are rendered as literal
// calls (window-options.ts) and judged by its window checks too; `--windows <dir>` judges an
// already rendered folder instead (the test's insecure one).
// test/electron/electronegativity.test.ts runs it.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { windows: { type: 'string' } },
});
const input = path.resolve(positionals[0] ?? path.join(root, 'electron'));
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const scannerRequire = createRequire(require.resolve('@doyensec/electronegativity'));
const gotPath = scannerRequire.resolve('got');
require.cache[gotPath] = {
  id: gotPath,
  filename: gotPath,
  loaded: true,
  exports: () => Promise.reject(new Error('Roomdeck runs Electronegativity offline')),
};
const run = require('@doyensec/electronegativity');

const scan = (dir, customScan, excludeFromScan) =>
  run(
    {
      input: dir,
      isRelative: true,
      isVerbose: false,
      customScan,
      excludeFromScan,
      electronVersionOverride: electronVersion,
      parserPlugins: [],
    },
    false,
  );

// AvailableSecurityFixesGlobalCheck downloads Electron's release list from GitHub to say whether a
// newer patch exists: it needs the network (none in CI) and its answer changes by the day.
// Electron's version is pinned in package.json and upgraded deliberately; `npm audit` covers
// published advisories.
const { roomdeckWindows, WINDOW_OPTION_CHECKS, writeWindowsSource } = await tsImport(
  './window-options.ts',
  import.meta.url,
);
const main = await scan(input, [], ['AvailableSecurityFixesGlobalCheck']);
// Only the window checks here: the rendering is options, not a main process (no handlers to find).
const rendered = flags.windows === undefined ? writeWindowsSource(roomdeckWindows()) : null;
const windowsDir = flags.windows === undefined ? rendered : path.resolve(flags.windows);
let windows;
let windowsJudged;
try {
  windows = await scan(windowsDir, WINDOW_OPTION_CHECKS, []);
  windowsJudged =
    readFileSync(path.join(windowsDir, 'windows.js'), 'utf8').match(/new BrowserWindow\(/g)?.length ?? 0;
} finally {
  if (rendered !== null) rmSync(rendered, { recursive: true, force: true });
}
const result = {
  issues: [...main.issues, ...windows.issues.map((issue) => ({ ...issue, file: `[windows] ${issue.file}` }))],
  errors: [...main.errors, ...windows.errors],
  globalChecks: main.globalChecks,
  atomicChecks: main.atomicChecks,
};

const blocking = new Set(['HIGH', 'MEDIUM']);
const findings = result.issues.map((issue) => ({
  id: issue.id,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  where: `${issue.file}:${issue.location.line}:${issue.location.column}`,
  sample: String(issue.sample ?? '')
    .trim()
    .slice(0, 160),
}));
for (const f of findings)
  console.log(`${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.id}  ${f.where}  ${f.sample}`);
const failing = findings.filter((f) => blocking.has(f.severity));
console.log(
  JSON.stringify({
    input: path.relative(root, input) || '.',
    electronVersion,
    checks: result.globalChecks + result.atomicChecks,
    parseErrors: result.errors.length,
    findings: findings.length,
    highOrMedium: failing.length,
    windowsJudged,
  }),
);
process.exit(failing.length > 0 ? 1 : 0);
