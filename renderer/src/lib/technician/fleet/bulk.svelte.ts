import { SvelteSet } from 'svelte/reactivity';
import type { PingResult, RoomdeckApi } from '#contract';
import type { MessageKey } from '#locales';
import { t } from '../../i18n/i18n.svelte.ts';
import { describeProblem } from '../common/problem.ts';

export type BulkVerb = 'start' | 'stop' | 'ping';

/** One module's outcome of the last action on it, shown in its row. */
export interface RowOutcome {
  phase: 'pending' | 'done' | 'failed';
  /** "Started", "10.20.3.31 answered", or the reason it failed, in words. */
  text: string;
  ok: boolean;
}

const CONCURRENCY = 4;

/** Runs `work` over the items, at most `limit` at a time; never rejects (each item reports its own). */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item).catch(() => undefined);
    }
  });
  await Promise.all(lanes);
}

export function pingWords(result: PingResult): { text: string; ok: boolean } {
  const { host, warning, exception } = result;
  return result.pingable
    ? {
        text: warning
          ? t('tech.words.answeredWarning', { host, warning })
          : t('tech.words.answered', { host }),
        ok: true,
      }
    : {
        text: exception
          ? t('tech.words.noAnswerBecause', { host, exception })
          : t('tech.words.noAnswer', { host }),
        ok: false,
      };
}

/**
 * A selection of modules and start / stop / ping over it (or over one row): each row shows its own
 * outcome, a few at a time so a hundred pings do not flood the service, and each acted-on module is
 * read again so the table shows what the service now says.
 */
export class BulkActions {
  readonly #api: RoomdeckApi;
  readonly #reread: (id: string) => Promise<void>;
  readonly selected = new SvelteSet<string>();
  #outcomes = $state<Record<string, RowOutcome>>({});
  #running = $state<BulkVerb | null>(null);

  constructor(api: RoomdeckApi, reread: (id: string) => Promise<void>) {
    this.#api = api;
    this.#reread = reread;
  }

  get running(): BulkVerb | null {
    return this.#running;
  }
  outcome(id: string): RowOutcome | undefined {
    return this.#outcomes[id];
  }

  toggle(id: string, on: boolean): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
  }

  /** Selects exactly these (the rows shown), or clears when all of them are selected already. */
  toggleAll(ids: readonly string[]): void {
    const all = ids.length > 0 && ids.every((id) => this.selected.has(id));
    this.selected.clear();
    if (!all) for (const id of ids) this.selected.add(id);
  }

  async runSelected(verb: BulkVerb): Promise<void> {
    if (this.#running) return;
    this.#running = verb;
    try {
      await eachLimited([...this.selected], CONCURRENCY, (id) => this.run(verb, id));
    } finally {
      this.#running = null;
    }
  }

  async run(verb: BulkVerb, id: string): Promise<void> {
    if (this.#outcomes[id]?.phase === 'pending') return;
    this.#outcomes[id] = { phase: 'pending', text: t(VERB_ING[verb]), ok: true };
    try {
      if (verb === 'ping') {
        const words = pingWords(await this.#api.modules.ping({ id }));
        this.#outcomes[id] = { phase: 'done', ...words };
      } else {
        await this.#api.modules[verb]({ id });
        this.#outcomes[id] = {
          phase: 'done',
          text: t(verb === 'start' ? 'tech.words.started' : 'tech.words.stopped'),
          ok: true,
        };
        await this.#reread(id);
      }
    } catch (error) {
      this.#outcomes[id] = { phase: 'failed', text: describeProblem(error).message, ok: false };
    }
  }
}

const VERB_ING = {
  start: 'tech.words.starting',
  stop: 'tech.words.stopping',
  ping: 'tech.words.pinging',
} as const satisfies Record<BulkVerb, MessageKey>;
