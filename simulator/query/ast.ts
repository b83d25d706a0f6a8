/** One word of a query, with its modifiers already clamped. */
export interface WordQuery {
  readonly word: string;
  /** Maximum Damerau–Levenshtein (optimal string alignment) distance, 0..2. */
  readonly fuzziness: 0 | 1 | 2;
  /** Match any document word that starts with `word` (within `fuzziness`, when both are given). */
  readonly prefix: boolean;
}

/**
 * The parsed query. The parser only builds `all` as the root of a query with nothing to match on,
 * so matchers never meet it nested; `and`/`or` always have at least two children.
 */
export type QueryNode =
  | { readonly type: 'all' }
  | ({ readonly type: 'term' } & WordQuery)
  | { readonly type: 'phrase'; readonly words: readonly WordQuery[]; readonly slop: number }
  | { readonly type: 'not'; readonly child: QueryNode }
  | { readonly type: 'and'; readonly children: readonly QueryNode[] }
  | { readonly type: 'or'; readonly children: readonly QueryNode[] };

export function and(children: readonly QueryNode[]): QueryNode {
  return combine('and', children);
}

export function or(children: readonly QueryNode[]): QueryNode {
  return combine('or', children);
}

export function not(child: QueryNode): QueryNode {
  return child.type === 'not' ? child.child : { type: 'not', child };
}

function combine(type: 'and' | 'or', children: readonly QueryNode[]): QueryNode {
  // Flattening keeps trees shallow (cheap to match, easy to read in tests); callers never pass [].
  const flat: QueryNode[] = [];
  for (const c of children) {
    // A loop, not push(...spread): a pasted query can hold more terms than the engine's argument limit.
    if (c.type === type) for (const g of c.children) flat.push(g);
    else flat.push(c);
  }
  if (flat.length === 1) return flat[0]!;
  return { type, children: flat };
}
