import { readdir } from 'node:fs/promises';
import path from 'node:path';

/*
 * The page's built files, held in memory once read: both hosts (the browser host's asset routes,
 * Electron's app:// scheme) serve them this way. On a cold start the page asks for its first files
 * within a few milliseconds, while the host is also opening the room: read from disk per request
 * (a stat, an open, reads and a close, each a turn of the host's one thread queued behind the
 * room's opening) they were answered 20–45 ms after they were asked; held, each is one write.
 * A build's files never change while the host runs (Vite names them by their content; Electron's
 * bundle changes only with an update, which restarts the app). A file that was not there is not
 * remembered as missing: a later build's file is found when next asked.
 */
export class HeldFiles<Body> {
  readonly #read: (file: string) => Promise<Body | null>;
  readonly #held = new Map<string, Promise<Body | null>>();

  /** `read`: the file's content, or null when there is none (a failed read counts as none). */
  constructor(read: (file: string) => Promise<Body | null>) {
    this.#read = read;
  }

  /** The content of `file` (a resolved path), read once. */
  get(file: string): Promise<Body | null> {
    const held = this.#held.get(file);
    if (held !== undefined) return held;
    const reading = this.#read(file).catch(() => null);
    this.#held.set(file, reading);
    void reading.then((body) => {
      if (body === null) this.#held.delete(file);
    });
    return reading;
  }

  /**
   * Reads every file in `dir` ahead of its request (the reads run on libuv's pool, costing the
   * host's thread almost nothing). A folder that is not there (no build yet) reads nothing.
   */
  async readAhead(dir: string, list: (dir: string) => Promise<string[]> = (d) => readdir(d)): Promise<void> {
    let names: string[];
    try {
      names = await list(dir);
    } catch {
      return;
    }
    await Promise.all(names.map((name) => this.get(path.join(dir, name))));
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The content type a built file is served with, by its extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
