/*
 * The pseudo-locale's catalogue as a module of its own, named by its code as every catalogue is:
 * the renderer's build compiles it like the shipped ones (scripts/compiled-catalogues.ts), so the
 * page needs no parser for it either, and the host can name it to the page before it is asked for.
 */
import { en } from './en.ts';
import { pseudoCatalogue } from './pseudo.ts';

export const pseudo = pseudoCatalogue(en);
