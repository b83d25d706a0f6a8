/*
 * The user-facing-literal check over Roomdeck's source: which files, the inline
 * `// i18n-ignore: reason` (or `<!-- i18n-ignore: reason -->`) on a finding's line or the line
 * above, and the allowlist (literal-allowlist.ts, a reason per entry).
 *
 *   npx tsx scripts/i18n/find-literals.ts           file:line  kind  "words", and a count
 *   npx tsx scripts/i18n/find-literals.ts --summary counts per area and per file
 *
 * Exits 1 when it finds any, so CI or a person can run it alone; `npm test` runs it through
 * test/i18n/no-literals.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AllowEntry, LITERAL_ALLOWLIST } from './literal-allowlist.ts';
import { type Finding, ignoredLines, scanSvelte, scanTs } from './literals.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the check reads, and how: whole files, or only the HTML in them (servers' plumbing aside). */
export interface ScopeFile {
  file: string;
  htmlOnly: boolean;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

/**
 * The renderer (every component and module: all of it reaches a page), the kiosk's error screen and
 * its helpers (main-process words on a panel), and the host's pages. The host's other modules are
 * scanned only for HTML they send, since their strings are otherwise logs, headers and JSON keys.
 */
export function scope(root = ROOT): ScopeFile[] {
  const rel = (full: string) => path.relative(root, full).split(path.sep).join('/');
  const renderer = walk(path.join(root, 'renderer/src'))
    .filter((f) => /\.(svelte|ts)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => ({ file: rel(f), htmlOnly: false }));
  const kiosk = walk(path.join(root, 'core/kiosk'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: rel(f), htmlOnly: false }));
  const host = walk(path.join(root, 'host'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('vite.config.ts'))
    .map((f) => ({ file: rel(f), htmlOnly: !/host\/pages\.ts$/.test(rel(f)) }));
  return [...renderer, ...kiosk, ...host].sort((a, b) => a.file.localeCompare(b.file));
}

/** The findings of one file, its `i18n-ignore` lines applied. */
export function scanFile(file: string, source: string, htmlOnly = false): Finding[] {
  const found = file.endsWith('.svelte') ? scanSvelte(source, file) : scanTs(source, file, { htmlOnly });
  const { lines, unexplained } = ignoredLines(source);
  const out = found.filter((f) => !lines.has(f.line));
  // An ignore without its reason does not count, and says so: the reason is the point.
  for (const line of unexplained)
    out.push({ file, line, column: 1, kind: 'i18n-ignore without a reason', text: '// i18n-ignore: <why>' });
  return out;
}

export interface CheckResult {
  findings: Finding[];
  /** Allowlist entries that matched nothing: stale, to be removed. */
  unusedAllowances: AllowEntry[];
  files: number;
}

export function checkLiterals(
  root = ROOT,
  allowlist: readonly AllowEntry[] = LITERAL_ALLOWLIST,
): CheckResult {
  const files = scope(root);
  const used = new Set<AllowEntry>();
  const findings: Finding[] = [];
  for (const { file, htmlOnly } of files) {
    for (const finding of scanFile(file, readFileSync(path.join(root, file), 'utf8'), htmlOnly)) {
      const allowed = allowlist.find((entry) => entry.file === finding.file && entry.text === finding.text);
      if (allowed) used.add(allowed);
      else findings.push(finding);
    }
  }
  return { findings, unusedAllowances: allowlist.filter((entry) => !used.has(entry)), files: files.length };
}

export const formatFinding = (f: Finding): string =>
  `${f.file}:${f.line}:${f.column}  ${f.kind}  ${JSON.stringify(f.text)}`;

/** Counts per area (the first two path segments, the views' folder) for a summary. */
export function countBy(findings: readonly Finding[], key: (f: Finding) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(key(f), (counts.get(key(f)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export const areaOf = (f: Finding): string => {
  const parts = f.file.split('/');
  return parts
    .slice(0, parts[0] === 'renderer' ? (parts[2] === 'lib' || parts[2] === 'views' ? 4 : 3) : 2)
    .join('/');
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { findings, unusedAllowances, files } = checkLiterals();
  if (process.argv.includes('--summary')) {
    for (const [area, n] of countBy(findings, areaOf)) console.log(`${String(n).padStart(5)}  ${area}`);
    console.log('');
    for (const [kind, n] of countBy(findings, (f) => f.kind.split(' ')[0]!))
      console.log(`${String(n).padStart(5)}  ${kind}`);
  } else {
    for (const f of findings) console.log(formatFinding(f));
  }
  for (const entry of unusedAllowances)
    console.log(`stale allowlist entry (matches nothing): ${entry.file} ${JSON.stringify(entry.text)}`);
  const withFindings = new Set(findings.map((f) => f.file)).size;
  console.log(`\n${findings.length} user-facing literal(s) in ${withFindings} of ${files} files scanned.`);
  process.exitCode = findings.length > 0 || unusedAllowances.length > 0 ? 1 : 0;
}
