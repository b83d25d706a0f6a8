import type { LiveEvent, LiveStatus, LiveTarget } from '../../contract/types.ts';
import type { SessionStatus } from '../auth/session-types.ts';
import type { LiveFeeds } from '../live/feeds.ts';
import type { Log } from '../log/log.ts';
import type { LiveSource } from './verbs/live.ts';

/*
 * One route's live channel (the panel's, or a kiosk technician's): the LiveFeeds of its session,
 * made when the session is signed in and closed when it is not (sign-out, quit), and one stable
 * place for the transports (IPC, the browser host's event stream) to subscribe, whichever feeds
 * are current. The verbs ask it for the current feeds; none means polling.
 */

/** What a transport needs of a route's live channel. */
export interface LiveRoute {
  /** Every event this route's pages may receive now; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** A page is gone (its window destroyed, its event stream closed): its watch list goes. */
  forget(watcher: string): void;
  /** Push or polling now: a page's event stream starts with it (it may have missed a change). */
  status(): LiveStatus;
}

export interface LiveChannelOptions {
  session: {
    status(): SessionStatus;
    onChange(listener: (status: SessionStatus) => void): () => void;
  };
  /** `service.live`: off means no socket at all, the pages poll. */
  enabled: boolean;
  /** Makes the feeds for the signed-in session (async: the socket's route depends on the generation). */
  create: () => Promise<LiveFeeds>;
  /** Whether events may reach the route's pages now (the technician's: only while the PIN gate is open). */
  allowed?: () => boolean;
  log: Log;
}

const POLLING: LiveStatus = { mode: 'polling' };

export class LiveChannel implements LiveRoute, LiveSource {
  readonly #options: LiveChannelOptions;
  /** Every page's latest watch list, replayed into feeds made after it was sent. */
  readonly #watches = new Map<
    string,
    { systemId: string; targets: readonly LiveTarget[]; active: boolean }
  >();
  readonly #listeners = new Set<(event: LiveEvent) => void>();
  #feeds: LiveFeeds | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Bumped on every open and close, so a creation that finishes after a sign-out is thrown away. */
  #epoch = 0;
  #creating = false;
  #closed = false;
  readonly #unwatchSession: () => void;

  constructor(options: LiveChannelOptions) {
    this.#options = options;
    this.#unwatchSession = options.session.onChange(() => this.sync());
  }

  /** The current feeds, or undefined while there are none (switched off, signed out, being made). */
  current(): LiveFeeds | undefined {
    return this.#feeds;
  }

  status(): LiveStatus {
    return this.#feeds?.status() ?? POLLING;
  }

  /** Opens or closes the feeds to match the session (called on every session change and once ready). */
  sync(): void {
    if (!this.#options.enabled || this.#closed) return;
    const signedIn = this.#options.session.status().state === 'signed-in';
    if (signedIn && this.#feeds === undefined && !this.#creating) void this.#open();
    if (!signedIn && (this.#feeds !== undefined || this.#creating)) void this.#drop();
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  watch(watcher: string, systemId: string, targets: readonly LiveTarget[], active = false): LiveStatus {
    if (targets.length === 0) this.#watches.delete(watcher);
    else this.#watches.set(watcher, { systemId, targets, active });
    return this.#feeds?.watch(watcher, systemId, targets, active) ?? POLLING;
  }

  forget(watcher: string): void {
    this.#watches.delete(watcher);
    this.#feeds?.forget(watcher);
  }

  /** For good (quit). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unwatchSession();
    await this.#drop();
    this.#listeners.clear();
  }

  async #open(): Promise<void> {
    const epoch = ++this.#epoch;
    this.#creating = true;
    let feeds: LiveFeeds;
    try {
      feeds = await this.#options.create();
    } catch (err) {
      // No channel is not an outage: the pages poll, as they always could.
      this.#options.log.warn('live channel not started', { error: err });
      if (epoch === this.#epoch) this.#creating = false;
      return;
    }
    if (epoch !== this.#epoch) {
      await feeds.close().catch(() => undefined);
      return;
    }
    this.#creating = false;
    this.#feeds = feeds;
    this.#unsubscribe = feeds.subscribe((event) => this.#emit(event));
    // Pages that said what they show before the feeds existed (a view opened just after sign-in)
    // would otherwise wait for ever: they asked, were told "polling", and the socket never bound.
    for (const [watcher, { systemId, targets, active }] of this.#watches)
      feeds.watch(watcher, systemId, targets, active);
  }

  async #drop(): Promise<void> {
    this.#epoch += 1;
    this.#creating = false;
    const feeds = this.#feeds;
    this.#feeds = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    if (feeds === undefined) return;
    // The pages still open (a sign-in screen, a technician view closing) poll from now on.
    this.#emit({ type: 'mode', ...POLLING });
    await feeds
      .close()
      .catch((err: unknown) => this.#options.log.warn('live channel close failed', { error: err }));
  }

  #emit(event: LiveEvent): void {
    if (this.#options.allowed !== undefined && !this.#options.allowed()) return;
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (err) {
        // One transport's failure must not keep the event from the others.
        this.#options.log.warn('live event not delivered', { error: err });
      }
    }
  }
}
