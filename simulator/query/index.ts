/**
 * The query language of the list endpoints (`q`), as decided in docs/wire-contract.md:
 * compile a query once, then match it against documents indexed once per record.
 */
export type { QueryNode, WordQuery } from './ast.ts';
export { indexDocument } from './document.ts';
export type { IndexedDocument } from './document.ts';
export { compileQuery } from './match.ts';
export type { CompiledQuery } from './match.ts';
export { parseQuery } from './parser.ts';
export { Corpus } from './corpus.ts';
