import { availableParallelism } from 'node:os';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

/*
 * Files that share one module graph per worker instead of a fresh process each (`isolate: false`).
 * A fresh process and graph per file was most of the unit run's time: shared, the renderer's and
 * the host's files (the dom files among them) need about a third of the processor time they
 * needed each in its own process, and every one of them passes so (their state lives in their own scope, a dom test's page is cleaned after
 * each test). The other folders start servers, processes and fake clocks in ways not yet checked
 * for sharing, so they keep a process per file; a folder moves here once its files pass shared.
 */
const SHARED_MODULES = ['test/renderer/**/*.test.ts', 'test/host/**/*.test.ts'];

export default defineConfig({
  plugins: [svelte()],
  test: {
    // Vitest's own default for a run is one worker fewer than the cores: on a two-core machine, one
    // test file at a time while the other core idles. Every file opens its ports on 0 and writes in
    // its own temporary directory, so files in different workers share nothing.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/**/*.dom.test.ts', ...SHARED_MODULES],
          setupFiles: ['test/renderer/setup-node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-shared',
          environment: 'node',
          isolate: false,
          include: SHARED_MODULES,
          exclude: ['test/**/*.dom.test.ts'],
          setupFiles: ['test/renderer/setup-node.ts'],
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: {
          name: 'dom',
          environment: 'jsdom',
          isolate: false,
          include: ['test/**/*.dom.test.ts'],
          setupFiles: ['test/renderer/setup-dom.ts'],
        },
      },
    ],
  },
});
