import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { physicalDeclarations, physicalStyleAttributes } from '../support/physical-css.ts';

/*
 * The renderer's styles mirror in Arabic: every stylesheet and every Svelte `<style>` block (and
 * style directives in the markup) say start and end, never left and right, except where a side is
 * truly a side. Those few are listed here, each with why.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = path.join(ROOT, 'renderer', 'src');

/** Declarations that are physical on purpose: `file` (relative to renderer/src) and the declaration. */
const ALLOWED: { file: string; text: RegExp; why: string }[] = [
  {
    file: 'views/panel/Fader.svelte',
    text: /^direction: inherit$/,
    why: 'a microphone level laid down on a short screen takes back the page’s own direction from the upright fader’s rtl trick',
  },
  {
    file: 'app.css',
    text: /^direction: ltr$/,
    why: 'code (method names, JSON keys, settings paths) reads left to right in every language',
  },
  {
    file: 'views/technician/tools-shared.css',
    text: /^direction: ltr$/,
    why: 'addresses and module ids in the tools read left to right in every language',
  },
  {
    file: 'views/technician/JsonBlock.svelte',
    text: /^direction: ltr$/,
    why: 'JSON in the tools reads left to right in every language',
  },
  {
    file: 'views/technician/FuncList.svelte',
    text: /^direction: ltr$/,
    why: 'method names and their code read left to right in every language',
  },
  {
    file: 'views/technician/TechnicianSignIn.svelte',
    text: /^direction: ltr$/,
    why: 'a device code is letters and digits that read left to right in every language',
  },
  {
    file: 'views/panel/Fader.svelte',
    text: /^direction: rtl$/,
    why: 'a vertical fader (writing-mode: vertical-lr) runs bottom to top in every language: up is more',
  },
  {
    file: 'views/panel/Fader.svelte',
    text: /^margin-left: -(?:19|26)px$/,
    why: 'centres a vertical fader’s thumb across its track: a horizontal offset in a vertical control',
  },
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(?:css|svelte)$/.test(e.name) ? [full] : [];
  });
}

/** Every physical declaration under renderer/src, as `file:line: declaration (why)`. */
function findingsOf(file: string): { file: string; line: number; text: string; why: string }[] {
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(SOURCE, file);
  if (file.endsWith('.css')) return physicalDeclarations(text).map((f) => ({ file: rel, ...f }));
  const out: { file: string; line: number; text: string; why: string }[] = [];
  for (const m of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    const offset = text.slice(0, m.index).split('\n').length - 1;
    for (const f of physicalDeclarations(m[1] ?? '')) out.push({ file: rel, ...f, line: f.line + offset });
  }
  const markup = text.replace(/<style[^>]*>[\s\S]*?<\/style>/g, (s) => s.replace(/[^\n]/g, ' '));
  for (const f of physicalStyleAttributes(markup)) out.push({ file: rel, ...f });
  return out;
}

describe('renderer styles say start and end, not left and right', () => {
  const all = files(SOURCE).flatMap(findingsOf);

  it('has no physical property outside the allowlist', () => {
    const bad = all
      .filter((f) => !ALLOWED.some((a) => a.file === f.file && a.text.test(f.text)))
      .map((f) => `${f.file}:${f.line}: ${f.text} (${f.why})`);
    expect(bad).toEqual([]);
  });

  it('allows nothing that is no longer there (each entry still needed)', () => {
    const unused = ALLOWED.filter((a) => !all.some((f) => f.file === a.file && a.text.test(f.text)));
    expect(unused.map((a) => `${a.file}: ${a.text}`)).toEqual([]);
  });

  it('scans the stylesheets and the components’ <style> blocks', () => {
    const scanned = files(SOURCE).map((f) => path.relative(SOURCE, f));
    expect(scanned).toEqual(expect.arrayContaining(['app.css', 'views/technician/tools-shared.css']));
    expect(scanned.filter((f) => f.endsWith('.svelte')).length).toBeGreaterThan(50);
  });
});

describe('the physical-property finder', () => {
  const found = (css: string) => physicalDeclarations(css).map((f) => f.text);

  it('finds sides by name, by value and in four-sided shorthands', () => {
    const css = `.a { margin-left: 4px; padding-right: 2px; border-left: 1px solid red; }
.b { left: 0; right: 8px; text-align: right; float: left; border-top-left-radius: 4px; }
.c { inset: 0 auto 0 0; margin: 0 0 0 20px; border-radius: 8px 0 0 8px; transform: translateX(-50%); }
.d { background: linear-gradient(to right, red 0 var(--fill), blue 0); border-left-color: red; }`;
    expect(found(css)).toEqual([
      'margin-left: 4px',
      'padding-right: 2px',
      'border-left: 1px solid red',
      'left: 0',
      'right: 8px',
      'text-align: right',
      'float: left',
      'border-top-left-radius: 4px',
      'inset: 0 auto 0 0',
      'margin: 0 0 0 20px',
      'border-radius: 8px 0 0 8px',
      'transform: translateX(-50%)',
      'background: linear-gradient(to right, red 0 var(--fill), blue 0)',
      'border-left-color: red',
    ]);
  });

  it('lets logical and symmetric rules be, and reads past comments and selectors', () => {
    const css = `/* left: 0 in a comment */
.a:hover, .b:dir(rtl) { margin-inline-start: 4px; inset: 0; inset-inline-end: 0; margin: 0 8px; }
.c { border-radius: 8px; border-start-start-radius: 4px; text-align: start; float: inline-end; }
.d { padding: 4px 8px 4px 8px; transform: scale(0.98) translateY(2px); border-radius: 8px 8px 0 0; }`;
    expect(found(css)).toEqual([]);
  });

  it('finds style directives and attributes in markup', () => {
    const markup = `<div style:left="{x}px" style:margin-inline-start="4px" style="right: 0; top: 0"></div>`;
    expect(physicalStyleAttributes(markup).map((f) => f.text)).toEqual(['style:left', 'right: 0']);
  });
});
