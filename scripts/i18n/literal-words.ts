/*
 * What reads as words to a person, for the literal scanner (literals.ts): which attributes and
 * props carry words, which calls and keys carry code, and whether a string reads as a phrase.
 * Pure tables and tests of text; the syntax walks are in literals-ts.ts and literals.ts.
 */

export interface Finding {
  file: string;
  line: number;
  column: number;
  /** What the finding is: `text`, `attribute aria-label`, `string`… */
  kind: string;
  /** The words as written (trimmed, whitespace collapsed). */
  text: string;
}

/** HTML attributes whose value a person reads (or hears, from a screen reader). */
export const WORD_ATTRIBUTES = new Set([
  'alt',
  'title',
  'placeholder',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

/** Props of Roomdeck's own components (and keys of word-carrying objects) that hold words. */
export const WORD_PROPS = new Set([
  'label',
  'title',
  'message',
  'hint',
  'caption',
  'heading',
  'text',
  'description',
  'summary',
  'question',
  'placeholder',
  'confirmLabel',
  'yes',
  'no',
  'all',
  'one',
  'many',
  'empty',
  'tooltip',
  'ariaLabel',
  'alt',
  'detail',
  'body',
  'headline',
  'action',
  'actionLabel',
]);

/** Calls whose string arguments are for developers (logs, exceptions) or for the machine. */
export const CODE_CALLEES = new Set([
  'console',
  'log',
  'logger',
  'debug',
  'assert',
  'require',
  'querySelector',
  'querySelectorAll',
  'closest',
  'matches',
  'getElementById',
  'getAttribute',
  'setAttribute',
  'removeAttribute',
  'hasAttribute',
  'setProperty',
  'getPropertyValue',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'add',
  'remove',
  'toggle',
  'contains',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'split',
  'replace',
  'replaceAll',
  'match',
  'test',
  'has',
  'get',
  'delete',
  'mark',
  'measure',
  'postMessage',
  'RegExp',
  'fetch',
  'URL',
  'URLSearchParams',
  'Headers',
  'Blob',
  'createElement',
  'invoke',
  'call',
  'exec',
  'send',
  'emit',
  'on',
  'once',
  'off',
]);

/** Constructors whose message is for a developer (a bug report, a log), never shown as is. */
export const ERROR_CONSTRUCTORS = /(^|\.)([A-Z][A-Za-z]*)?(Error|Failure|Exception|Fault)$/;

/** Object keys whose value is code, not words, even when it has spaces. */
export const CODE_KEYS = new Set([
  'class',
  'className',
  'style',
  'selector',
  'css',
  'id',
  'key',
  'type',
  'kind',
  'role',
  'icon',
  'href',
  'src',
  'url',
  'path',
  'method',
  'code',
  'mime',
  'contentType',
  'event',
  'name',
  'module',
  'func',
  'transition',
  'animation',
  'font',
  'fontFamily',
  'grid',
  'gridTemplate',
  'gridTemplateAreas',
  'gridTemplateColumns',
]);

/** A phrase: two runs of letters with whitespace between (letters of any script). */
export const PHRASE = /\p{L}{2,}[^\S\n]+\p{L}/u;
/** One word as a sentence starts it: "Close", "Muted", "Einstellungen". No internal capitals (PascalCase is code). */
export const CAPITAL_WORD = /^\p{Lu}\p{Ll}+[.!?:…]?$/u;
export const LETTER = /\p{L}/u;

/** Strings that are code although they contain words and spaces. */
export function looksLikeCode(text: string): boolean {
  const s = text.trim();
  if (s === '') return true;
  if (/^(https?|wss?|file|data|blob|about|mailto|javascript):/i.test(s)) return true; // URLs
  if (/^[a-z]+\/[a-z0-9.+-]+(\s*;.*)?$/i.test(s)) return true; // MIME types
  if (/^(\.{0,2}\/|#|\.|\[|::?|@|--|\$|\^|\()/.test(s)) return true; // paths, selectors, CSS vars, regex-ish
  if (/[{};=<>|\\`]|=>|&&|\|\|/.test(s)) return true; // code, markup or patterns
  if (/\b\d+(\.\d+)?(px|rem|em|vh|vw|vmin|vmax|ms|s|deg|fr|%)\b/.test(s)) return true; // CSS values
  if (/\b(var|calc|rgba?|hsla?|url|translate[XYZ]?|rotate|scale|min|max|clamp|env|repeat|minmax)\(/.test(s))
    return true;
  // A list of lowercase tokens where some carry a hyphen/underscore/colon/dot: class lists, ids, keys.
  const tokens = s.split(/\s+/);
  if (tokens.every((tok) => /^[a-z0-9_.:/-]+$/.test(tok)) && tokens.some((tok) => /[-_.:/]/.test(tok)))
    return true;
  // Identifier-ish tokens only (camelCase, snake_case, dotted): `panel.power.on`, `onClick handler`.
  if (tokens.every((tok) => /^[A-Za-z_$][\w$]*(\.[\w$]+)+$/.test(tok))) return true;
  return false;
}

/** Whether a string (a literal or a template's fixed text) reads as words to a person. */
export function readsAsPhrase(text: string): boolean {
  return PHRASE.test(text) && !looksLikeCode(text);
}

export function isCapitalWord(text: string): boolean {
  return CAPITAL_WORD.test(text.trim());
}

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Offsets → 1-based line and column. */
export class Lines {
  readonly #starts: number[] = [0];
  constructor(source: string) {
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.#starts.push(i + 1);
  }
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.#starts[lo]! + 1 };
  }
}

// ── HTML inside strings (the host's pages, the kiosk's error screen) ──

/** Words in a piece of HTML: text between tags and word-carrying attribute values. */
export function htmlWords(html: string): string[] {
  const out: string[] = [];
  const noBlocks = html.replace(/<(style|script)\b[\s\S]*?<\/\1>/gi, ' ');
  for (const match of noBlocks.matchAll(/>([^<]+)</g)) {
    const text = collapse(match[1]!.replace(/&[a-z]+;|&#\d+;/gi, ' '));
    if (LETTER.test(text) && !looksLikeCode(text)) out.push(text);
  }
  for (const match of noBlocks.matchAll(/\s(alt|title|placeholder|aria-label|label)="([^"]*)"/gi)) {
    if (LETTER.test(match[2]!)) out.push(collapse(match[2]!));
  }
  return out;
}

export const looksLikeHtml = (text: string): boolean => /<\/?[a-z][a-z0-9-]*(\s|>|\/>)/i.test(text);
