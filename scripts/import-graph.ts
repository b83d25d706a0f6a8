import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The project's own import graph, read from the sources (relative imports and the package's
 * `#` imports), for the layering test and for `npm run structure`'s figures.
 */

export interface ImportEdge {
  from: string;
  to: string;
}

const SOURCE = /\.(ts|svelte|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results']);
const IMPORT = /(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g;

export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (SKIP.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) files.push(path);
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return files.map((file) => relative(root, file));
}

export function importEdges(root: string, folders: readonly string[]): ImportEdge[] {
  const aliases = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {}) as Record<
    string,
    string
  >;
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root, folders)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      let target: string | null = null;
      if (specifier.startsWith('#') && aliases[specifier])
        target = relative(root, join(root, aliases[specifier]));
      else if (specifier.startsWith('.')) target = relative(root, resolve(root, dirname(file), specifier));
      if (target !== null) edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** The folder a file sits in, `depth` levels deep (`core/api/client.ts` at 2 is `core/api`). */
export function folderOf(file: string, depth: number): string {
  const parts = file.split('/');
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/') || parts[0]!;
}

/** Strongly connected components with more than one member: every cycle, each once. */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Edges between folders at `depth`, counted: `core -> contract: 18`. */
export function folderArrows(edges: readonly ImportEdge[], depth: number): Map<string, number> {
  const arrows = new Map<string, number>();
  for (const { from, to } of edges) {
    const a = folderOf(from, depth);
    const b = folderOf(to, depth);
    if (a === b) continue;
    const key = `${a} -> ${b}`;
    arrows.set(key, (arrows.get(key) ?? 0) + 1);
  }
  return arrows;
}
