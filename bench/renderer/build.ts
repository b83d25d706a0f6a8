// The renderer and the browser host built as npm start serves them, and the renderer's JS weighed.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../test/e2e/support/processes.ts';

/** Builds the renderer and the host, then the JS sizes: all of it, and what loads at start. */
export function bundleSize(): {
  gzip: number;
  raw: number;
  startGzip: number;
  startRaw: number;
  startFiles: number;
  /** The stylesheet(s) index.html names, gzip: with startGzip, what the page needs before it draws. */
  startCssGzip: number;
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
  const dir = path.join(ROOT, 'dist', 'renderer', 'assets');
  // What the page loads before the panel can draw: the scripts index.html names (the entry and its
  // modulepreloads). The rest (technician tools, the custom-layout reader) loads on demand.
  const page = readFileSync(path.join(ROOT, 'dist', 'renderer', 'index.html'), 'utf8');
  const atStart = new Set([...page.matchAll(/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
  let gzip = 0;
  let raw = 0;
  let startGzip = 0;
  let startRaw = 0;
  let startCssGzip = 0;
  for (const file of [...page.matchAll(/assets\/([^"]+\.css)"/g)].map((m) => m[1]!)) {
    startCssGzip += gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const bytes = readFileSync(path.join(dir, file));
    const packed = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += packed;
    if (atStart.has(file)) {
      startRaw += bytes.length;
      startGzip += packed;
    }
  }
  return { gzip, raw, startGzip, startRaw, startFiles: atStart.size, startCssGzip };
}
