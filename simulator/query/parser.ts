import { and, not, or } from './ast.ts';
import type { QueryNode, WordQuery } from './ast.ts';
import { tokenize } from './lexer.ts';
import type { Token } from './lexer.ts';
import { splitWords } from './words.ts';

/**
 * Grammar, loosest first (every rule is lenient: a piece that comes out empty is dropped):
 *
 *   query   := list ('|' list)*
 *   list    := chain+              default operator: OR of the positive chains, minus the negated ones
 *   chain   := unary ('+' unary)*
 *   unary   := '-'* primary
 *   primary := term | phrase | '(' query ')'?
 *
 * "|" is looser than the default operator so that `A | B` means "A or B" for any A and B, including
 * lists with exclusions: `display -projector | tv` = (display AND NOT projector) OR tv.
 */

/** Deeper groups are flattened: recursion must not overflow the stack on "((((…". */
export const MAX_DEPTH = 64;

/** A chain, and whether the default operator should treat it as an exclusion. */
interface Clause {
  readonly node: QueryNode;
  readonly excluded: boolean;
}

class Parser {
  private pos = 0;
  /** "(" tokens ignored past MAX_DEPTH; the same number of ")" must be ignored too. */
  private skippedOpens = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): QueryNode {
    // At depth 0 nothing stops the query before the end: unmatched ")" are skipped in parseList.
    return this.parseQuery(0) ?? { type: 'all' };
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private parseQuery(depth: number): QueryNode | null {
    const branches: QueryNode[] = [];
    for (;;) {
      const list = this.parseList(depth);
      if (list) branches.push(list);
      if (this.peek()?.kind !== 'pipe') break;
      this.pos++;
    }
    return branches.length === 0 ? null : or(branches);
  }

  private parseList(depth: number): QueryNode | null {
    const positive: QueryNode[] = [];
    const excluded: QueryNode[] = [];
    for (let t = this.peek(); t !== undefined && t.kind !== 'pipe'; t = this.peek()) {
      if (t.kind === 'close') {
        if (this.skippedOpens > 0) this.skippedOpens--;
        else if (depth > 0) break;
        // Otherwise an unmatched ")" at the top level: ignored.
        this.pos++;
      } else if (t.kind === 'plus') {
        // "+" with nothing on its left.
        this.pos++;
      } else {
        const clause = this.parseChain(depth);
        if (clause) (clause.excluded ? excluded : positive).push(clause.node);
      }
    }
    // Lucene semantics: exclusions restrict the list; a list of only exclusions starts from everything.
    const parts: QueryNode[] = [];
    if (positive.length > 0) parts.push(or(positive));
    for (const e of excluded) parts.push(not(e));
    return parts.length === 0 ? null : and(parts);
  }

  /** Called on a token that can start a unary (anything but pipe, plus, close). */
  private parseChain(depth: number): Clause | null {
    const operands: { node: QueryNode; negated: boolean }[] = [];
    const first = this.parseUnary(depth);
    if (first) operands.push(first);
    while (this.peek()?.kind === 'plus') {
      while (this.peek()?.kind === 'plus') this.pos++;
      const next = this.peek();
      // A trailing "+" (before "|", ")" or the end) has nothing on its right: dropped.
      if (next === undefined || next.kind === 'pipe' || next.kind === 'close') break;
      const u = this.parseUnary(depth);
      if (u) operands.push(u);
    }
    const only = operands[0];
    if (only === undefined) return null;
    if (operands.length === 1) return { node: only.node, excluded: only.negated };
    return { node: and(operands.map((o) => (o.negated ? not(o.node) : o.node))), excluded: false };
  }

  private parseUnary(depth: number): { node: QueryNode; negated: boolean } | null {
    let minuses = 0;
    while (this.peek()?.kind === 'minus') {
      minuses++;
      this.pos++;
    }
    const node = this.parsePrimary(depth);
    return node ? { node, negated: minuses % 2 === 1 } : null;
  }

  /** Consumes nothing when the next token cannot start a primary (a "-" before "+", "|", ")" or the end). */
  private parsePrimary(depth: number): QueryNode | null {
    const t = this.peek();
    if (t === undefined) return null;
    switch (t.kind) {
      case 'term':
        this.pos++;
        return termNode(t.text, t.fuzziness, t.prefix);
      case 'phrase':
        this.pos++;
        return phraseNode(t.text, t.slop);
      case 'open': {
        this.pos++;
        if (depth >= MAX_DEPTH) {
          // A loop, not recursion: the point is to survive "((((((…".
          this.skippedOpens++;
          while (this.peek()?.kind === 'open') {
            this.skippedOpens++;
            this.pos++;
          }
          return this.parsePrimary(depth);
        }
        const inner = this.parseQuery(depth + 1);
        // parseQuery(depth > 0) stops only at ")" or the end; an unclosed "(" closes at the end.
        if (this.peek()?.kind === 'close') this.pos++;
        return inner;
      }
      case 'plus':
      case 'pipe':
      case 'minus':
      case 'close':
        return null;
      default:
        return assertNever(t);
    }
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected token ${JSON.stringify(x)}`);
}

function clampFuzziness(n: number | null): 0 | 1 | 2 {
  if (n === null || n <= 0) return 0;
  return n >= 2 ? 2 : 1;
}

/** A term that splits into several words ("wall-panel", "10.0.1.20") is a phrase of them. */
function termNode(text: string, rawFuzziness: number | null, prefix: boolean): QueryNode | null {
  const words = splitWords(text);
  const fuzziness = clampFuzziness(rawFuzziness);
  if (words.length === 0) return null;
  if (words.length === 1) return { type: 'term', word: words[0]!, fuzziness, prefix };
  const last = words.length - 1;
  return {
    type: 'phrase',
    words: words.map((word, i): WordQuery => ({ word, fuzziness, prefix: prefix && i === last })),
    slop: 0,
  };
}

function phraseNode(text: string, slop: number | null): QueryNode | null {
  const words = splitWords(text);
  if (words.length === 0) return null;
  const exact = words.map((word): WordQuery => ({ word, fuzziness: 0, prefix: false }));
  // Slop means nothing for one word; as in Lucene, a one-word phrase is a term.
  if (exact.length === 1) return { type: 'term', ...exact[0]! };
  return { type: 'phrase', words: exact, slop: slop ?? 0 };
}

/** Never throws, for any string. An empty (or all-punctuation) query parses to `{ type: 'all' }`. */
export function parseQuery(q: string): QueryNode {
  return new Parser(tokenize(q)).parse();
}
