/*
 * How the source uses the catalogue: every `t('key', { values })` call and every string literal,
 * read with the TypeScript compiler from .ts files and from Svelte components (their scripts and
 * template expressions, found with Svelte's own parser). Pure over (file, source) pairs; the test
 * (test/i18n/catalogue.test.ts) reads the files.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { parse as parseSvelte } from 'svelte/compiler';
import ts from 'typescript';
import { isSvelteType } from './literals.ts';

export interface TCall {
  file: string;
  line: number;
  key: string;
  /** The names passed in the values object; null when they cannot be read (a variable, a spread). */
  values: string[] | null;
}

export interface Usage {
  calls: TCall[];
  /** Every string literal's value (and template text without placeholders) in the source. */
  literals: Set<string>;
}

interface Chunk {
  code: string;
  /** Line of the chunk's first character in its file, 0-based. */
  line: number;
}

const lineAt = (source: string, offset: number): number => {
  let line = 0;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
};

/** The TypeScript of a Svelte component: its scripts and every `{…}` expression in its markup. */
function svelteChunks(source: string): Chunk[] {
  const ast = parseSvelte(source, { modern: true }) as unknown as {
    instance?: { content: { start: number; end: number } } | null;
    module?: { content: { start: number; end: number } } | null;
    fragment: unknown;
  };
  const chunks: Chunk[] = [];
  for (const script of [ast.module, ast.instance]) {
    if (script)
      chunks.push({
        code: source.slice(script.content.start, script.content.end),
        line: lineAt(source, script.content.start),
      });
  }
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    const node = value as { type?: string; start?: number; end?: number; [key: string]: unknown };
    // An ESTree expression inside the markup: taken whole, parsed again as TypeScript.
    if (
      typeof node.type === 'string' &&
      typeof node.start === 'number' &&
      typeof node.end === 'number' &&
      !isSvelteType(node.type)
    ) {
      chunks.push({ code: `(${source.slice(node.start, node.end)})`, line: lineAt(source, node.start) });
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'metadata' && key !== 'parent') visit(child);
  };
  visit(ast.fragment);
  return chunks;
}

function chunksOf(file: string, source: string): Chunk[] {
  return file.endsWith('.svelte') ? svelteChunks(source) : [{ code: source, line: 0 }];
}

const isTCallee = (expr: ts.Expression): boolean =>
  (ts.isIdentifier(expr) && expr.text === 't') ||
  (ts.isPropertyAccessExpression(expr) && expr.name.text === 't');

function valuesOf(arg: ts.Expression | undefined): string[] | null {
  if (arg === undefined) return [];
  if (!ts.isObjectLiteralExpression(arg)) return null;
  const names: string[] = [];
  for (const property of arg.properties) {
    if (ts.isShorthandPropertyAssignment(property)) names.push(property.name.text);
    else if (ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) {
      const name = property.name;
      if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
        names.push(name.text);
      else return null;
    } else return null; // a spread: the names are not in the source
  }
  return names;
}

/** The t() calls and string literals of many files. */
export function usageOf(files: Iterable<{ file: string; source: string }>): Usage {
  const calls: TCall[] = [];
  const literals = new Set<string>();
  for (const { file, source } of files) {
    for (const chunk of chunksOf(file, source)) {
      const sf = ts.createSourceFile(file, chunk.code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
        if (ts.isCallExpression(node) && isTCallee(node.expression)) {
          const [first, second] = node.arguments;
          if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
            calls.push({
              file,
              line: chunk.line + sf.getLineAndCharacterOfPosition(first.getStart(sf)).line + 1,
              key: first.text,
              values: valuesOf(second),
            });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
  return { calls, literals };
}

// ── messages ──

export interface MessageShape {
  /** Argument names the message reads: `{name}`, `{n, number}`, `{count, plural, …}`… */
  args: Set<string>;
  /** Rich-text tags (`<b>…</b>`). */
  tags: Set<string>;
  /** Every plural/selectordinal in the message: its argument, kind and option keys. */
  plurals: { arg: string; ordinal: boolean; options: string[] }[];
  /** Arguments that shape the message (plural, select, number, date, time), not plain text. */
  structural: Set<string>;
}

/** What a message needs and offers, from its ICU syntax tree (throws on a syntax error). */
export function shapeOf(message: string): MessageShape {
  const shape: MessageShape = { args: new Set(), tags: new Set(), plurals: [], structural: new Set() };
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          shape.args.add(element.value);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          shape.args.add(element.value);
          shape.structural.add(element.value);
          break;
        case TYPE.select:
          shape.args.add(element.value);
          shape.structural.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural:
          shape.args.add(element.value);
          shape.structural.add(element.value);
          shape.plurals.push({
            arg: element.value,
            ordinal: element.pluralType === 'ordinal',
            options: Object.keys(element.options),
          });
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          shape.tags.add(element.value);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message, { requiresOtherClause: true }));
  return shape;
}

/** The literal text of a message (placeholders dropped), every option of a plural/select included. */
export function literalText(message: string): string {
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal) out.push(element.value);
      else if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      else if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return out.join(' ');
}
