import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The main process as one bundled ES module (plus a chunk for the demo simulator, loaded only with
 * --demo): its dependencies are inlined and tree-shaken, so an installer carries no node_modules
 * (app.asar stays small) and start-up reads one file instead of hundreds. Only Electron and Node's
 * own modules stay outside. tsc still type-checks everything (npm run typecheck).
 */
const here = import.meta.dirname;

export default defineConfig({
  build: {
    outDir: `${here}/../dist/electron`,
    emptyOutDir: false,
    target: 'node22',
    minify: true,
    sourcemap: true,
    ssr: true,
    rollupOptions: {
      input: { main: `${here}/main.ts` },
      external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
