import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/**
 * The data file: read once at start, then rewritten whole after changes. Each write goes to a
 * temporary file in the same directory, is flushed to disk, and replaces the old file with one
 * rename, so a process killed mid-write leaves either the old file or the new one, never half.
 */
export class JsonFile<T> {
  readonly #path: string;
  #writing: Promise<void> | null = null;
  #pending: { snapshot: () => T; waiters: (() => void)[]; failers: ((e: unknown) => void)[] } | null = null;

  constructor(path: string) {
    this.#path = path;
    mkdirSync(dirname(path), { recursive: true });
  }

  get path(): string {
    return this.#path;
  }

  /** The stored value, or null when there is no file yet. A corrupt file is an error: it is never overwritten silently. */
  read(): T | null {
    let text: string;
    try {
      text = readFileSync(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new Error(`The data file ${this.#path} is not valid JSON; move it away to start fresh.`, {
        cause,
      });
    }
  }

  /**
   * Writes the value `snapshot()` returns once the write before has finished. Calls that arrive while
   * a write is under way share the next one: the promise resolves when a write that includes the
   * caller's change is on disk.
   */
  write(snapshot: () => T): Promise<void> {
    if (this.#pending) {
      this.#pending.snapshot = snapshot;
    } else {
      this.#pending = { snapshot, waiters: [], failers: [] };
    }
    const pending = this.#pending;
    const done = new Promise<void>((resolve, reject) => {
      pending.waiters.push(resolve);
      pending.failers.push(reject);
    });
    if (!this.#writing) this.#drain();
    return done;
  }

  #drain(): void {
    const batch = this.#pending;
    if (!batch) {
      this.#writing = null;
      return;
    }
    this.#pending = null;
    this.#writing = this.#writeNow(JSON.stringify(batch.snapshot())).then(
      () => {
        for (const resolve of batch.waiters) resolve();
        this.#drain();
      },
      (error: unknown) => {
        for (const reject of batch.failers) reject(error);
        this.#drain();
      },
    );
  }

  async #writeNow(text: string): Promise<void> {
    const temp = join(dirname(this.#path), `.${basename(this.#path)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.#path);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  /** Resolves when no write is under way. */
  async idle(): Promise<void> {
    while (this.#writing) await this.#writing;
  }
}
