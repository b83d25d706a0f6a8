import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether `npm start` must build before it runs: an output is missing, or a source (a file anywhere
 * under the given folders, or a single file) was changed after the oldest output was written. So
 * nobody sees a stale panel after editing the renderer. Pure file-system reads, no build tool.
 */
export function needsBuild(root: string, outputs: readonly string[], sources: readonly string[]): boolean {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    const at = mtimeOf(path.join(root, output));
    if (at === null) return true;
    oldestOutput = Math.min(oldestOutput, at);
  }
  return sources.some((source) => newestUnder(path.join(root, source)) > oldestOutput);
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of a file, or of any file below a folder (0 when there is none). */
function newestUnder(target: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    // Dependencies and build output are not sources, wherever they sit.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestUnder(path.join(target, entry.name)));
  }
  return newest;
}
