import { availableParallelism } from 'node:os';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

/*
 * Most files share one module graph per worker instead of a fresh process each (`isolate: false`):
 * a fresh process and graph per file was most of the unit run's time (importing fastify, the
 * simulator and the client again for every file). They pass so because their state lives in their
 * own scope: servers on port 0 or served in-process, temporary directories of their own, a dom
 * test's page cleaned after each test. The files below keep a process each: the official PlaceOS
 * client keeps its websocket and bindings in module-level singletons that one file's run would
 * leave to the next.
 */
const OWN_PROCESS = ['test/official-client/**/*.test.ts'];

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
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/**/*.dom.test.ts', ...OWN_PROCESS],
          setupFiles: ['test/renderer/setup-node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-own-process',
          environment: 'node',
          include: OWN_PROCESS,
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
