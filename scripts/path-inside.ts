import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether `target` would land inside `folder`, judged on real paths: the target's parent folder is
 * resolved through its symbolic links (a link outside that points in is inside), and the relative
 * path is compared by segments, so a file named `..key.pem` at the top is inside while `../key.pem`
 * is not. The parent folder must exist (a path whose folder is missing throws).
 */
export function isInsideFolder(folder: string, target: string): boolean {
  const realFolder = realpathSync(path.resolve(folder));
  const resolved = path.resolve(target);
  const realTarget = path.join(realpathSync(path.dirname(resolved)), path.basename(resolved));
  const rel = path.relative(realFolder, realTarget);
  const outside = rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  return !outside;
}
