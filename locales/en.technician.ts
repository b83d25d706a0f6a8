// The technician's words of en.ts: in the renderer's build a chunk of their own, loaded with the
// technician tools (scripts/compiled-catalogues.ts); everywhere else the whole catalogue.
export { en } from './en.ts';
