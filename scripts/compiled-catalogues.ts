/*
 * The page's catalogues compiled at build time: every message parsed into intl-messageformat's AST
 * by the renderer's build, so the page formats messages without ever parsing one and ships no ICU
 * parser (renderer/vite.config.ts points the parser's import at its parser-less build).
 *
 * Which modules are catalogues is read from the modules themselves, not listed: every module in
 * locales/ whose exports are all catalogues (objects of message strings) is compiled, in one of its
 * two parts (below), so a key or a language added to locales/ is compiled without anyone touching
 * this file.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { CATALOGUE_FILES } from '../core/page/catalogue-preload.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');

type Compiled = Record<string, MessageFormatElement[]>;

/** An object of strings with at least one message: the shape of en.ts, de.ts… */
function isCatalogue(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const messages = Object.values(value);
  return messages.length > 0 && messages.every((message) => typeof message === 'string');
}

/**
 * Each message parsed as the Translator would parse it at run time (intl-messageformat's default
 * options). A message that does not parse fails the build, naming its key: at run time it would
 * show its key to a person.
 */
export function compileCatalogue(messages: Record<string, string>, where = 'a catalogue'): Compiled {
  const compiled: Compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = parse(message);
    } catch (err) {
      throw new Error(`${where}: the message ${key} is not valid ICU MessageFormat (${String(err)})`);
    }
  }
  return compiled;
}

/**
 * The technician's words: keys under `tech.`, said only by the technician tools, the kiosk's drawer
 * and the on-screen keyboard, which load on demand. A catalogue module (`de.ts`) compiles to the
 * rest (shell, panel, room): what the page's first screen says, named to the page with its first
 * bytes. Its technician twin (`de.technician.ts`, which re-exports de.ts) compiles to the technician's
 * words alone, a chunk loaded with the tools (locales/languages.ts, `loadTechnician`). Outside this
 * build (tests, the main process, the hosts' own pages) both are the whole catalogue, so the parts
 * save the page bytes but never cost it words.
 */
export const TECHNICIAN_WORDS = 'tech.';
/** How a catalogue's technician twin's name ends (`de.technician.ts`). */
export const TECHNICIAN_PART = '.technician';

export interface CatalogueParts {
  page: Compiled;
  technician: Compiled;
}

/** A compiled catalogue in its two parts, each key in exactly one, in the catalogue's order. */
export function splitCatalogue(compiled: Compiled): CatalogueParts {
  const entries = Object.entries(compiled);
  const technician = (key: string) => key.startsWith(TECHNICIAN_WORDS);
  // fromEntries, not assignment: a key is only ever an own property (even `__proto__`).
  return {
    page: Object.fromEntries(entries.filter(([key]) => !technician(key))),
    technician: Object.fromEntries(entries.filter(([key]) => technician(key))),
  };
}

/** The module's exports when it is a module of catalogues alone, else null. */
async function cataloguesOf(file: string): Promise<Record<string, Record<string, string>> | null> {
  const module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
  const exports = Object.entries(module).filter(([name]) => name !== 'default' && name !== 'module.exports');
  if (exports.length === 0 || !exports.every(([, value]) => isCatalogue(value))) return null;
  return Object.fromEntries(exports) as Record<string, Record<string, string>>;
}

/**
 * The Vite plugin: a catalogue module loads as its compiled messages (JSON.parse reads them
 * fastest), and the build lists each one's chunk by its code (`locales/de.ts` → `de`) in
 * catalogues.json beside index.html, for the hosts to name to the page with its first bytes.
 */
export function compiledCatalogues(): Plugin {
  /** Every catalogue module compiled, by its id: the page's part or the technician's. */
  const compiled = new Map<string, keyof CatalogueParts>();
  return {
    name: 'roomdeck-compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        // The page's part is what a host names to the page; the technician's loads with the tools.
        if (chunk.type !== 'chunk' || chunk.facadeModuleId === null) continue;
        if (compiled.get(chunk.facadeModuleId) !== 'page') continue;
        files[path.basename(chunk.facadeModuleId, '.ts')] = [chunk.fileName, ...chunk.imports];
      }
      this.emitFile({
        type: 'asset',
        fileName: CATALOGUE_FILES,
        source: `${JSON.stringify(files, null, 2)}\n`,
      });
    },
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (path.dirname(file) !== LOCALES_DIR || !file.endsWith('.ts')) return null;
      const catalogues = await cataloguesOf(file);
      if (catalogues === null) return null;
      const part = path.basename(file, '.ts').endsWith(TECHNICIAN_PART) ? 'technician' : 'page';
      compiled.set(id, part);
      return Object.entries(catalogues)
        .map(([name, messages]) => {
          const words = splitCatalogue(compileCatalogue(messages, path.basename(file)))[part];
          const json = JSON.stringify(words);
          return `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(json)});`;
        })
        .join('\n');
    },
  };
}
