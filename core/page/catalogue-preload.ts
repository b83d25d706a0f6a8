import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The page's catalogue named in the page's first bytes: the renderer's build lists each language's
 * catalogue chunk by its code (catalogues.json, scripts/compiled-catalogues.ts), and a host serving
 * index.html adds a `modulepreload` link for the language the page will speak (FirstLanguage). The
 * browser fetches and compiles the catalogue beside the panel's code, so when the boot's answer
 * says which language, it is there already instead of only then being asked for.
 */

/** A language's code → its catalogue's files, as the build wrote them (`assets/de-….js`). */
export type CatalogueFiles = Readonly<Record<string, readonly string[]>>;

export const CATALOGUE_FILES = 'catalogues.json';

/** Only the build's own asset names reach the page: no other text can ride into a link. */
const ASSET_FILE = /^assets\/[\w.-]+\.js$/;

/** The build's list, or none when the build has none (an older build: the page asks as before). */
export function readCatalogueFiles(rendererDir: string): CatalogueFiles {
  try {
    const listed = JSON.parse(readFileSync(path.join(rendererDir, CATALOGUE_FILES), 'utf8')) as unknown;
    if (typeof listed !== 'object' || listed === null) return {};
    const files: Record<string, string[]> = {};
    for (const [code, names] of Object.entries(listed)) {
      if (Array.isArray(names) && names.every((n) => typeof n === 'string' && ASSET_FILE.test(n)))
        files[code] = names;
    }
    return files;
  } catch {
    return {};
  }
}

/** index.html with the language's catalogue preloaded (unchanged when the build lists none for it). */
export function withCataloguePreload(html: string, files: CatalogueFiles, language: string): string {
  const names = files[language];
  const at = html.indexOf('</head>');
  if (names === undefined || names.length === 0 || at === -1) return html;
  const links = names.map((name) => `<link rel="modulepreload" crossorigin href="./${name}">`).join('\n    ');
  return `${html.slice(0, at)}  ${links}\n  ${html.slice(at)}`;
}
