import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * `npm start` and the browser host as one compiled ES module (dist/host/start.js), so starting
 * them reads one file instead of transpiling hundreds of TypeScript files with tsx on every start.
 * Dependencies are inlined like the main process's bundle; Node's own modules stay outside. The
 * simulator's command line (dist/host/simulator.js) is built beside it, sharing its chunks: the
 * end-to-end suite starts a simulator per stack, and tsx would compile it anew each time.
 */
const here = import.meta.dirname;

export default defineConfig({
  build: {
    outDir: `${here}/../dist/host`,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    ssr: true,
    rollupOptions: {
      input: { start: `${here}/start.ts`, simulator: `${here}/../simulator/cli.ts` },
      external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
