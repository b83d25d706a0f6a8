#!/usr/bin/env node
/*
 * Runs npm scripts side by side and fails if any of them fails: `node scripts/run-parallel.mjs
 * typecheck:node typecheck:renderer lint`. tsc and svelte-check each keep one core busy and Biome
 * is quick, so on a two-core machine the three together take about as long as the slowest alone.
 *
 * Each script's output is held and printed whole when it ends, so two logs never interleave; a
 * script that fails is named on the last line.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

/** Runs one npm script; resolves with its exit code and everything it printed. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) =>
      resolve({ name, code: 1, output: `${output}${error.message}\n`, started }),
    );
    child.once('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, started }));
  }).then((result) => {
    const seconds = ((Date.now() - result.started) / 1000).toFixed(1);
    process.stdout.write(`\n> ${name} (${seconds} s, exit ${result.code})\n${result.output}`);
    return result;
  });
}

const results = await Promise.all(names.map(run));
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
