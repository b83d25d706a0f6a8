import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { compiledCatalogues } from '../scripts/compiled-catalogues.ts';

// import.meta.dirname rather than node:url: renderer/ may not import Node modules, even here.
const here = import.meta.dirname;

/**
 * main.ts is a tiny first script that asks the host for the first screen's data and then imports
 * start.ts (the panel, with the page's first language). The browser learns of that import only when
 * main.ts runs; a modulepreload link for its chunks and a stylesheet link for their styles let it
 * fetch them alongside main.ts.
 */
function preloadStart(): Plugin {
  return {
    name: 'roomdeck-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const start = chunks.find((c) => c.facadeModuleId?.endsWith('/renderer/src/start.ts'));
        if (!start) throw new Error('the build has no chunk for renderer/src/start.ts');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep);
        };
        const entryChunk = chunks.find((c) => c.isEntry);
        // start.ts and whatever else main.ts imports when it runs: all known now, all fetched with
        // the page.
        for (const file of [start.fileName, ...(entryChunk?.dynamicImports ?? [])]) visit(file);
        const entry = entryChunk?.fileName;
        // The styles of the panel's chunks (the global stylesheet first: start.ts imports it first),
        // linked from the page: it draws with them from the first frame, and start.ts does not wait
        // to fetch them when it is imported.
        const styles = new Set<string>();
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk')
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        return {
          html,
          tags: [
            ...[...styles]
              .filter((file) => !html.includes(file))
              .map((file) => ({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` },
                injectTo: 'head' as const,
              })),
            ...[...files]
              // Vite links the entry's own imports already.
              .filter((file) => file !== entry && !html.includes(file))
              .map((file) => ({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
                injectTo: 'head' as const,
              })),
          ],
        };
      },
    },
  };
}

/** What the entry imports: the bridge and the start-up marks (see first-call below). */
const FIRST_CALL =
  /[\\/]renderer[\\/]src[\\/](?:lib[\\/]bridge[\\/]|lib[\\/]app[\\/]startup-marks\.ts$)|vite[\\/]preload-helper/;

/** The panel's own module: the group below captures it with everything it imports. */
const PANEL_START = /[\\/]renderer[\\/]src[\\/]start\.ts$/;

export default defineConfig({
  root: here,
  // Electron loads the build from file://, where absolute asset paths would point at the disk root.
  base: './',
  plugins: [svelte(), compiledCatalogues(), preloadStart()],
  resolve: {
    alias: [
      // The catalogues arrive parsed (compiledCatalogues): the page needs the AST's types and
      // helpers, never the parser, which is most of intl-messageformat's weight.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: `${here}/../dist/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be the only script not in a file of its own; both hosts are modern Chromium,
    // which preloads modules natively, and the CSP allows no inline script.
    modulePreload: { polyfill: false },
    // Styles travel with their chunks: the technician tools', the help sheet's and the call page's
    // load when those do, not before the panel's first paint. The panel's own are linked from the
    // page (preloadStart), so the first screen waits for no stylesheet of its own.
    cssCodeSplit: true,
    rolldownOptions: {
      // Libraries in chunks named for what they are (a shared chunk otherwise takes the name of
      // whichever module the bundler met first). TypeBox stays apart: only rooms with a layout
      // of their own and the technician tools load it. Svelte's runtime stays apart too, though
      // every page loads it: inside the panel's chunk it made one 240 KB script that compiled on
      // one background thread where two compiled side by side (not faster, measured).
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports (the bridge, the start-up marks, the contract's words for
            // errors): apart from the panel's code, so the page's first call goes out as soon as this
            // small chunk has run, not after the panel's code has been fetched and compiled.
            { name: 'first-call', test: FIRST_CALL, priority: 1 },
            { name: 'svelte', test: /[\\/]node_modules[\\/](svelte|clsx|esm-env)[\\/]/ },
            { name: 'typebox', test: /[\\/]node_modules[\\/]@sinclair[\\/]typebox[\\/]/ },
            // The panel's code in one chunk rather than twenty: left alone, every small piece a lazy
            // page shares with the panel (words, marks, clocks) became a file of its own, each a
            // request and a module to link before the first paint. Page load to interactive went
            // from 370 to 289 ms (bench, idle). The chunk is start.ts with everything it imports,
            // and nothing it imports with import(): the lazy parts (help, the call page, the room
            // list, the technician's) keep their own code and styles, and whatever only they use
            // (the start-up spec checks). Captured by what start.ts imports, not by module size:
            // a size bound let a longer start.ts fall out and split the panel into thirteen files.
            // The page's first language is part of it (start.ts re-exports it), and so are the
            // global styles (start.ts imports them first): fewer files before the first paint, where
            // the browser opens only six connections to the host at once.
            { name: 'panel-shared', test: PANEL_START },
          ],
        },
      },
    },
  },
});
