import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, HeldFiles } from '../core/page/held-files.ts';

/** The browser host's `/assets/` files, held in memory once read (core/page/held-files.ts). */

export interface AssetFile {
  body: Buffer;
  type: string;
}

/** A plain file name: no folder, nothing hidden, so nothing outside the assets folder is ever read. */
const FILE_NAME = /^[\w-][\w.-]*$/;

export class AssetFiles {
  readonly #dir: string;
  readonly #held = new HeldFiles<Buffer>((file) => readFile(file));

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** Reads the whole folder ahead of the page's requests (asked for about 50 ms after the page). */
  preload(): Promise<void> {
    return this.#held.readAhead(this.#dir);
  }

  /** The file called `name` in the assets folder, or null when there is none (or the name is not a plain file's). */
  async file(name: string): Promise<AssetFile | null> {
    if (!FILE_NAME.test(name)) return null;
    const body = await this.#held.get(path.join(this.#dir, name));
    return body === null ? null : { body, type: contentTypeOf(name) };
  }
}
