// `npm run structure`: the project's shape in figures, read from its imports (the same graph
// test/architecture/imports.test.ts holds to): the arrows between top-level folders, cycles
// between files and between folders, and the largest source files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cycles, folderArrows, folderOf, importEdges, sourceFiles } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '..');
const APP = ['contract', 'locales', 'core', 'electron', 'host', 'renderer/src', 'simulator'];
const edges = importEdges(root, APP);

console.log('Arrows between top-level folders (imports):');
for (const [arrow, count] of [...folderArrows(edges, 1)].sort()) console.log(`  ${arrow}  ${count}`);

const fileCycles = cycles(edges);
console.log(`Cycles between files: ${fileCycles.length}`);
for (const cycle of fileCycles) console.log(`  ${cycle.join(' <-> ')}`);

const folder = (file: string): string => folderOf(file, file.startsWith('renderer/') ? 4 : 2);
const folderEdges = edges.map((e) => ({ from: folder(e.from), to: folder(e.to) }));
const folderCycles = cycles(folderEdges);
console.log(`Cycles between folders (two levels deep; the renderer four): ${folderCycles.length}`);
for (const cycle of folderCycles) console.log(`  ${cycle.join(' <-> ')}`);

const sizes = sourceFiles(root, [...APP, 'scripts', 'bench'])
  .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
  .sort((a, b) => b.lines - a.lines);
console.log(`Source files: ${sizes.length}; over 400 lines: ${sizes.filter((s) => s.lines > 400).length}`);
console.log('Largest:');
for (const { file, lines } of sizes.slice(0, 10)) console.log(`  ${String(lines).padStart(5)}  ${file}`);
