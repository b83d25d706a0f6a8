import type { TSchema } from '@sinclair/typebox';
import type { CallOptions, ControlClientOptions, ListParams, Page } from './calls.ts';
import { type Clock, systemClock } from './clock.ts';
import { decode, readList } from './decode.ts';
import { readEach } from './tolerant.ts';
import { type ApiReply, type ApiRequest, type QueryValue, send } from './transport.ts';

/**
 * How a dialect's endpoints reach the service: one request with the client's base URL, tokens and
 * timeout, and one page of a list read record by record. Along the way it notes whether the
 * service has shown current-generation traits, which decides how legacy exec results are read.
 */

/** The most records one page may ask for. */
export const MAX_LIMIT = 500;

export type CallRequest = Omit<ApiRequest, 'timeoutMs' | 'signal'> & { timeoutMs?: number };

/** One list endpoint as a dialect reads it. */
export interface ListRequest<S extends TSchema> {
  path: string;
  schema: S;
  params: ListParams;
  filters: Record<string, QueryValue>;
  /** The generation's own default page size (legacy 20, current 100). */
  defaultLimit: number;
  normalize?: (item: unknown) => unknown;
  errorFrom?: CallRequest['errorFrom'];
}

export class ServiceCaller {
  readonly #options: ControlClientOptions;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  #seenCurrentTraits = false;

  constructor(options: ControlClientOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#clock = options.clock ?? systemClock;
  }

  /** Until the service has shown current-generation traits, legacy exec results may come wrapped. */
  get mayWrapExecResults(): boolean {
    return !this.#seenCurrentTraits;
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

  /** Headers only the current shapes carry tell us not to unwrap exec results. */
  #observe(reply: ApiReply): void {
    if (reply.headers.has('x-total-count') || reply.status === 201) this.#seenCurrentTraits = true;
  }

  /** One page; a record that cannot be read is left out and counted, not the page refused. */
  async list<S extends TSchema>(request: ListRequest<S>, options?: CallOptions): Promise<Page<S['static']>> {
    const { path, schema, params, normalize = (item: unknown) => item } = request;
    const offset = params.offset ?? 0;
    const limit = Math.min(params.limit ?? request.defaultLimit, MAX_LIMIT);
    const reply = await this.call(
      {
        method: 'GET',
        path,
        query: { q: params.q, limit, offset, ...request.filters },
        errorFrom: request.errorFrom,
      },
      options,
    );
    const list = readList(reply.body, totalOf(reply.headers, offset, reply.body), offset, path);
    const { items, skipped } = readEach(list.items, (item, i) =>
      decode(schema, normalize(item), `${path}[${i}]`),
    );
    return skipped === 0
      ? { items, total: list.total, offset, limit }
      : { items, total: list.total, offset, limit, skipped };
  }
}

/**
 * The total of a bare-array list: `X-Total-Count`, else the end of `Content-Range`
 * (`sys 0-20/57`, placeos-generations.md §1C), else, while a `Link rel="next"` says more remain,
 * at least one more than arrived. null: only what arrived is known.
 */
export function totalOf(headers: Headers, offset: number, body: unknown): string | null {
  const count = headers.get('x-total-count');
  if (count !== null) return count;
  const range = /\/(\d+)\s*$/.exec(headers.get('content-range') ?? '');
  if (range?.[1] !== undefined) return range[1];
  if (Array.isArray(body) && /rel="?next"?/.test(headers.get('link') ?? ''))
    return String(offset + body.length + 1);
  return null;
}
