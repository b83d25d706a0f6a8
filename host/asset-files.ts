import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The page's built files (scripts and styles), held in memory once read. On a cold start the page
 * asks for seven of them within a few milliseconds, while the host is also opening the room: read
 * from disk per request (a stat, an open, reads and a close, each a turn of the host's one thread
 * queued behind the room's opening) they were answered 20–45 ms after they were asked; from memory
 * each is one write. Vite names every file by its content, so what a name holds never changes while
 * the host runs; a later build brings new names, read when first asked.
 */

export interface AssetFile {
  body: Buffer;
  type: string;
}

/** A plain file name: no folder, nothing hidden, so nothing outside the assets folder is ever read. */
const FILE_NAME = /^[\w-][\w.-]*$/;

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

export class AssetFiles {
  readonly #dir: string;
  readonly #held = new Map<string, Promise<AssetFile | null>>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /**
   * Reads the whole folder ahead of the page's requests: the page's first files are asked for about
   * 50 ms after the page is served, and reading them meanwhile costs the host's thread almost
   * nothing (the reads run on libuv's pool).
   */
  async preload(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.#dir);
    } catch {
      return; // No build yet: each request says so with a 404.
    }
    await Promise.all(names.map((name) => this.file(name)));
  }

  /** The file called `name` in the assets folder, or null when there is none (or the name is not a plain file's). */
  file(name: string): Promise<AssetFile | null> {
    if (!FILE_NAME.test(name)) return Promise.resolve(null);
    const held = this.#held.get(name);
    if (held !== undefined) return held;
    const type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
    const reading = readFile(path.join(this.#dir, name)).then(
      (body): AssetFile => ({ body, type }),
      () => {
        // Not kept: a file the next build writes is found when next asked.
        this.#held.delete(name);
        return null;
      },
    );
    this.#held.set(name, reading);
    return reading;
  }
}
