/*
 * The literal scanner's TypeScript half: word-like string literals in TypeScript source (a .ts
 * file, or a Svelte script or expression), judged by where they sit in the syntax. Pure: source
 * text in, findings out.
 */
import ts from 'typescript';
import {
  CODE_CALLEES,
  CODE_KEYS,
  ERROR_CONSTRUCTORS,
  type Finding,
  Lines,
  WORD_PROPS,
  collapse,
  htmlWords,
  isCapitalWord,
  looksLikeCode,
  looksLikeHtml,
  readsAsPhrase,
} from './literal-words.ts';

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
