import { defineConfig } from 'vite';

/**
 * The preload as ONE CommonJS file: a sandboxed preload can `require('electron')` but no other
 * module, so the verb names are bundled in. tsc emits the rest of the main process; this build
 * must not wipe it.
 */
const here = import.meta.dirname;

export default defineConfig({
  build: {
    outDir: `${here}/../dist/electron`,
    emptyOutDir: false,
    target: 'node22',
    minify: false,
    sourcemap: true,
    lib: {
      entry: `${here}/preload.ts`,
      formats: ['cjs'],
      fileName: () => 'preload.cjs',
    },
    rollupOptions: { external: ['electron'] },
  },
});
