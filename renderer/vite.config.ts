import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// import.meta.dirname rather than node:url: renderer/ may not import Node modules, even here.
const here = import.meta.dirname;

export default defineConfig({
  root: here,
  // Electron loads the build from file://, where absolute asset paths would point at the disk root.
  base: './',
  plugins: [svelte()],
  build: {
    outDir: `${here}/../dist/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be the only script not in a file of its own; both hosts are modern Chromium,
    // which preloads modules natively, and the CSP allows no inline script.
    modulePreload: { polyfill: false },
  },
});
