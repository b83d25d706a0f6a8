import { defineConfig } from 'vite';

/**
 * The preload as ONE CommonJS file: a sandboxed preload can `require('electron')` but no other
 * module, so the verb names are bundled in. vite.main.config.ts fills dist/electron first; this build
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
