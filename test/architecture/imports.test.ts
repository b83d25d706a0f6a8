import { describe, expect, it } from 'vitest';
import { cycles, folderArrows, folderOf, importEdges } from '../../scripts/import-graph.ts';

/**
 * The floors, read from the imports themselves (the linter's rules in biome.json refuse a wrong
 * import as it is written; this checks the whole graph, so a cycle or a floor skipped through a
 * chain of allowed imports is caught too).
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const APP = ['contract', 'locales', 'core', 'electron', 'host', 'renderer/src', 'simulator'];
const edges = importEdges(ROOT, APP);

/** Which top-level folder may import which. Anything else is a floor skipped or run back up. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: [],
  // Words and formats: the renderer, the main process (the kiosk's error screen) and the host's pages.
  // English's error sentences are the contract's own (contract/error-codes.ts, plain data).
  locales: ['contract'],
  core: ['contract', 'locales'],
  // The desktop app and the launcher embed the simulator for `npm start` / --demo (loaded lazily).
  electron: ['contract', 'locales', 'core', 'simulator'],
  host: ['contract', 'locales', 'core', 'simulator'],
  renderer: ['contract', 'locales'],
  simulator: [],
};

describe('the import graph', () => {
  it('reads the sources (a graph with no edges would pass everything)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from.startsWith('renderer/') && e.to === 'contract/index.ts')).toBe(true);
  });

  it('has no cycle between files', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('has no cycle between folders, anywhere (the renderer read a floor deeper: lib/room, lib/panel…)', () => {
    const folder = (file: string): string => folderOf(file, file.startsWith('renderer/') ? 4 : 2);
    const folderEdges = edges.map((e) => ({ from: folder(e.from), to: folder(e.to) }));
    expect(cycles(folderEdges)).toEqual([]);
  });

  it('runs only down the floors: each top-level folder imports only what it may', () => {
    const wrong = [...folderArrows(edges, 1).keys()].filter((arrow) => {
      const [from, to] = arrow.split(' -> ') as [string, string];
      return !(MAY_IMPORT[from] ?? []).includes(to);
    });
    expect(wrong).toEqual([]);
  });

  it('catches a cycle and a wrong floor when there is one', () => {
    const planted = [
      { from: 'core/a.ts', to: 'core/b.ts' },
      { from: 'core/b.ts', to: 'core/a.ts' },
    ];
    expect(cycles(planted)).toEqual([['core/a.ts', 'core/b.ts']]);
    expect([...folderArrows([{ from: 'core/x.ts', to: 'electron/y.ts' }], 1).keys()]).toEqual([
      'core -> electron',
    ]);
  });
});
