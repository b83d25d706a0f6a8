import type { QueryNode } from './ast.ts';
import { docIndex } from './document.ts';
import type { DocIndex, IndexedDocument } from './document.ts';
import { parseQuery } from './parser.ts';
import { phraseMatcher } from './phrase.ts';
import { MEMOS_PER_QUERY, wordMatcher } from './word-matcher.ts';
import type { MemoBudget } from './word-matcher.ts';

export interface CompiledQuery {
  /** True when the query has nothing to match on: callers may skip matching altogether. */
  readonly matchesAll: boolean;
  matches(doc: IndexedDocument): boolean;
}

type Predicate = (doc: DocIndex) => boolean;

interface Compiled {
  readonly test: Predicate;
  /** Rough relative cost, so AND/OR try the children most likely to decide cheaply first. */
  readonly cost: number;
}

function compileNode(node: QueryNode, budget: MemoBudget): Compiled {
  switch (node.type) {
    case 'all':
      return { test: () => true, cost: 0 };
    case 'term': {
      const m = wordMatcher(node, budget);
      return { test: (d) => m.anyIn(d), cost: m.cost };
    }
    case 'phrase':
      return { test: phraseMatcher(node.words, node.slop, budget), cost: 3 * node.words.length };
    case 'not': {
      const c = compileNode(node.child, budget);
      return { test: (d) => !c.test(d), cost: c.cost };
    }
    case 'and': {
      const { tests, cost } = compileChildren(node.children, budget);
      return {
        test: (d) => {
          for (const t of tests) if (!t(d)) return false;
          return true;
        },
        cost,
      };
    }
    case 'or': {
      const { tests, cost } = compileChildren(node.children, budget);
      return {
        test: (d) => {
          for (const t of tests) if (t(d)) return true;
          return false;
        },
        cost,
      };
    }
    default:
      return assertNever(node);
  }
}

/** Boolean operators are pure, so children can run in any order: cheapest first. */
function compileChildren(
  children: readonly QueryNode[],
  budget: MemoBudget,
): { tests: Predicate[]; cost: number } {
  const compiled = children.map((c) => compileNode(c, budget)).sort((a, b) => a.cost - b.cost);
  let cost = 0;
  for (const c of compiled) cost += c.cost;
  return { tests: compiled.map((c) => c.test), cost };
}

function assertNever(x: never): never {
  throw new Error(`unexpected query node ${JSON.stringify(x)}`);
}

function compileNodeToQuery(root: QueryNode): CompiledQuery {
  const matchesAll = root.type === 'all';
  const { test } = compileNode(root, { remaining: MEMOS_PER_QUERY });
  return {
    matchesAll,
    matches: matchesAll ? () => true : (doc) => test(docIndex(doc)),
  };
}

/** Never throws, for any string. */
export function compileQuery(q: string): CompiledQuery {
  return compileNodeToQuery(parseQuery(q));
}
