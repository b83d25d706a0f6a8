// `node --import tsx --import ./bench/support/svelte-runes.ts …`: lets Node import the renderer's
// `.svelte.ts` modules (see svelte-runes-hooks.ts).
import { register } from 'node:module';

register('./svelte-runes-hooks.ts', import.meta.url);
