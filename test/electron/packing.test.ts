import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Packs Roomdeck for real with electron-builder (Linux `dir` target) around a stand-in Electron
 * folder (the real binary cannot be downloaded here; fuses are skipped because the stand-in has no
 * fuse wire) and checks what an installer would carry in app.asar. Everything is built into a
 * temporary app folder, so the repo's own dist/ is neither needed nor touched.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): Record<string, unknown> };
const asar = require('@electron/asar') as {
  listPackage(archive: string): string[];
  extractFile(archive: string, file: string): Buffer;
};

let work = '';
let archive = '';
let resourcesDir = '';
let files: string[] = [];
let updateKey = '';

async function buildInto(app: string): Promise<void> {
  const quiet = { logLevel: 'silent' as const };
  await viteBuild({
    ...quiet,
    configFile: path.join(root, 'renderer/vite.config.ts'),
    build: { outDir: path.join(app, 'dist/renderer'), emptyOutDir: true },
  });
  for (const config of ['electron/vite.main.config.ts', 'electron/vite.preload.config.ts']) {
    await viteBuild({
      ...quiet,
      configFile: path.join(root, config),
      build: { outDir: path.join(app, 'dist/electron') },
    });
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'roomdeck-pack-'));
  const app = path.join(work, 'app');
  mkdirSync(app);
  copyFileSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  cpSync(
    path.join(root, 'scripts/builder-before-build.cjs'),
    path.join(app, 'scripts/builder-before-build.cjs'),
  );
  cpSync(path.join(root, 'resources'), path.join(app, 'resources'), { recursive: true });
  // The release's update key, as `npm run update-key` leaves it (the repo carries none of its own).
  updateKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(path.join(app, 'resources/update-public-key.pem'), updateKey);
  // Leftovers of an earlier build must not reach the installer: plant some and expect them gone.
  mkdirSync(path.join(app, 'dist/electron/old'), { recursive: true });
  writeFileSync(path.join(app, 'dist/electron/old/stale.js'), 'export {}');
  writeFileSync(path.join(app, 'src-note.ts'), 'export {}');
  // `npm run build` begins with scripts/clean-dist.mjs; run that very script on the app folder.
  cpSync(path.join(root, 'scripts/clean-dist.mjs'), path.join(app, 'scripts/clean-dist.mjs'));
  execFileSync(process.execPath, [path.join(app, 'scripts/clean-dist.mjs')]);
  await buildInto(app);

  const fakeElectron = path.join(work, 'electron-dist');
  mkdirSync(fakeElectron);
  writeFileSync(path.join(fakeElectron, 'electron'), '#!/bin/sh\necho stand-in\n');
  chmodSync(path.join(fakeElectron, 'electron'), 0o755);

  const builder = require('electron-builder') as typeof import('electron-builder');
  const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
  await builder.build({
    projectDir: app,
    publish: 'never',
    targets: builder.Platform.LINUX.createTarget('dir', builder.Arch.x64),
    config: {
      ...config,
      electronFuses: null,
      // The hook as configured, from the app folder (a relative hook path resolves against the cwd).
      beforeBuild: path.join(app, String(config.beforeBuild)),
      electronDist: fakeElectron,
      electronVersion: '45.4.1',
      directories: { output: path.join(work, 'out'), buildResources: 'resources' },
    },
  });
  resourcesDir = path.join(work, 'out/linux-unpacked/resources');
  archive = path.join(resourcesDir, 'app.asar');
  files = asar.listPackage(archive).map((f) => f.replaceAll('\\', '/'));
}, 120_000);

afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

describe('the packed app', () => {
  it('is small: app.asar under 6 MB', () => {
    expect(statSync(archive).size).toBeLessThan(6 * 1024 * 1024);
  });

  it('holds the bundled main process, the preload, the renderer and package.json', () => {
    for (const needed of [
      '/package.json',
      '/dist/electron/main.js',
      '/dist/electron/preload.cjs',
      '/dist/renderer/index.html',
    ]) {
      expect(files).toContain(needed);
    }
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { main: string };
    expect(files).toContain(`/${pkg.main}`);
  });

  it('holds no dev tooling, no node_modules, no sources, no maps and nothing stale', () => {
    const offending = files.filter(
      (f) =>
        f.includes('/node_modules') ||
        /\.(ts|tsx|svelte|map)$/.test(f) ||
        /\/(tsx|esbuild|vite|vitest|typescript|electron-builder)(\/|$)/.test(f) ||
        f.includes('/old/') ||
        f.endsWith('start.js') ||
        f.includes('vite.') ||
        f.startsWith('/scripts') ||
        f.startsWith('/resources'),
    );
    expect(offending).toEqual([]);
  });

  it('carries the update key beside app.asar, where the updater reads it', () => {
    expect(readFileSync(path.join(resourcesDir, 'update-public-key.pem'), 'utf8')).toBe(updateKey);
  });
});
