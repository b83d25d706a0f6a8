import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_FILES,
  readCatalogueFiles,
  withCataloguePreload,
} from '../../../core/page/catalogue-preload.ts';

const PAGE =
  '<!doctype html>\n<html>\n  <head>\n    <title>Roomdeck</title>\n  </head>\n  <body></body>\n</html>\n';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roomdeck-catalogues-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the page’s catalogue named in its first bytes', () => {
  it('adds a modulepreload link for the language’s chunk in the head, and nothing for a language the build lists none for', () => {
    const files = { de: ['assets/de-abc.js'], ar: ['assets/ar-def.js'] };
    const html = withCataloguePreload(PAGE, files, 'de');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="./assets/de-abc.js">');
    expect(html).not.toContain('ar-def');
    expect(html.indexOf('de-abc')).toBeLessThan(html.indexOf('</head>'));
    expect(withCataloguePreload(PAGE, files, 'fr')).toBe(PAGE);
    expect(withCataloguePreload('<p>no head</p>', files, 'de')).toBe('<p>no head</p>');
  });

  it('reads the build’s list, keeping only the build’s own asset names (no other text reaches the page)', async () => {
    await writeFile(
      path.join(dir, CATALOGUE_FILES),
      JSON.stringify({
        en: ['assets/en-1.js'],
        de: ['assets/de-1.js"><script src="//evil.example/x.js'],
        ar: ['../secret.js'],
        xx: 'assets/xx.js',
      }),
    );
    expect(readCatalogueFiles(dir)).toEqual({ en: ['assets/en-1.js'] });
  });

  it('reads no list from a build without one, or with a garbled one: the page then asks as before', async () => {
    expect(readCatalogueFiles(path.join(dir, 'nowhere'))).toEqual({});
    await writeFile(path.join(dir, CATALOGUE_FILES), '{ not json');
    expect(readCatalogueFiles(dir)).toEqual({});
  });
});
