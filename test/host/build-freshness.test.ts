import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsBuild } from '../../host/build-freshness.mjs';

const HOUR = 3_600;
const base = Date.now() / 1000 - 10 * HOUR;

/** A project with a renderer source and a build, each written at the given hour (seconds since `base`). */
function project(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'roomdeck-build-'));
  for (const [file, hour] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), base + hour * HOUR, base + hour * HOUR);
  }
  return root;
}

const outputs = ['dist/renderer/index.html', 'dist/renderer/assets/index.js'];
const sources = ['renderer', 'package.json'];

describe('npm start builds the renderer when it must', () => {
  it('builds when there is no build yet', () => {
    const root = project({ 'renderer/src/App.svelte': 1 });
    expect(needsBuild(root, outputs, sources)).toBe(true);
  });

  it('does not build when the build is newer than every source', () => {
    const root = project({
      'renderer/src/App.svelte': 1,
      'renderer/src/lib/room.svelte.ts': 2,
      'package.json': 1,
      'dist/renderer/index.html': 3,
      'dist/renderer/assets/index.js': 3,
    });
    expect(needsBuild(root, outputs, sources)).toBe(false);
  });

  it('builds when a source deep in the renderer was edited after the build', () => {
    const root = project({
      'renderer/src/lib/panel/deep/plan.ts': 5,
      'dist/renderer/index.html': 3,
      'dist/renderer/assets/index.js': 3,
    });
    expect(needsBuild(root, outputs, sources)).toBe(true);
  });

  it('builds when a single-file source (package.json) is newer than the oldest output', () => {
    const root = project({
      'renderer/src/App.svelte': 1,
      'package.json': 3,
      'dist/renderer/index.html': 4,
      'dist/renderer/assets/index.js': 2,
    });
    expect(needsBuild(root, outputs, sources)).toBe(true);
  });

  it('ignores dependencies and hidden folders inside a source folder', () => {
    const root = project({
      'renderer/src/App.svelte': 1,
      'renderer/node_modules/pkg/index.js': 9,
      'renderer/.cache/x': 9,
      'dist/renderer/index.html': 3,
      'dist/renderer/assets/index.js': 3,
    });
    expect(needsBuild(root, outputs, sources)).toBe(false);
  });
});
