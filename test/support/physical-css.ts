/*
 * Finds CSS that says left or right where it means "where the line starts" or "where it ends":
 * such a rule stays put when the page turns right-to-left (Arabic), and the layout no longer
 * mirrors. Pure: text in, findings out (test/renderer/logical-css.test.ts reads the files).
 */

export interface Finding {
  /** 1-based line in the text scanned. */
  line: number;
  /** The declaration as written, e.g. `margin-left: 20px`. */
  text: string;
  /** What to write instead. */
  why: string;
}

const SIDE = '(?:left|right)';

/** Property names that are physical by name alone. */
const PHYSICAL_NAMES: [RegExp, string][] = [
  [
    new RegExp(`^(?:margin|padding|border|scroll-margin|scroll-padding)-${SIDE}(?:-(?:width|style|color))?$`),
    'use the -inline-start / -inline-end property',
  ],
  [new RegExp(`^${SIDE}$`), 'use inset-inline-start / inset-inline-end'],
  [new RegExp(`^border-(?:top|bottom)-${SIDE}-radius$`), 'use border-start-start-radius and its kin'],
];

/** Properties whose value names a side. */
const PHYSICAL_VALUES: [RegExp, RegExp, string][] = [
  [/^(?:text-align|text-align-last)$/, new RegExp(`^${SIDE}$`), 'use start / end'],
  [/^(?:float|clear)$/, new RegExp(`^${SIDE}$`), 'use inline-start / inline-end'],
  [
    /^background(?:-image)?$|^mask(?:-image)?$/,
    /(?:linear-gradient\(\s*(?:to\s+(?:left|right)|-?(?:90|270)deg))/,
    'a gradient across the line: mirror it under :dir(rtl)',
  ],
  [/^background-position(?:-x)?$/, new RegExp(`\\b${SIDE}\\b`), 'mirror it under :dir(rtl)'],
  [
    /^transform$/,
    /translateX\(\s*-?[1-9]|translate\(\s*-?[1-9]|translate3d\(\s*-?[1-9]/,
    'a move across the line: mirror it under :dir(rtl)',
  ],
  [/^translate$/, /^-?[1-9]/, 'a move across the line: mirror it under :dir(rtl)'],
  [/^direction$/, /./, 'the page’s direction comes from <html dir>'],
];

/** Splits a shorthand's value into its parts (spaces outside parentheses). */
function parts(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of value.trim()) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (/\s/.test(c) && depth === 0) {
      if (current) out.push(current);
      current = '';
    } else current += c;
  }
  if (current) out.push(current);
  return out;
}

/** A four-sided shorthand (top right bottom left) that puts something different left and right. */
function lopsided(property: string, value: string): boolean {
  if (!/^(?:margin|padding|inset|scroll-margin|scroll-padding|border-(?:width|style|color))$/.test(property))
    return false;
  const p = parts(value.replace(/!important/, ''));
  return p.length === 4 && p[1] !== p[3];
}

/** `border-radius` whose corners differ between the line's start and its end. */
function lopsidedRadius(property: string, value: string): boolean {
  if (property !== 'border-radius') return false;
  const [horizontal = ''] = value.split('/');
  const p = parts(horizontal);
  // top-left, top-right, bottom-right, bottom-left, per CSS's 1–4 value rule.
  const [tl, tr, br, bl] =
    p.length === 1
      ? [p[0], p[0], p[0], p[0]]
      : p.length === 2
        ? [p[0], p[1], p[0], p[1]]
        : p.length === 3
          ? [p[0], p[1], p[2], p[1]]
          : p;
  return tl !== tr || bl !== br;
}

/** Blanks comments out, keeping every line where it was. */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

/** Every physical declaration in a stylesheet's text. */
export function physicalDeclarations(css: string): Finding[] {
  const text = withoutComments(css);
  const findings: Finding[] = [];
  // A declaration: a property name after `{`, `;` or a line start, up to `;` or `}`.
  const declaration = /(^|[{;\s])(-?[a-z][a-z-]*)\s*:\s*([^;{}]+?)\s*(?=[;}]|$(?![\s\S]))/gm;
  for (const m of text.matchAll(declaration)) {
    const property = m[2] ?? '';
    const value = m[3] ?? '';
    // A selector's pseudo-class (`a:hover {`) is not a declaration: those are followed by `{`.
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 1);
    if (
      after === '{' ||
      /^(?:hover|focus|active|not|is|where|has|dir|first|last|nth|root|checked|disabled)/.test(value)
    )
      continue;
    let why: string | null = null;
    for (const [name, hint] of PHYSICAL_NAMES) if (name.test(property)) why = hint;
    for (const [name, said, hint] of PHYSICAL_VALUES) if (name.test(property) && said.test(value)) why = hint;
    if (lopsided(property, value))
      why = 'four sides with different left and right: use -block / -inline longhands';
    if (lopsidedRadius(property, value))
      why = 'corners differ left and right: use border-start-start-radius and its kin';
    if (why === null) continue;
    const at = (m.index ?? 0) + (m[1] ?? '').length;
    const said = value.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')');
    findings.push({ line: text.slice(0, at).split('\n').length, text: `${property}: ${said}`, why });
  }
  return findings;
}

/** Svelte markup's style directives and attributes that name a side (`style:left=`, `style="right: 0"`). */
export function physicalStyleAttributes(markup: string): Finding[] {
  const findings: Finding[] = [];
  const directive = new RegExp(
    `style:((?:margin|padding|border)-${SIDE}|${SIDE}|text-align|float)(?:\\|[a-z]+)?=\\{?["']?([^"'}\\s>]*)`,
    'g',
  );
  for (const m of markup.matchAll(directive)) {
    const [, property = '', value = ''] = m;
    if (/^(?:text-align|float)$/.test(property) && !new RegExp(SIDE).test(value)) continue;
    findings.push({
      line: markup.slice(0, m.index).split('\n').length,
      text: `style:${property}`,
      why: 'a style directive that names a side',
    });
  }
  for (const m of markup.matchAll(/\sstyle="([^"]*)"/g)) {
    for (const f of physicalDeclarations(m[1] ?? ''))
      findings.push({ ...f, line: markup.slice(0, m.index).split('\n').length });
  }
  return findings;
}
