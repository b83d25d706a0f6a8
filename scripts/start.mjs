// `npm start`: runs the compiled launcher (dist/host/start.js, built from host/start.ts), which
// starts in a fraction of the time tsx needs to transpile the host's sources. It is rebuilt first
// when missing or older than its sources, so an edit is never run stale.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILDS, needsBuild } from '../host/build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { outputs, sources } = BUILDS['build:host'];
if (needsBuild(root, outputs, sources)) {
  console.log('Building Roomdeck first (npm run build:host): its sources are newer than the build…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build:host', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm run build:host failed; see its output above.');
    process.exit(1);
  }
}
// Node 22.1 and later keep the launcher's compiled code between starts (in the system's temporary
// folder, checked against each file's contents, so a rebuild or another Node simply compiles
// afresh): about a fifth of the host's start-up, measured on Node 22. Node 20 has no such cache.
module.enableCompileCache?.();
// The launcher runs its main() only as the entry script: make it the entry, in this process.
const launcher = path.join(root, 'dist', 'host', 'start.js');
process.argv[1] = launcher;
await import(pathToFileURL(launcher).href);
