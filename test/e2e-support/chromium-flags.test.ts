import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chromiumExecutable,
  chromiumLaunchOptions,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../e2e/support/chromium.ts';

/*
 * Chromium keeps only the last `--disable-features` it is given, so the one the tests and benches
 * pass replaces Playwright's. Playwright does not export its list; it is read here from the
 * installed playwright-core, so an upgrade that adds a feature fails this test rather than quietly
 * turning that feature back on. That the flags do what they are for (no address-bar pages beside the
 * page under test) needs a real browser, so it is checked on the Playwright side
 * (test/e2e/chromium-flags.spec.ts); this file starts none.
 */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const core = path.dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(core, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  if (list === undefined)
    throw new Error('playwright-core no longer declares disabledFeatures where expected');
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
}

describe('the Chromium the tests and benches drive', () => {
  it('still disables every feature Playwright disables', () => {
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
  });

  it('passes one --disable-features, holding Playwright’s list and the address bar’s WebUI pop-ups', () => {
    const flags = (chromiumLaunchOptions().args ?? []).filter((a) => a.startsWith('--disable-features='));
    expect(flags).toHaveLength(1);
    const features = flags[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
    );
  });
});

describe('which Chromium a run drives', () => {
  const both = (file: string) => file === '/usr/bin/chromium' || file === '/usr/bin/chromium-headless-shell';
  const fullOnly = (file: string) => file === '/usr/bin/chromium';

  it('gives the tests the headless shell when it is installed, else the full browser', () => {
    expect(chromiumExecutable('tests', {}, both)).toBe('/usr/bin/chromium-headless-shell');
    expect(chromiumExecutable('tests', {}, fullOnly)).toBe('/usr/bin/chromium');
  });

  it('gives the benchmarks the browser a person runs, never the shell', () => {
    expect(chromiumExecutable('user', {}, both)).toBe('/usr/bin/chromium');
    expect(
      chromiumExecutable('user', {}, (file) => file === '/usr/bin/chromium-headless-shell'),
    ).toBeUndefined();
  });

  it('takes CHROMIUM_PATH over both, and leaves Playwright its own when there is none', () => {
    expect(chromiumExecutable('tests', { CHROMIUM_PATH: '/opt/c/chrome' }, both)).toBe('/opt/c/chrome');
    expect(chromiumExecutable('user', { CHROMIUM_PATH: '/opt/c/chrome' }, both)).toBe('/opt/c/chrome');
    expect(chromiumExecutable('tests', {}, () => false)).toBeUndefined();
  });
});
