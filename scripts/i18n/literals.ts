/*
 * Finds words a person would read that are written into the source instead of coming from the
 * message catalogue (locales/): Svelte text and word-carrying attributes, and TypeScript string
 * literals that read as words. Pure: source text in, findings out; the file walk, the allowlist
 * and the command line are in find-literals.ts.
 *
 * Precision over recall where they pull apart: a check that cries wolf gets an allowlist entry per
 * false alarm and stops being read. So a TypeScript literal counts only when it reads as a phrase
 * (two words with a space, not code-shaped) or when it is one capitalised word in a place that
 * renders (a returned value, a word-carrying property, a parameter's default, a Svelte expression
 * shown as text).
 */
import { parse as parseSvelte } from 'svelte/compiler';
import ts from 'typescript';

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
const WORD_ATTRIBUTES = new Set([
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
const CODE_CALLEES = new Set([
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
const ERROR_CONSTRUCTORS = /(^|\.)([A-Z][A-Za-z]*)?(Error|Failure|Exception|Fault)$/;

/** Object keys whose value is code, not words, even when it has spaces. */
const CODE_KEYS = new Set([
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
const PHRASE = /\p{L}{2,}[^\S\n]+\p{L}/u;
/** One word as a sentence starts it: "Close", "Muted", "Einstellungen". No internal capitals (PascalCase is code). */
const CAPITAL_WORD = /^\p{Lu}\p{Ll}+[.!?:…]?$/u;
const LETTER = /\p{L}/u;

/** Strings that are code although they contain words and spaces. */
function looksLikeCode(text: string): boolean {
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

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Offsets → 1-based line and column. */
class Lines {
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

const looksLikeHtml = (text: string): boolean => /<\/?[a-z][a-z0-9-]*(\s|>|\/>)/i.test(text);

// ── TypeScript ──

export interface TsScanOptions {
  /** Offset of `source` in the file it came from (a Svelte script or expression). */
  offset?: number;
  /** The source is one expression whose value is shown as text (a Svelte `{…}` or word attribute). */
  renders?: boolean;
  /** Only strings that are HTML (the host's and the kiosk's pages): the rest of those files is plumbing. */
  htmlOnly?: boolean;
}

const calleeName = (expr: ts.Expression): string | undefined => {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  if (ts.isElementAccessExpression(expr)) return undefined;
  return undefined;
};

/** The chain of names of a callee: `console.warn` → ['console', 'warn']. */
const calleeChain = (expr: ts.Expression): string[] => {
  if (ts.isIdentifier(expr)) return [expr.text];
  if (ts.isPropertyAccessExpression(expr)) return [...calleeChain(expr.expression), expr.name.text];
  if (ts.isCallExpression(expr)) return calleeChain(expr.expression);
  return [];
};

const propertyName = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : undefined;

/** Climbs through the nodes that pass a value on unchanged (parentheses, ternaries, `??`, `as`…). */
function valueSite(node: ts.Node): { site: ts.Node; child: ts.Node } {
  let child: ts.Node = node;
  let site = node.parent;
  for (;;) {
    if (!site) return { site: child, child };
    if (
      ts.isParenthesizedExpression(site) ||
      ts.isAsExpression(site) ||
      ts.isSatisfiesExpression(site) ||
      ts.isNonNullExpression(site) ||
      (ts.isConditionalExpression(site) && child !== site.condition) ||
      (ts.isBinaryExpression(site) &&
        [
          ts.SyntaxKind.BarBarToken,
          ts.SyntaxKind.QuestionQuestionToken,
          ts.SyntaxKind.AmpersandAmpersandToken,
          ts.SyntaxKind.PlusToken,
        ].includes(site.operatorToken.kind)) ||
      ts.isTemplateSpan(site) ||
      ts.isTemplateExpression(site)
    ) {
      child = site;
      site = site.parent;
      continue;
    }
    return { site, child };
  }
}

/** Whether a literal is code whatever its words, by its place in the syntax (`html`: a page being built). */
function codePlace(node: ts.Node, html = false): boolean {
  for (let at: ts.Node | undefined = node, prev: ts.Node = node; at; prev = at, at = at.parent) {
    if (
      ts.isImportDeclaration(at) ||
      ts.isExportDeclaration(at) ||
      ts.isImportTypeNode(at) ||
      ts.isLiteralTypeNode(at) ||
      ts.isExternalModuleReference(at) ||
      (ts.isCaseClause(at) && prev === at.expression) ||
      ts.isTaggedTemplateExpression(at)
    )
      return true;
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      if (prev === at.expression) continue;
      const chain = calleeChain(at.expression);
      const name = chain[chain.length - 1];
      if (at.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
      if (ts.isNewExpression(at) && name !== undefined && ERROR_CONSTRUCTORS.test(name)) return true;
      if (ts.isCallExpression(at) && name !== undefined && /^(t|has)$/.test(name) && at.arguments[0] === prev)
        return true; // a catalogue key
      if (chain.some((part) => part === 'console' || part === 'log' || part === 'logger')) return true;
      // HTML is sent (`reply.send(page)`), whatever the call: only logs and errors above excuse it.
      if (html) return false;
      if (name !== undefined && CODE_CALLEES.has(name)) return true;
      if (
        name === 'Error' ||
        name === 'fail' ||
        name === 'warn' ||
        name === 'error' ||
        name === 'info' ||
        name === 'trace'
      )
        return true;
      // Arguments of other calls may be words (toast('Room is on')); the climb stops at the call.
      return false;
    }
    if (ts.isBinaryExpression(at)) {
      const op = at.operatorToken.kind;
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken ||
        op === ts.SyntaxKind.InKeyword ||
        op === ts.SyntaxKind.InstanceOfKeyword
      )
        return true;
      if (op === ts.SyntaxKind.EqualsToken && prev === at.right) {
        const target = at.left;
        const name = ts.isPropertyAccessExpression(target)
          ? target.name.text
          : ts.isIdentifier(target)
            ? target.text
            : undefined;
        if (name !== undefined && (CODE_KEYS.has(name) || /^(className|cssText|innerHTML|id)$/.test(name)))
          return true;
      }
    }
    if (ts.isPropertyAssignment(at)) {
      if (prev === at.name) return true;
      const key = propertyName(at.name);
      if (key !== undefined && CODE_KEYS.has(key)) return true;
      return false;
    }
    if (ts.isElementAccessExpression(at) && prev === at.argumentExpression) return true;
    if (ts.isPropertyDeclaration(at) || ts.isEnumMember(at)) {
      if (prev === at.name) return true;
    }
    if (ts.isStatement(at) || ts.isFunctionLike(at)) return false;
  }
  return false;
}

/** Whether a capitalised single word sits where its value is shown. */
function rendersHere(node: ts.Node, wholeExpressionRenders: boolean): boolean {
  const { site, child } = valueSite(node);
  if (wholeExpressionRenders && (ts.isExpressionStatement(site) || ts.isSourceFile(site))) return true;
  if (ts.isReturnStatement(site)) return true;
  if (ts.isArrowFunction(site) && site.body === child) return true;
  if (ts.isPropertyAssignment(site)) {
    const key = propertyName(site.name);
    return key !== undefined && WORD_PROPS.has(key);
  }
  if ((ts.isBindingElement(site) || ts.isParameter(site)) && site.initializer === child) return true;
  if (ts.isVariableDeclaration(site) && ts.isIdentifier(site.name))
    return /(label|title|message|text|words?|caption|heading|hint)$/i.test(site.name.text);
  if (ts.isBinaryExpression(site) && site.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const target = site.left;
    const name = ts.isPropertyAccessExpression(target)
      ? target.name.text
      : ts.isIdentifier(target)
        ? target.text
        : '';
    return /^(textContent|innerText|title|label|message|text|placeholder|alt|ariaLabel)$/.test(name);
  }
  if (ts.isCallExpression(site)) {
    const name = calleeName(site.expression);
    return (
      name !== undefined &&
      /^(toast|notify|say|announce|alert|confirm|prompt|showToast|tell|flash)$/.test(name)
    );
  }
  return false;
}

/** Word-like literals in TypeScript source. `file` names the findings; offsets are shifted by `offset`. */
export function scanTs(
  source: string,
  file: string,
  options: TsScanOptions = {},
  lines = new Lines(source),
): Finding[] {
  const offset = options.offset ?? 0;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, kind: string, text: string) => {
    const { line, column } = lines.at(offset + node.getStart(sf));
    findings.push({ file, line, column, kind, text: collapse(text) });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const parts = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
        : [node.text];
      const joined = parts.join(' ');
      if (looksLikeHtml(joined)) {
        if (!codePlace(node, true))
          for (const words of htmlWords(parts.join('…'))) report(node, 'html', words);
      } else if (!options.htmlOnly && !codePlace(node)) {
        // A template's fixed parts together: `${n} people in the room` reads as a phrase.
        // A template reads as words when one of its fixed parts does, when a capitalised word stands
        // beside a placeholder (`Input ${n}`, `Until ${time}`), or a word joins two (`${a} or ${b}`).
        // A lone lowercase word beside one (`until ${t}`) is not enough: `tile ${state}` is a class.
        const phrase = ts.isTemplateExpression(node)
          ? parts.some(readsAsPhrase) ||
            (readsAsPhrase(parts.join(' ')) && !looksLikeCode(parts.join(''))) ||
            parts.some((part) => isCapitalWord(part) && /\s$|^\s/.test(part)) ||
            parts.slice(1, -1).some((part) => /^\s+\p{L}{2,}\s+$/u.test(part))
          : readsAsPhrase(joined);
        if (phrase)
          report(node, 'string', ts.isTemplateExpression(node) ? node.getText(sf).slice(1, -1) : joined);
        else if (
          !ts.isTemplateExpression(node) &&
          isCapitalWord(joined) &&
          rendersHere(node, options.renders ?? false)
        )
          report(node, 'string', joined);
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

// ── Svelte ──

interface SvelteNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is SvelteNode =>
  typeof value === 'object' && value !== null && typeof (value as SvelteNode).type === 'string';

/** Svelte's own node types; anything else with a `type` is an ESTree expression or pattern. */
export const isSvelteType = (type: string): boolean =>
  /^(Root|Fragment|Text|Comment|Component|Script|StyleSheet|Options|Attribute|SpreadAttribute|SlotElement|TitleElement|RegularElement)$/.test(
    type,
  ) ||
  /(Block|Tag|Directive|Element)$/.test(type) ||
  type.startsWith('Svelte');

const isSvelteNode = (node: SvelteNode): boolean => isSvelteType(node.type);

const isComponent = (node: SvelteNode): boolean =>
  node.type === 'Component' || node.type === 'SvelteComponent';

/** Words in a Svelte component: markup text, word attributes, and the TypeScript in it. */
export function scanSvelte(source: string, file: string): Finding[] {
  const lines = new Lines(source);
  const ast = parseSvelte(source, { modern: true }) as unknown as SvelteNode & {
    instance?: { content: SvelteNode } | null;
    module?: { content: SvelteNode } | null;
    fragment: SvelteNode;
  };
  const findings: Finding[] = [];
  const at = (offset: number) => lines.at(offset);
  const expression = (node: SvelteNode, renders: boolean) => {
    // Parsed again as TypeScript (Svelte's acorn tree has no type information we need, and one
    // scanner keeps the two kinds of file judged alike): `(expr)` with the offset of its `(`.
    findings.push(
      ...scanTs(`(${source.slice(node.start, node.end)})`, file, { offset: node.start - 1, renders }, lines),
    );
  };
  for (const script of [ast.module, ast.instance]) {
    if (script)
      findings.push(
        ...scanTs(
          source.slice(script.content.start, script.content.end),
          file,
          { offset: script.content.start },
          lines,
        ),
      );
  }
  const walk = (node: SvelteNode, parent: SvelteNode | undefined): void => {
    if (!isSvelteNode(node)) {
      expression(node, false);
      return;
    }
    if (node.type === 'Text') {
      const text = collapse(String(node.data ?? ''));
      if (LETTER.test(text) && !inCode)
        findings.push({
          file,
          ...at(node.start + (String(node.data).length - String(node.data).trimStart().length)),
          kind: 'text',
          text,
        });
      return;
    }
    if (node.type === 'Comment') return;
    if (node.type === 'ExpressionTag' || node.type === 'HtmlTag') {
      expression(node.expression as SvelteNode, true);
      return;
    }
    if (node.type === 'Attribute') {
      const name = String(node.name);
      const element = parent;
      const words =
        WORD_ATTRIBUTES.has(name) || (element !== undefined && isComponent(element) && WORD_PROPS.has(name));
      const code =
        name === 'class' ||
        name === 'style' ||
        name === 'id' ||
        name.startsWith('data-') ||
        name === 'href' ||
        name === 'src';
      const values =
        node.value === true
          ? []
          : Array.isArray(node.value)
            ? (node.value as SvelteNode[])
            : [node.value as SvelteNode];
      for (const value of values) {
        if (value.type === 'Text') {
          const text = collapse(String(value.data ?? ''));
          if (words && LETTER.test(text))
            findings.push({ file, ...at(value.start), kind: `attribute ${name}`, text });
        } else if (value.type === 'ExpressionTag' && !code) {
          expression(value.expression as SvelteNode, words);
        }
      }
      return;
    }
    // RegularElement/Component/blocks: children, attributes, and the expressions blocks hold.
    // Text in <code>/<kbd>/<samp>/<pre> is a technical identifier shown as it is (a method, a key).
    const outerCode = inCode;
    if (node.type === 'RegularElement' && /^(code|kbd|samp|pre)$/.test(String(node.name))) inCode = true;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'metadata' || key === 'parent') continue;
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) if (isNode(child)) walk(child, node);
    }
    inCode = outerCode;
  };
  let inCode = false;
  // <style> text and <script> are handled above (the fragment holds neither).
  walk(ast.fragment, undefined);
  return findings;
}

/** An `i18n-ignore: reason` on the finding's line or the line above (`//` or `<!-- -->`). */
export function ignoredLines(source: string): { lines: Set<number>; unexplained: number[] } {
  const out = new Set<number>();
  const unexplained: number[] = [];
  source.split('\n').forEach((text, index) => {
    const match = /i18n-ignore(?::\s*(\S.*?))?\s*(-->|\*\/)?\s*$/.exec(text);
    if (!match || !/(\/\/|<!--|\/\*)\s*i18n-ignore/.test(text)) return;
    if (!match[1]) {
      unexplained.push(index + 1);
      return;
    }
    out.add(index + 1);
    out.add(index + 2);
  });
  return { lines: out, unexplained };
}
