import { availableParallelism } from 'node:os';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

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
          exclude: ['test/e2e/**', 'test/**/*.dom.test.ts'],
          setupFiles: ['test/renderer/setup-node.ts'],
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.dom.test.ts'],
          setupFiles: ['test/renderer/setup-dom.ts'],
        },
      },
    ],
  },
});
