// The renderer and the browser host built as npm start serves them, and the renderer's JS weighed.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readCatalogueFiles, withCataloguePreload } from '../../core/page/catalogue-preload.ts';
import { ROOT } from '../../test/e2e/support/processes.ts';

/** The language the start-up bench's page speaks (the browser's, the host's default). */
export const BENCH_LANGUAGE = 'en';

/** What a page names in its first bytes, gzip (level 9) and raw: the scripts and the stylesheets. */
export interface NamedFirst {
  startGzip: number;
  startRaw: number;
  startFiles: number;
  /** The stylesheet(s) the page names, gzip: with startGzip, what the page needs before it draws. */
  startCssGzip: number;
}

/**
 * Builds the renderer and the host, then the JS sizes: all of it, and what loads at start. What
 * loads at start is counted from the page as a host serves it, not from index.html as built: a host
 * adds a `modulepreload` for the page's catalogue (core/page/catalogue-preload.ts), fetched with the
 * panel's code before the first paint. `startGzip`… are the bench's page (English); `byLanguage`
 * the same for each language the build lists a catalogue for.
 */
export function bundleSize(): NamedFirst & {
  gzip: number;
  raw: number;
  byLanguage: Record<string, NamedFirst>;
} {
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'error'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('the renderer build failed');
  // The browser host as npm start runs it: compiled (test/e2e/support starts it when up to date).
  const host = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'host/vite.config.ts', '--logLevel', 'error'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (host.status !== 0) throw new Error('the browser host build failed');
  const rendererDir = path.join(ROOT, 'dist', 'renderer');
  const dir = path.join(rendererDir, 'assets');
  let gzip = 0;
  let raw = 0;
  const packed = new Map<string, { gzip: number; raw: number }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'))) {
    const bytes = readFileSync(path.join(dir, file));
    const size = { gzip: gzipSync(bytes, { level: 9 }).length, raw: bytes.length };
    packed.set(file, size);
    if (file.endsWith('.js')) {
      raw += size.raw;
      gzip += size.gzip;
    }
  }
  // What the page loads before the panel can draw: the scripts the served page names (the entry,
  // its modulepreloads, the catalogue) and its stylesheets. The rest (technician tools, the
  // custom-layout reader) loads on demand.
  const built = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const catalogues = readCatalogueFiles(rendererDir);
  const namedFirst = (page: string): NamedFirst => {
    const named = (ext: string) => [
      ...new Set([...page.matchAll(new RegExp(`assets/([^"]+\\.${ext})"`, 'g'))].map((m) => m[1]!)),
    ];
    const sizeOf = (file: string) => {
      const size = packed.get(file);
      if (size === undefined) throw new Error(`the page names ${file}, which the build does not have`);
      return size;
    };
    const scripts = named('js');
    return {
      startGzip: scripts.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
      startRaw: scripts.reduce((sum, file) => sum + sizeOf(file).raw, 0),
      startFiles: scripts.length,
      startCssGzip: named('css').reduce((sum, file) => sum + sizeOf(file).gzip, 0),
    };
  };
  const byLanguage = Object.fromEntries(
    Object.keys(catalogues).map((code) => [code, namedFirst(withCataloguePreload(built, catalogues, code))]),
  );
  const bench = byLanguage[BENCH_LANGUAGE];
  if (bench === undefined) throw new Error(`the build lists no catalogue for ${BENCH_LANGUAGE}`);
  return { gzip, raw, ...bench, byLanguage };
}
