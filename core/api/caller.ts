import type { TSchema } from '@sinclair/typebox';
import type { CallOptions, ControlClientOptions, ListParams, Page } from './calls.ts';
import { type Clock, systemClock } from './clock.ts';
import { decode, readList } from './decode.ts';
import { readEach } from './tolerant.ts';
import { type ApiReply, type ApiRequest, type QueryValue, send } from './transport.ts';

/**
 * How ControlClient's endpoints reach the service: one request with the client's base URL, tokens
 * and timeout, and one page of a list read record by record. Along the way it learns which
 * generation of the service answers, which decides how exec results are read.
 */

/** The spec's list default (§8). */
const DEFAULT_LIMIT = 20;
/** The most records one page may ask for. */
export const MAX_LIMIT = 500;

type Generation = 'unknown' | 'legacy' | 'current';

export type CallRequest = Omit<ApiRequest, 'timeoutMs' | 'signal'> & { timeoutMs?: number };

export class ServiceCaller {
  readonly #options: ControlClientOptions;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  #generation: Generation = 'unknown';

  constructor(options: ControlClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#clock = options.clock ?? systemClock;
  }

  /** Until the service has shown it is the current generation, exec results may come wrapped. */
  get mayWrapExecResults(): boolean {
    return this.#generation !== 'current';
  }

  call(request: CallRequest, options?: CallOptions): Promise<ApiReply> {
    return send(
      {
        baseUrl: this.#options.baseUrl,
        auth: this.#options.auth,
        fetch: this.#fetch,
        clock: this.#clock,
        observe: (reply) => this.#observe(reply),
      },
      { ...request, timeoutMs: request.timeoutMs ?? this.#options.timeoutMs, signal: options?.signal },
    );
  }

  /** Headers only the current generation sends tell us not to unwrap exec results. */
  #observe(reply: ApiReply): void {
    if (reply.headers.has('x-total-count') || reply.status === 201) this.#generation = 'current';
  }

  /** One page; a record that cannot be read is left out and counted, not the page refused. */
  async list<S extends TSchema>(
    path: string,
    schema: S,
    params: ListParams,
    filters: Record<string, QueryValue>,
    options: CallOptions | undefined,
    normalize: (item: unknown) => unknown = (item) => item,
  ): Promise<Page<S['static']>> {
    const offset = params.offset ?? 0;
    const limit = Math.min(params.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
    const reply = await this.call(
      { method: 'GET', path, query: { q: params.q, limit, offset, ...filters } },
      options,
    );
    const list = readList(reply.body, reply.headers.get('x-total-count'), offset, path);
    if (!Array.isArray(reply.body) && this.#generation === 'unknown') this.#generation = 'legacy';
    const { items, skipped } = readEach(list.items, (item, i) =>
      decode(schema, normalize(item), `${path}[${i}]`),
    );
    return skipped === 0
      ? { items, total: list.total, offset, limit }
      : { items, total: list.total, offset, limit, skipped };
  }
}
