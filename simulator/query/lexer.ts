/**
 * Splits a query string into tokens. It never fails: characters that cannot start anything useful
 * (a lone "-", a "~" or "*" with no word before it) are dropped here, and the parser drops
 * operators that end up with nothing to work on.
 */

export type Token =
  | {
      readonly kind: 'term';
      readonly text: string;
      /** Raw number after "~" (saturated), 2 for a bare "~", null when there is no "~". */
      readonly fuzziness: number | null;
      readonly prefix: boolean;
    }
  | { readonly kind: 'phrase'; readonly text: string; readonly slop: number | null }
  | { readonly kind: 'plus' }
  | { readonly kind: 'pipe' }
  | { readonly kind: 'minus' }
  | { readonly kind: 'open' }
  | { readonly kind: 'close' };

/** Bigger numbers mean nothing more (no field is that long) and would only risk precision. */
export const MAX_MODIFIER = 1_000_000;
/** What a bare "~" means, after a word (fuzziness) and after a phrase (slop) alike, as in Lucene. */
const DEFAULT_MODIFIER = 2;

const SPACE = /\s/;

const PLUS: Token = { kind: 'plus' };
const PIPE: Token = { kind: 'pipe' };
const MINUS: Token = { kind: 'minus' };
const OPEN: Token = { kind: 'open' };
const CLOSE: Token = { kind: 'close' };

function isSpace(ch: string): boolean {
  return SPACE.test(ch);
}

/** Characters that end a bare term. "-" is not one: "wall-panel" is a single term. */
function isBreak(ch: string): boolean {
  return ch === '"' || ch === '(' || ch === ')' || ch === '+' || ch === '|' || isSpace(ch);
}

/** A "*" is the prefix operator only at the end of a term (possibly before "~"), as in Lucene. */
function isPrefixStar(q: string, i: number): boolean {
  if (q[i] !== '*') return false;
  const next = q[i + 1];
  return next === undefined || next === '~' || isBreak(next);
}

/** Reads the digits after a "~" at `i`; returns the value and where reading stopped. */
function readModifier(q: string, i: number): { value: number; end: number } {
  let j = i + 1;
  let value = 0;
  while (j < q.length) {
    const c = q.charCodeAt(j);
    if (c < 48 || c > 57) break;
    value = Math.min(MAX_MODIFIER, value * 10 + (c - 48));
    j++;
  }
  return { value: j === i + 1 ? DEFAULT_MODIFIER : value, end: j };
}

export function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i]!;
    if (isSpace(ch)) {
      i++;
    } else if (ch === '"') {
      i = readPhrase(q, i, tokens);
    } else if (ch === '(') {
      tokens.push(OPEN);
      i++;
    } else if (ch === ')') {
      tokens.push(CLOSE);
      i++;
    } else if (ch === '+') {
      tokens.push(PLUS);
      i++;
    } else if (ch === '|') {
      tokens.push(PIPE);
      i++;
    } else if (ch === '-') {
      // "a - b" is a dash between words, not a negation of nothing.
      const next = q[i + 1];
      if (next !== undefined && !isSpace(next)) tokens.push(MINUS);
      i++;
    } else if (ch === '~') {
      // A modifier with no word before it.
      i = readModifier(q, i).end;
    } else {
      i = readTerm(q, i, tokens);
    }
  }
  return tokens;
}

function readPhrase(q: string, start: number, tokens: Token[]): number {
  const close = q.indexOf('"', start + 1);
  if (close === -1) {
    // An unclosed quote runs to the end of the query.
    tokens.push({ kind: 'phrase', text: q.slice(start + 1), slop: null });
    return q.length;
  }
  const text = q.slice(start + 1, close);
  if (q[close + 1] === '~') {
    const { value, end } = readModifier(q, close + 1);
    tokens.push({ kind: 'phrase', text, slop: value });
    return end;
  }
  tokens.push({ kind: 'phrase', text, slop: null });
  return close + 1;
}

function readTerm(q: string, start: number, tokens: Token[]): number {
  let i = start;
  while (i < q.length && q[i] !== '~' && !isBreak(q[i]!) && !isPrefixStar(q, i)) i++;
  const text = q.slice(start, i);
  let fuzziness: number | null = null;
  let prefix = false;
  for (;;) {
    if (isPrefixStar(q, i)) {
      prefix = true;
      i++;
    } else if (q[i] === '~') {
      const m = readModifier(q, i);
      fuzziness = m.value;
      i = m.end;
    } else {
      break;
    }
  }
  // Whatever sticks to the modifiers ("foo~1x") is noise: Lucene swallows it too.
  while (i < q.length && !isBreak(q[i]!)) i++;
  tokens.push({ kind: 'term', text, fuzziness, prefix });
  return i;
}
