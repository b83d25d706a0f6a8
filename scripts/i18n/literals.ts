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
import { type Finding, LETTER, Lines, WORD_ATTRIBUTES, WORD_PROPS, collapse } from './literal-words.ts';
import { scanTs } from './literals-ts.ts';

export type { Finding } from './literal-words.ts';
export { scanTs } from './literals-ts.ts';

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
