import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { AssetFiles } from '../../host/asset-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A renderer build: `assets/` with the given files, and a secret beside it. */
function build(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'roomdeck-assets-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'secret.txt'), 'not an asset');
  writeFileSync(path.join(root, 'assets', '.hidden.js'), 'hidden');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, 'assets', name), text);
  return path.join(root, 'assets');
}

describe('the page’s built files, from memory', () => {
  it('serves what was read ahead from memory, with its type, even once the file is gone from disk', async () => {
    const dir = build({ 'index-abc.js': 'export {};', 'panel-def.css': 'body{}' });
    const assets = new AssetFiles(dir);
    await assets.preload();
    rmSync(path.join(dir, 'index-abc.js'));
    rmSync(path.join(dir, 'panel-def.css'));
    expect(await assets.file('index-abc.js')).toEqual({
      body: Buffer.from('export {};'),
      type: 'text/javascript; charset=utf-8',
    });
    expect((await assets.file('panel-def.css'))?.type).toBe('text/css; charset=utf-8');
  });

  it('reads a file a later build wrote when first asked, and finds one that was missing once it is there', async () => {
    const dir = build({});
    const assets = new AssetFiles(dir);
    await assets.preload();
    expect(await assets.file('late-123.js')).toBeNull();
    writeFileSync(path.join(dir, 'late-123.js'), 'export const late = 1;');
    expect((await assets.file('late-123.js'))?.body.toString()).toBe('export const late = 1;');
  });

  it('reads nothing outside the assets folder, nothing hidden and no folder', async () => {
    const dir = build({ 'a.js': 'a' });
    mkdirSync(path.join(dir, 'sub'));
    const assets = new AssetFiles(dir);
    for (const name of [
      '../secret.txt',
      '..',
      '.',
      '.hidden.js',
      'sub',
      'sub/a.js',
      '/etc/passwd',
      '',
      'a.js/',
    ])
      expect(await assets.file(name), name).toBeNull();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), async (name) => {
        const file = await assets.file(name);
        // Only the one file there is, by its own name.
        expect(file === null || name === 'a.js').toBe(true);
      }),
    );
  });

  it('a missing build is no crash: the preload ends, and each file is missing', async () => {
    const assets = new AssetFiles(path.join(tmpdir(), 'roomdeck-no-such-build', 'assets'));
    await expect(assets.preload()).resolves.toBeUndefined();
    expect(await assets.file('index-abc.js')).toBeNull();
  });
});
