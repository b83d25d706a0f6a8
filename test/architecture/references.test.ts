import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenReferences,
  decisionsOf,
  type Notes,
  SPEC_NOTE,
  type SourceFile,
  sectionsOf,
} from './references.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The files a contributor's clone holds (tracked, and new ones not ignored). */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '');
}

/** Files whose words a person reads as references: sources, styles, scripts and Markdown. */
const CHECKED = /\.(ts|mts|cts|js|mjs|cjs|svelte|css|md|sh|yml)$/;

/** This check's own description and cases name references that must not resolve. */
const SELF = new Set(['test/architecture/references.ts', 'test/architecture/references.test.ts']);

function repositoryNotes(files: string[]): Notes {
  const sections = new Map<string, Set<string>>();
  for (const path of files.filter((p) => p.startsWith('docs/') && p.endsWith('.md'))) {
    sections.set(basename(path), sectionsOf(readFileSync(join(ROOT, path), 'utf8')));
  }
  return {
    fileNames: new Set(files.map((path) => basename(path))),
    sections,
    decisions: decisionsOf(readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8')),
  };
}

const notes: Notes = {
  fileNames: new Set(['realtime.md', 'README.md']),
  sections: new Map([
    ['realtime.md', new Set(['3', '3.1', '8'])],
    [SPEC_NOTE, new Set(['4', '4.2'])],
  ]),
  decisions: new Set([1, 2, 6]),
};
const check = (text: string, path = 'core/live/x.ts') =>
  brokenReferences({ path, text } satisfies SourceFile, notes).map((b) => `${b.line}: ${b.problem}`);

describe('references in comments', () => {
  it('accepts a section, a decision and a document that exist', () => {
    expect(check('// realtime.md §3.1 and D6; spec §4.2; see README.md')).toEqual([]);
    expect(check('/**\n * The frames (realtime.md §3).\n * Index 1 when absent (§3.1, D2).\n */')).toEqual(
      [],
    );
  });

  it('leaves a public standard’s sections to the standard', () => {
    expect(check('// RFC 6749 §4.1.2, §10.12; OIDC Core §3.1.2.1')).toEqual([]);
  });

  it('refuses a section, a decision or a document that does not exist', () => {
    expect(check('// realtime.md §9')).toEqual(['1: "§9": docs/realtime.md has no section 9']);
    expect(check('// (D13)')).toEqual(['1: "D13": no such decision in docs/decisions.md']);
    expect(check('// see design.md')).toEqual(['1: "design.md": no such document in the repository']);
    expect(check('// wire.md §2')).toEqual([
      '1: "wire.md": no such document in the repository',
      '1: "§2": wire.md is not a note in docs/',
    ]);
  });

  it('refuses a section without its document, an issue number and a path outside the repository', () => {
    expect(check('// as §3.1 says')).toHaveLength(1);
    expect(check('// since issue 21')).toEqual(['1: "issue 21": an issue number; say the reason instead']);
    expect(check('// ../shared/spec/realtime.md §3')).toHaveLength(1);
  });

  it('reads a note’s own bare sections as its own', () => {
    expect(check('see §8', 'docs/realtime.md')).toEqual([]);
    expect(check('see §7', 'docs/realtime.md')).toEqual(['1: "§7": docs/realtime.md has no section 7']);
  });
});

describe('the repository', () => {
  it('cites only documents, sections and decisions it holds, and no issue numbers', () => {
    const files = repositoryFiles();
    const repository = repositoryNotes(files);
    const broken = files
      .filter((path) => CHECKED.test(path) && !SELF.has(path))
      .flatMap((path) => brokenReferences({ path, text: readFileSync(join(ROOT, path), 'utf8') }, repository))
      .map((b) => `${b.path}:${b.line}: ${b.problem}`);
    expect(broken).toEqual([]);
  });
});
