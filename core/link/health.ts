import type { Clock } from '../api/clock.ts';
import { ErrorCode } from '../../contract/error-codes.ts';
import { toBridgeError } from '../api/errors.ts';
import { LINK_LOG_WORDS_EN, type LinkState, linkStateOf } from '../../contract/errors.ts';

/*
 * One honest picture of the link to the control service, in the main process: every call the
 * client makes is an outcome. A call the service answered (even with a refusal) means the link is
 * live; a link-level failure (unreachable, a 5xx or a proxy's error page, an unreadable answer,
 * credentials refused) changes the state, with the moment it changed and the words for the panel.
 */

export interface LinkView {
  state: LinkState;
  /** Clock ms when the state began. */
  since: number;
  message: string;
  /** The failure's code (null while live). */
  code: string | null;
}

export class LinkHealth {
  readonly #clock: Clock;
  #view: LinkView;
  readonly #listeners = new Set<(view: LinkView) => void>();

  constructor(clock: Clock) {
    this.#clock = clock;
    this.#view = { state: 'live', since: clock.now(), message: LINK_LOG_WORDS_EN.live, code: null };
  }

  view(): LinkView {
    return { ...this.#view };
  }

  onChange(listener: (view: LinkView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  answered(): void {
    this.#set('live', null);
  }

  failed(error: unknown): void {
    const { code } = toBridgeError(error);
    // A request its caller gave up on (a press past its deadline) says nothing about the link:
    // whoever gave up reports why.
    if (code === ErrorCode.ROOMDECK_CANCELLED) return;
    const state = linkStateOf(code);
    // The service answered and refused (404, 409, a driver error…): the link itself is fine.
    this.#set(state ?? 'live', state === null ? null : code);
  }

  #set(state: LinkState, code: string | null): void {
    if (state === this.#view.state && code === this.#view.code) return;
    const since = state === this.#view.state ? this.#view.since : this.#clock.now();
    this.#view = { state, since, message: LINK_LOG_WORDS_EN[state], code };
    for (const listener of this.#listeners) listener(this.view());
  }
}

/** The client with every async call's outcome reported to `health`. */
export function observed<T extends object>(client: T, health: LinkHealth): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(
          (ok) => {
            health.answered();
            return ok;
          },
          (error: unknown) => {
            health.failed(error);
            throw error;
          },
        );
      };
    },
  });
}
