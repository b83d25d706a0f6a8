import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ownStack, test } from './support/stack.ts';
import { openHost, signIn } from './support/panel.ts';
import { ROOT } from './support/processes.ts';

/*
 * What the page loads on its way to an interactive panel, watched as the browser fetches it: its
 * language's catalogue named with the page's first bytes (asked for before the page's first
 * `session.boot`, not after its answer), only that language's, and nothing the first screen does
 * not show (the ICU parser, the QR encoder, the on-screen keyboard, the technician tools).
 * A kiosk bound to the Huddle, so the host knows the room before any page loads.
 */

const HUDDLE = 'sys-huddle-3-2';

ownStack({ kiosk: { system: HUDDLE, pin: '482913' } });
test.describe.configure({ mode: 'serial' });

/** Each language's catalogue chunk, as the build lists them (dist/renderer/catalogues.json). */
function catalogueFiles(): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(ROOT, 'dist', 'renderer', 'catalogues.json'), 'utf8')) as Record<
    string,
    string[]
  >;
}

interface Loaded {
  /** Every request the page made, in the order the browser made them (path only). */
  requests: string[];
  /** The text of every script the page loaded. */
  scripts: Map<string, string>;
}

/**
 * Loads the page again (the host already warm) and records what it asks for until it is interactive.
 * Scripts are read back from the host by their address afterwards, not from the browser's response:
 * a response still arriving for the page being reloaded away from has no body to read.
 */
async function reloadWatching(page: Page): Promise<Loaded> {
  const requests: string[] = [];
  const scriptUrls = new Set<string>();
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    requests.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scriptUrls.add(request.url());
  };
  page.on('request', onRequest);
  await page.reload();
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  page.off('request', onRequest);
  const scripts = new Map<string, string>();
  for (const url of scriptUrls) {
    const response = await page.request.get(url);
    expect(response.ok(), `${url} read back`).toBe(true);
    scripts.set(new URL(url).pathname, await response.text());
  }
  return { requests, scripts };
}

const BOOT = '/bridge/session/boot';
const asked = (loaded: Loaded, file: string) => loaded.requests.indexOf(`/${file}`);

test.afterEach(async ({ service }) => {
  await service.panelLayout(HUDDLE, undefined);
});

test('the room’s own language is asked for with the page, before the boot’s answer could name it', async ({
  page,
  stack,
  service,
}) => {
  // The room speaks Arabic by its own settings; neither the configuration nor the browser says so.
  await service.panelLayout(HUDDLE, { locale: 'ar' });
  await signIn(page, stack.host.url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  const loaded = await reloadWatching(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const files = catalogueFiles();
  const arabic = files.ar?.[0];
  expect(arabic).toBeDefined();
  const boot = loaded.requests.indexOf(BOOT);
  expect(boot).toBeGreaterThan(-1);
  // Named in index.html: fetched beside the panel's code, before the page's script asked anything.
  expect(asked(loaded, arabic!)).toBeGreaterThan(-1);
  expect(asked(loaded, arabic!)).toBeLessThan(boot);
  // Only the language the page shows.
  for (const [code, [file]] of Object.entries(files)) {
    if (code !== 'ar') expect(asked(loaded, file!), `${code}'s catalogue`).toBe(-1);
  }
});

test('a browser in German gets German’s catalogue with the page, and nothing the first screen does not show', async ({
  browser,
  page: english,
  stack,
}) => {
  // Signed in once (the host keeps the session); then a browser whose languages are German's.
  await signIn(english, stack.host.url);

  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  try {
    await openHost(page, stack.host.url);
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
    const loaded = await reloadWatching(page);
    const files = catalogueFiles();
    const german = files.de?.[0];
    expect(german).toBeDefined();
    expect(asked(loaded, german!)).toBeGreaterThan(-1);
    expect(asked(loaded, german!)).toBeLessThan(loaded.requests.indexOf(BOOT));
    for (const [code, [file]] of Object.entries(files)) {
      if (code !== 'de') expect(asked(loaded, file!), `${code}'s catalogue`).toBe(-1);
    }

    // Each left out by what only it contains: the parser's error names, the QR encoder's
    // alphanumeric alphabet, the keyboard's keys, the technician tools' own header, a key of the
    // technician's words (German's catalogue comes without them).
    const absent: Record<string, string> = {
      'the ICU message parser': 'EXPECT_ARGUMENT_CLOSING_BRACE',
      'the QR encoder': '$%*+-./:',
      'the on-screen keyboard': 'osk-key',
      'the technician tools': 'tech-header',
      'the technician’s words': '"tech.tools.title',
    };
    expect(loaded.scripts.size).toBeGreaterThan(0);
    for (const [what, mark] of Object.entries(absent)) {
      const carriers = [...loaded.scripts].filter(([, text]) => text.includes(mark)).map(([file]) => file);
      expect(carriers, `${what} loaded before the panel was interactive`).toEqual([]);
    }
  } finally {
    await context.close();
  }
});

test('the page names first only what its first screen shows: help, calls, a join, sign-in, the room list and the kiosk’s drawer wait', async ({
  page,
  stack,
}) => {
  await signIn(page, stack.host.url);
  await expect(page.locator('[data-ready="true"]')).toBeVisible();
  // What index.html names (its script and the modules it preloads): what the browser fetches,
  // parses and evaluates before the panel can draw, whatever the first screen turns out to be.
  const origin = new URL(stack.host.url).origin;
  const html = await (await page.request.get(`${origin}/`)).text();
  const named = [...html.matchAll(/(?:src|href)="\.\/(assets\/[\w.-]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(named.length).toBeGreaterThan(1);
  // A handful of files, not the panel in pieces: the entry, its first call, Svelte, the panel's
  // chunk and the facade main.ts imports it by (renderer/vite.config.ts, panel-shared), beside
  // the language's catalogue the host names.
  const catalogues = new Set(Object.values(catalogueFiles()).flat());
  const own = named.filter((file) => file.endsWith('.js') && !catalogues.has(file));
  expect(own.length, `scripts named first: ${own.join(', ')}`).toBeLessThanOrEqual(6);
  const scripts = new Map<string, string>();
  for (const file of named) {
    const response = await page.request.get(`${origin}/${file}`);
    expect(response.ok(), `${file} read back`).toBe(true);
    scripts.set(file, await response.text());
  }
  // The global stylesheet (tokens, resets, global rules) comes first, as main.ts imports it first:
  // after the panel's, a global rule would override a panel rule of the same specificity.
  const styles = named.filter((file) => file.endsWith('.css'));
  expect(styles.length).toBeGreaterThan(0);
  expect(scripts.get(styles[0]!), `${styles[0]} holds the tokens`).toContain('--bg:');
  expect(styles.slice(1).filter((file) => scripts.get(file)?.includes('--bg:'))).toEqual([]);
  // Each left out by a class only its own markup (or its own styles) carries.
  const absent: Record<string, string> = {
    'the technician tools’ styles': 'tech-exec-history',
    'the help sheet': 'help-columns',
    'the call page': 'call-grid',
    'the joined room’s lock screen': 'join-lock-body',
    'the sign-in screen': 'session-status',
    'the room list': 'picker-filters',
    // Only a kiosk has the PIN drawer: its model's inactivity timer is named by this option.
    'the kiosk technician’s drawer model': 'reportEveryMs',
  };
  for (const [what, mark] of Object.entries(absent)) {
    const carriers = [...scripts].filter(([, text]) => text.includes(mark)).map(([file]) => file);
    expect(carriers, `${what} named in the page's first bytes`).toEqual([]);
  }
  // The technician's words (keys under `tech.`) load with the tools: no first script says one,
  // not the catalogue (scripts/compiled-catalogues.ts) and not the panel's code, which would show
  // a technician word's key until the tools had been opened once.
  const technicianWord = /["'`]tech\.[a-zA-Z]/;
  const saying = [...scripts].filter(([, text]) => technicianWord.test(text)).map(([file]) => file);
  expect(saying, 'first scripts with a technician word').toEqual([]);
  const catalogue = named.filter((file) => catalogues.has(file));
  expect(catalogue.length, 'the catalogue named first').toBe(1);
  expect(scripts.get(catalogue[0]!), 'the catalogue named first').toMatch(/["'`]panel\.bar\.roomOff/);
});
