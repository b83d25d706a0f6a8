// Plain JavaScript so `npm start` can check its own compiled launcher before anything is compiled.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a build must run first: an output is missing, or a source (a file anywhere under the
 * given folders, or a single file) was changed after the oldest output was written. So nobody
 * sees a stale panel after editing. Pure file-system reads, no build tool.
 * @param {string} root
 * @param {readonly string[]} outputs
 * @param {readonly string[]} sources
 * @returns {boolean}
 */
export function needsBuild(root, outputs, sources) {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    const at = mtimeOf(path.join(root, output));
    if (at === null) return true;
    oldestOutput = Math.min(oldestOutput, at);
  }
  return sources.some((source) => newestUnder(path.join(root, source)) > oldestOutput);
}

/** What each build writes and reads. */
export const BUILDS = {
  'build:renderer': {
    outputs: ['dist/renderer/index.html'],
    // The catalogues are compiled into the page (scripts/compiled-catalogues.ts).
    sources: ['renderer', 'contract', 'locales', 'scripts/compiled-catalogues.ts', 'package.json'],
  },
  'build:host': {
    outputs: ['dist/host/start.js', 'dist/host/simulator.js'],
    sources: ['contract', 'core', 'host', 'locales', 'simulator', 'package.json'],
  },
  build: {
    outputs: ['dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/renderer/index.html'],
    sources: [
      'renderer',
      'contract',
      'core',
      'electron',
      'locales',
      'scripts/compiled-catalogues.ts',
      'simulator',
      'package.json',
    ],
  },
};

/** @param {string} file */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The newest modification time of a file, or of any file below a folder (0 when there is none).
 * @param {string} target
 * @returns {number}
 */
function newestUnder(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    // Dependencies and build output are not sources, wherever they sit.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestUnder(path.join(target, entry.name)));
  }
  return newest;
}
