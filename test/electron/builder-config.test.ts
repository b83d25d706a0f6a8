import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder cannot run here (it downloads Electron), so its configuration is checked
 * statically: parsed with the js-yaml electron-builder itself uses, and validated against
 * electron-builder's own JSON schema.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar?: boolean;
  publish: unknown;
  directories?: { output?: string };
  linux: { target: string[]; category: string };
  mac: { target: string[] };
  win: { target: string[] };
  electronFuses?: Record<string, boolean>;
}

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  homepage?: string;
  author?: { email?: string };
  scripts: Record<string, string>;
};

describe('the electron-builder configuration', () => {
  it('names the app', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
    expect(config.productName).toBe('Roomdeck');
  });

  it('builds an AppImage and a deb on Linux, a dmg on macOS and an NSIS installer on Windows', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.category).toBeTruthy();
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('packs only the build and package.json, including the main entry, and publishes nothing', () => {
    expect(config.files).toContain('dist/**');
    expect(config.files).toContain('package.json');
    expect(config.files.filter((f) => !f.startsWith('!')).sort()).toEqual(['dist/**', 'package.json']);
    expect(pkg.main.startsWith('dist/')).toBe(true);
    expect(config.publish).toBeNull();
    expect(config.directories?.output).toBe('release');
  });

  it('switches off the fuses that would let Roomdeck run as a plain Node', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('has what the deb target requires in package.json', () => {
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.author?.email).toMatch(/@/);
  });

  it('is valid against electron-builder’s own schema', () => {
    const schemaFile = path.join(
      path.dirname(require.resolve('app-builder-lib/package.json')),
      'scheme.json',
    );
    type Validate = ((data: unknown) => boolean) & { errors?: unknown };
    const Ajv = require('ajv') as new (options: object) => { compile(schema: unknown): Validate };
    const validate = new Ajv({ strict: false, allErrors: true }).compile(
      JSON.parse(readFileSync(schemaFile, 'utf8')),
    );
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...config, notAnOption: true })).toBe(false);
  });
});
