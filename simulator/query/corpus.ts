import type { QueryNode } from './ast.ts';
import { docIndex, type DocIndex, type IndexedDocument } from './document.ts';
import { phraseMatcher } from './phrase.ts';
import { lookup } from './vocabulary.ts';
import { wordMatcher } from './word-matcher.ts';

/**
 * Many documents searched together. Postings (word id → the documents holding it) let a query be
 * answered with one byte-per-document bitmap per clause: a fuzzy or prefix word is measured once
 * against each distinct word of the corpus, not once per word of every document. Same meaning as
 * `compileQuery(q).matches(doc)` for every document (a property test holds them together).
 */
export class Corpus {
  readonly #docs: DocIndex[];
  readonly #postings = new Map<number, number[]>();

  constructor(docs: readonly IndexedDocument[]) {
    this.#docs = docs.map(docIndex);
    this.#docs.forEach((doc, n) => {
      for (const id of doc.ids) {
        const list = this.#postings.get(id);
        if (list) list.push(n);
        else this.#postings.set(id, [n]);
      }
    });
  }

  /** One byte per document, in the order given: 1 where the query matches. */
  match(node: QueryNode): Uint8Array {
    switch (node.type) {
      case 'all':
        return new Uint8Array(this.#docs.length).fill(1);
      case 'term':
        return this.#word(node);
      case 'phrase': {
        // Documents holding every word are the only candidates; positions are checked on those.
        const hits = this.#and(node.words.map((w) => this.#word(w)));
        const inOrder = phraseMatcher(node.words, node.slop, { remaining: 0 });
        for (let n = 0; n < hits.length; n++) if (hits[n] && !inOrder(this.#docs[n]!)) hits[n] = 0;
        return hits;
      }
      case 'not': {
        const hits = this.match(node.child);
        for (let n = 0; n < hits.length; n++) hits[n] = hits[n] ? 0 : 1;
        return hits;
      }
      case 'and':
        return this.#and(node.children.map((c) => this.match(c)));
      case 'or': {
        const hits = new Uint8Array(this.#docs.length);
        for (const child of node.children) {
          const part = this.match(child);
          for (let n = 0; n < hits.length; n++) hits[n] = hits[n]! | part[n]!;
        }
        return hits;
      }
      default: {
        const unreachable: never = node;
        throw new Error(`unexpected query node ${JSON.stringify(unreachable)}`);
      }
    }
  }

  #word(word: { word: string; fuzziness: 0 | 1 | 2; prefix: boolean }): Uint8Array {
    const hits = new Uint8Array(this.#docs.length);
    if (word.fuzziness === 0 && !word.prefix) {
      for (const n of this.#postings.get(lookup(word.word)) ?? []) hits[n] = 1;
      return hits;
    }
    // No memo: each distinct word of the corpus is measured exactly once here anyway.
    const matcher = wordMatcher(word, { remaining: 0 });
    for (const [id, docs] of this.#postings) {
      if (matcher.test(id)) for (const n of docs) hits[n] = 1;
    }
    return hits;
  }

  #and(parts: Uint8Array[]): Uint8Array {
    const hits = parts[0] ?? new Uint8Array(this.#docs.length).fill(1);
    for (const part of parts.slice(1)) for (let n = 0; n < hits.length; n++) hits[n] = hits[n]! & part[n]!;
    return hits;
  }
}
