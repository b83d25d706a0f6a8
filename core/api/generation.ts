import { ErrorCode } from '../../contract/error-codes.ts';
import { type Clock, systemClock } from './clock.ts';
import { startDeadline } from './deadline.ts';
import { badResponse } from './decode.ts';
import { LinkError } from './errors.ts';

/**
 * Which API generation the service speaks (`service.api`): the legacy `/api/control` or the current
 * `/api/engine/v2` (PlaceOS; placeos-generations.md §0). `auto` asks the service once, the way the
 * official client does (ts-client `loadAuthority`): `GET /auth/authority`, whose `version` matching
 * `[2-9].N.N` means current; a 404 there (no such document) means legacy. The answer is kept for
 * the life of the process; a failure to ask (no network, a timeout, a 5xx) is not an answer and is
 * not kept, so the next call asks again.
 */

export type Generation = 'legacy' | 'current';
export type ApiChoice = Generation | 'auto';
export const API_CHOICES: readonly ApiChoice[] = ['legacy', 'current', 'auto'];

/** The parts of PlaceOS's authority document Roomdeck reads (PlaceOS/auth; ts-client `PlaceAuthority`). */
export interface AuthorityDocument {
  version?: unknown;
  login_url?: unknown;
  logout_url?: unknown;
  config?: unknown;
}

/** ts-client's test, unanchored as there (`/[2-9]\.[0-9]+\.[0-9]+/`). */
export const isCurrentVersion = (version: unknown): boolean =>
  typeof version === 'string' && /[2-9]\.[0-9]+\.[0-9]+/.test(version);

export const AUTHORITY_PATH = '/auth/authority';

export interface ServiceGenerationOptions {
  baseUrl: string;
  choice: ApiChoice;
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

interface Known {
  generation: Generation;
  /** The authority document, when the service has one (current generation). */
  authority: AuthorityDocument | null;
}

/** One per service, shared by every client and sign-in of the process. */
export class ServiceGeneration {
  readonly #options: ServiceGenerationOptions;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  #known: Known | null = null;
  #asking: Promise<Known> | null = null;

  constructor(options: ServiceGenerationOptions) {
    this.#options = options;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#clock = options.clock ?? systemClock;
    if (options.choice === 'legacy') this.#known = { generation: 'legacy', authority: null };
  }

  get choice(): ApiChoice {
    return this.#options.choice;
  }

  /** The generation; with `current` configured no request is needed for it. */
  async generation(signal?: AbortSignal): Promise<Generation> {
    if (this.#options.choice === 'current') return 'current';
    return (await this.#ask(signal)).generation;
  }

  /** The authority document (current generation), or null for a legacy service. Read once. */
  async authority(signal?: AbortSignal): Promise<AuthorityDocument | null> {
    return (await this.#ask(signal)).authority;
  }

  #ask(signal?: AbortSignal): Promise<Known> {
    if (this.#known !== null) return Promise.resolve(this.#known);
    // Concurrent callers share one request; a failed one is forgotten so the next caller retries.
    this.#asking ??= this.#read(signal).then(
      (known) => {
        this.#known = known;
        this.#asking = null;
        return known;
      },
      (err: unknown) => {
        this.#asking = null;
        throw err;
      },
    );
    return this.#asking;
  }

  async #read(signal?: AbortSignal): Promise<Known> {
    const url = `${this.#options.baseUrl.replace(/\/+$/, '')}${AUTHORITY_PATH}`;
    const deadline = startDeadline(this.#clock, this.#options.timeoutMs, signal);
    try {
      const response = await this.#fetch(url, {
        headers: { accept: 'application/json' },
        signal: deadline.signal,
        redirect: 'manual',
      });
      const text = await response.text();
      const forced = this.#options.choice === 'current';
      // No document: a legacy service, or a current one configured as such whose sign-in then
      // uses the wire contract's fixed OAuth paths.
      if (response.status === 404) return { generation: forced ? 'current' : 'legacy', authority: null };
      if (response.status !== 200) {
        // A gateway's 5xx or a refusal says nothing about the generation: ask again later.
        throw new LinkError(ErrorCode.ROOMDECK_OFFLINE, { cause: { status: response.status } });
      }
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch (cause) {
        throw badResponse(`GET ${AUTHORITY_PATH}`, cause);
      }
      if (typeof document !== 'object' || document === null || Array.isArray(document))
        throw badResponse(`GET ${AUTHORITY_PATH}`, 'not a JSON object');
      const authority = document as AuthorityDocument;
      if (forced || isCurrentVersion(authority.version)) return { generation: 'current', authority };
      return { generation: 'legacy', authority: null };
    } catch (err) {
      throw deadline.classify(err);
    } finally {
      deadline.done();
    }
  }
}
