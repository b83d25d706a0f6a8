import { existsSync, readFileSync } from 'node:fs';
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

type Target = string | { target: string; arch?: string[] };
interface BuilderConfig {
  appId: string;
  productName: string;
  artifactName: string;
  files: string[];
  asar?: boolean;
  beforeBuild?: string;
  publish: { provider: string; url: string } | null;
  directories?: { output?: string; buildResources?: string };
  linux: { target: Target[]; category: string };
  deb: { afterInstall: string; afterRemove: string };
  mac: { target: Target[]; hardenedRuntime?: boolean; entitlements?: string };
  win: {
    target: Target[];
    verifyUpdateCodeSignature?: boolean;
    signtoolOptions?: { publisherName?: string | string[] | null };
  };
  extraResources?: (string | { from: string; to: string })[];
  nsis: { perMachine: boolean };
  electronFuses?: Record<string, boolean>;
}

const targetNames = (targets: Target[]) => targets.map((t) => (typeof t === 'string' ? t : t.target));

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  productName?: string;
  desktopName?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  homepage?: string;
  author?: { email?: string };
  scripts: Record<string, string>;
};

describe('the electron-builder configuration', () => {
  it('names the app, with the product name at run time too (keychain item, WM_CLASS)', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/);
    expect(config.productName).toBe('Roomdeck');
    expect(pkg.productName).toBe('Roomdeck');
    expect(pkg.desktopName).toBe('roomdeck.desktop');
    // electron-builder's own macros, not JavaScript templates.
    expect(config.artifactName).toContain(['$', '{version}'].join(''));
    expect(config.artifactName).toContain(['$', '{arch}'].join(''));
  });

  it('builds AppImage + deb (Linux), dmg + zip (macOS, zip for updates), per-machine NSIS (Windows)', () => {
    expect(targetNames(config.linux.target)).toEqual(['AppImage', 'deb']);
    expect(config.linux.category).toBeTruthy();
    expect(targetNames(config.mac.target)).toEqual(['dmg', 'zip']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(existsSync(path.join(root, String(config.mac.entitlements)))).toBe(true);
    expect(targetNames(config.win.target)).toEqual(['nsis']);
    expect(config.nsis.perMachine).toBe(true);
  });

  it('installs the AppArmor profile Electron’s sandbox needs with the deb, and removes it with it', () => {
    const install = readFileSync(path.join(root, config.deb.afterInstall), 'utf8');
    expect(install).toContain('/etc/apparmor.d/roomdeck');
    expect(install).toMatch(/\buserns,/);
    expect(readFileSync(path.join(root, config.deb.afterRemove), 'utf8')).toContain(
      'apparmor_parser --remove',
    );
  });

  it('has icons rendered from the SVG source for every platform', () => {
    const resources = path.join(root, config.directories?.buildResources ?? 'build');
    for (const file of [
      'icon.svg',
      'icon.png',
      'icon.ico',
      'icon.icns',
      'icons/512x512.png',
      'icons/1024x1024.png',
    ]) {
      expect(existsSync(path.join(resources, file)), file).toBe(true);
    }
    // PNG signature and size from the IHDR chunk: the large icon really is 1024 px.
    const png = readFileSync(path.join(resources, 'icon.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1024);
  });

  it('packs only the build and package.json, with no node_modules (the main process is bundled)', () => {
    expect(config.files.filter((f) => !f.startsWith('!')).sort()).toEqual([
      'dist/electron/**/*.{js,cjs}',
      'dist/renderer/**',
      'package.json',
    ]);
    expect(config.files).toContain('!dist/**/*.map');
    expect(config.beforeBuild).toBe('./scripts/builder-before-build.cjs');
    expect(pkg.main.startsWith('dist/')).toBe(true);
    expect(config.directories?.output).toBe('release');
  });

  it('keeps tooling out of the production dependencies', () => {
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript', 'electron', 'electron-builder']) {
      expect(pkg.dependencies[tool], tool).toBeUndefined();
    }
    expect(pkg.devDependencies.tsx).toBeDefined();
  });

  it('publishes update files for a generic server (the feed URL itself comes from managed configuration)', () => {
    expect(config.publish?.provider).toBe('generic');
  });

  it('ships the update key beside app.asar and keeps Windows’ code-signature check on updates', () => {
    // core/update/public-key.ts reads <resources>/update-public-key.pem in the installed app.
    expect(config.extraResources).toContainEqual({
      from: 'resources/update-public-key.pem',
      to: 'update-public-key.pem',
    });
    // The private half never sits in the repository: resources/ holds public keys only.
    const pemFile = path.join(root, 'resources/update-public-key.pem');
    if (existsSync(pemFile)) expect(readFileSync(pemFile, 'utf8')).not.toMatch(/PRIVATE KEY/);
    // publisherName is left to the signing certificate; null would switch electron-updater's check off.
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.win.signtoolOptions?.publisherName).not.toBeNull();
    // nsis-web's separately downloaded package is not covered by the signature: a plain NSIS only.
    expect(targetNames(config.win.target)).not.toContain('nsis-web');
    expect(pkg.scripts['update-key']).toBe('tsx scripts/sign-update.ts keygen');
    expect(pkg.scripts['sign-update']).toBe('tsx scripts/sign-update.ts sign');
  });

  it('switches off the fuses that would let Roomdeck run as a plain Node', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      grantFileProtocolExtraPrivileges: false,
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
