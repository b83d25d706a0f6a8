/*
 * The page's catalogues compiled at build time: every message parsed into intl-messageformat's AST
 * by the renderer's build, so the page formats messages without ever parsing one and ships no ICU
 * parser (renderer/vite.config.ts points the parser's import at its parser-less build).
 *
 * Which modules are catalogues is read from the modules themselves, not listed: every module in
 * locales/ whose exports are all catalogues (objects of message strings) is compiled whole, so a
 * key or a language added to locales/ is compiled without anyone touching this file.
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
  const compiled = new Set<string>();
  return {
    name: 'roomdeck-compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.facadeModuleId === null || !compiled.has(chunk.facadeModuleId))
          continue;
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
      compiled.add(id);
      return Object.entries(catalogues)
        .map(([name, messages]) => {
          const json = JSON.stringify(compileCatalogue(messages, path.basename(file)));
          return `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(json)});`;
        })
        .join('\n');
    },
  };
}
