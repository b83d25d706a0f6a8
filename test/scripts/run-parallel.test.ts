import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';

/*
 * `npm run check` runs tsc, svelte-check and Biome side by side (scripts/run-parallel.mjs), then
 * the unit run on every core. Side by side is proved without a clock: two scripts that each wait
 * for the other's mark finish only if they run at the same time.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNNER = path.join(ROOT, 'scripts', 'run-parallel.mjs');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package whose npm scripts are the given node programs, in a temporary folder. */
function packageWith(scripts: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomdeck-run-parallel-'));
  dirs.push(dir);
  const entries = Object.entries(scripts).map(([name, source]) => {
    writeFileSync(path.join(dir, `${name}.mjs`), source);
    return [name, `node ${name}.mjs`];
  });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: Object.fromEntries(entries) }));
  return dir;
}

function runner(cwd: string, names: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUNNER, ...names], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Leaves its own mark, then waits (up to 60 s) for the other's; exits 1 if it never comes. */
const rendezvous = (mine: string, theirs: string) => `
import { existsSync, writeFileSync } from 'node:fs';
writeFileSync('${mine}', '');
const until = Date.now() + 60_000;
const timer = setInterval(() => {
  if (existsSync('${theirs}')) { clearInterval(timer); console.log('${mine} met ${theirs}'); }
  else if (Date.now() > until) { console.error('${theirs} never came'); process.exit(1); }
}, 20);
`;

describe('scripts/run-parallel.mjs', () => {
  it('runs its scripts at the same time and passes when all pass', async () => {
    const dir = packageWith({
      left: rendezvous('left.mark', 'right.mark'),
      right: rendezvous('right.mark', 'left.mark'),
    });
    const { code, output } = await runner(dir, ['left', 'right']);
    expect(output).toContain('left.mark met right.mark');
    expect(output).toContain('right.mark met left.mark');
    expect(code).toBe(0);
  }, 90_000);

  it('fails when one script fails, naming it, and still prints every log whole', async () => {
    const dir = packageWith({
      good: "console.log('good line one'); console.log('good line two');",
      bad: "console.error('bad says why'); process.exit(3);",
    });
    const { code, output } = await runner(dir, ['good', 'bad']);
    expect(code).toBe(1);
    expect(output).toMatch(/good line one\ngood line two/);
    expect(output).toContain('bad says why');
    expect(output).toMatch(/Failed: bad\s*$/);
  }, 90_000);
});

describe('npm run check', () => {
  it('runs the type checks and lint side by side, then the unit run', () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.check).toBe(
      'node scripts/run-parallel.mjs typecheck:node typecheck:renderer lint && npm run test:unit',
    );
    expect(scripts['typecheck:node']).toMatch(/^tsc -p tsconfig\.json/);
    expect(scripts['typecheck:renderer']).toMatch(/^svelte-check /);
  });

  it('gives the unit run every core, not one fewer', () => {
    expect(vitestConfig.test?.maxWorkers).toBe(availableParallelism());
  });

  it('lets the renderer, host and dom files share a module graph per worker, the rest not', () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test?: { name?: string; isolate?: boolean } }[];
    const isolation = Object.fromEntries(projects.map((p) => [p.test?.name, p.test?.isolate ?? true]));
    expect(isolation).toEqual({ node: true, 'node-shared': false, dom: false });
  });
});
