import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Reads the sources for `ROOMDECK_…` names and holds them against the error catalogue. Pure over
 * the file texts it is given, so the test can also show it catching a code nobody catalogued.
 */

export interface SourceFile {
  path: string;
  text: string;
}

export interface CodeAudit {
  /** `path: NAME` for every ROOMDECK_ name that is neither a catalogued code nor an environment variable. */
  strays: string[];
  /** Catalogued codes no source uses through the catalogue's constant. */
  unused: string[];
  /** `path: 'NAME'` for every code written as a string literal outside the catalogue. */
  literals: string[];
  /** Environment variable names that no source mentions any more (the exemption went stale). */
  staleEnvironment: string[];
}

const NAME = /ROOMDECK_[A-Z_]+/g;
const QUOTED = /(['"`])(ROOMDECK_[A-Z_]+)\1/g;
const CONSTANT = /\bErrorCode\.(ROOMDECK_[A-Z_]+)/g;
/** A list of the codes a class may carry (core/api/errors.ts) declares codes; it does not use them. */
const CODE_LIST = /export const ERROR_CODES = \[[\s\S]*?\] as const;/;

export function auditCodes(
  files: readonly SourceFile[],
  catalogueFile: string,
  codes: readonly string[],
  environment: readonly string[],
): CodeAudit {
  const known = new Set(codes);
  const env = new Set(environment);
  const strays: string[] = [];
  const literals: string[] = [];
  const used = new Set<string>();
  const mentioned = new Set<string>();
  for (const { path, text } of files) {
    for (const [name] of text.matchAll(NAME)) {
      mentioned.add(name);
      if (!known.has(name) && !env.has(name)) strays.push(`${path}: ${name}`);
    }
    if (path === catalogueFile) continue;
    for (const [, , name = ''] of text.matchAll(QUOTED))
      if (known.has(name)) literals.push(`${path}: '${name}'`);
    for (const [, name = ''] of text.replace(CODE_LIST, '').matchAll(CONSTANT)) used.add(name);
  }
  return {
    strays,
    unused: codes.filter((code) => !used.has(code)),
    literals,
    staleEnvironment: environment.filter((name) => !mentioned.has(name)),
  };
}

/** Every .ts and .svelte file under the given folders, relative to root. */
export function readSources(root: string, folders: readonly string[]): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.(ts|svelte)$/.test(entry.name)) {
        out.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return out;
}
