// Module hooks (registered by svelte-runes.ts): a `.svelte.ts` / `.svelte.js` module is compiled by
// Svelte's own compiler, as Vite's Svelte plugin does for the app and for vitest, so the renderer's
// rune classes (Room, LiveFeeds, PanelModel) run in Node as they run in the page. tsx, registered
// before, strips the TypeScript; this hook then compiles the runes (client output: signals).
import type { LoadHook } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileModule } from 'svelte/compiler';

export const load: LoadHook = async (url, context, nextLoad) => {
  const result = await nextLoad(url, context);
  if (!/\.svelte\.(ts|js)$/.test(new URL(url).pathname) || result.source === undefined) return result;
  const compiled = compileModule(String(result.source), {
    filename: fileURLToPath(url),
    generate: 'client',
    dev: false,
  });
  return { ...result, format: 'module', source: compiled.js.code, shortCircuit: true };
};
