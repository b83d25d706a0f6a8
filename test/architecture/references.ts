/*
 * What a comment may point at, checked without I/O: a document of the repository (`realtime.md`,
 * `PANEL_LAYOUT.md`), a section of one of the notes in docs/ (`realtime.md §4.1`, `spec §4.2` for
 * docs/control-service-api.md), a decision of docs/decisions.md (`D6`). A public standard's
 * section (`RFC 6749 §4.1.2`) is left to the standard. An issue number is never a reason: a
 * clone of the repository cannot follow it.
 */

export interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface Notes {
  /** Every file name of the repository (base names), for `name.md` mentions. */
  fileNames: ReadonlySet<string>;
  /** The section numbers of each note in docs/, by the note's file name. */
  sections: ReadonlyMap<string, ReadonlySet<string>>;
  /** The decision numbers docs/decisions.md defines. */
  decisions: ReadonlySet<number>;
}

export interface BrokenReference {
  path: string;
  line: number;
  problem: string;
}

/** The note a bare `spec §n` means. */
export const SPEC_NOTE = 'control-service-api.md';

/** Section numbers of a Markdown note: `## 4.2 Systems`, `### 1C. Current endpoints`. */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(\d+[A-Z]?(?:\.\d+)*)\.?\s/gm)) {
    sections.add(match[1] as string);
  }
  return sections;
}

/** Decision numbers of docs/decisions.md: `## D6 — Bind order`. */
export function decisionsOf(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+D(\d+)\b/gm)].map((m) => Number(m[1])));
}

/** A place a `§` may refer to, found by reading back from it. */
type Context = { kind: 'external' } | { kind: 'note'; name: string };

/** What a `§` refers to: the nearest earlier mention of a standard, a note, or "the spec". */
const CONTEXT =
  /\b(RFC ?\d+|OIDC Core|OpenID Connect Core|CSP ?\d|ECMA-?\d+|ISO ?\d+)|([\w-]+\.md)\b|(?<![.\w-])(spec)\b/gi;

/**
 * A bare `§` in a source file belongs to the nearest document named before it in the file (a
 * module's header names its note once); in a note, to the note itself unless its line names
 * another.
 */
function contextBefore(lines: string[], index: number, column: number, self: string | null): Context | null {
  const first = self === null ? 0 : index;
  for (let i = index; i >= first; i--) {
    const text = i === index ? (lines[i] as string).slice(0, column) : (lines[i] as string);
    const found = [...text.matchAll(CONTEXT)].at(-1);
    if (found === undefined) continue;
    if (found[1] !== undefined) return { kind: 'external' };
    if (found[2] !== undefined) return { kind: 'note', name: found[2] };
    return { kind: 'note', name: SPEC_NOTE };
  }
  return self === null ? null : { kind: 'note', name: self };
}

/** The problems of one file's references. */
export function brokenReferences(file: SourceFile, notes: Notes): BrokenReference[] {
  const broken: BrokenReference[] = [];
  const lines = file.text.split('\n');
  const inDocs = file.path.startsWith('docs/');
  const self = inDocs ? (file.path.split('/').at(-1) ?? null) : null;
  const report = (index: number, problem: string) =>
    broken.push({ path: file.path, line: index + 1, problem });

  lines.forEach((line, index) => {
    for (const match of line.matchAll(/\bissues? #?\d+/gi)) {
      report(index, `"${match[0]}": an issue number; say the reason instead`);
    }
    if (/\.\.\/shared\b|\bshared\/spec\b/.test(line)) {
      report(index, 'a path outside the repository (../shared); cite the note in docs/ instead');
    }
    for (const match of line.matchAll(/\bD(\d{1,3})\b/g)) {
      if (!notes.decisions.has(Number(match[1]))) {
        report(index, `"${match[0]}": no such decision in docs/decisions.md`);
      }
    }
    if (!inDocs) {
      for (const match of line.matchAll(/(?<![\w/@:.-])([\w-]+\.md)\b/g)) {
        if (!notes.fileNames.has(match[1] as string)) {
          report(index, `"${match[1]}": no such document in the repository`);
        }
      }
    }
    for (const match of line.matchAll(/§\s?(\d+[A-Z]?(?:\.\d+)*)/g)) {
      const context = contextBefore(lines, index, match.index, self);
      if (context === null) {
        report(index, `"${match[0]}": a section of which document? Name it (realtime.md §3.1, spec §4.2)`);
        continue;
      }
      if (context.kind === 'external') continue;
      const sections = notes.sections.get(context.name);
      if (sections === undefined) {
        report(index, `"${match[0]}": ${context.name} is not a note in docs/`);
      } else if (!sections.has(match[1] as string)) {
        report(index, `"${match[0]}": docs/${context.name} has no section ${match[1]}`);
      }
    }
  });
  return broken;
}
