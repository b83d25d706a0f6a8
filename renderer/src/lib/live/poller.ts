import { ErrorCode } from '#contract';
import type { ModuleState } from '#contract';
import type { PollerOptions, PollTarget } from './poller-options.ts';
import { sameState } from './same-state.ts';

/*
 * Live feedback: one state request per bound module, never two at once for the same module, faster
 * for a while after someone presses something, paused when nobody can see the page, backing off
 * with jitter when requests fail. With the live channel pushing, a module whose pushed
 * state has arrived is not polled at all until the channel falls back to polling or says its value
 * is stale. Plain TypeScript so it runs (and is measured) in Node; poller.svelte.ts turns its
 * callbacks into reactive state.
 *
 * Two readers feed one module: the page's own polls and the main process's pushed states (its read
 * over HTTP, then the socket's notifies). Each is in order by itself, but not against the other: a
 * pushed state can be a read the service answered before a poll the page has already shown. So a
 * pushed state is taken at once only when the page has not polled since its last push, or when it
 * says what the last poll said; otherwise the module is shown as not live and read once more, and
 * that read (asked after the pushed state arrived, so newer than it) decides. From then on the
 * pushes follow on from it.
 */

export type { PollerEvents, PollerOptions, PollTarget } from './poller-options.ts';

interface Entry {
  key: string;
  target: PollTarget;
  timer: unknown;
  dueAt: number;
  inFlight: boolean;
  /** The request out has been unanswered for hungAfterMs: a new one may be sent beside it. */
  hung: boolean;
  /** Numbers the requests: the answer of one overtaken by a newer request is dropped. */
  attempt: number;
  /** Someone asked for a refresh while a request was out: fetch again when it returns. */
  again: boolean;
  failures: number;
  lastOkAt: number | null;
  stale: boolean;
  /** Retry-After: not before this (clock ms); 0 when the service asked nothing. */
  holdUntil: number;
  /** Its own idle interval: state that changes rarely (a calendar) is asked for rarely. */
  everyMs: number | undefined;
  /** Its fresh state came pushed while the channel pushes: it is not polled. */
  pushed: boolean;
  /** Push mode: its next poll only waits for the first pushed state (a press does not hurry it). */
  awaitingPush: boolean;
  /**
   * The last poll's answer, while no push since has said the same: a push that says otherwise may
   * be the older of the two, so it is checked by one more poll before it is called live.
   */
  polled: ModuleState | null;
  /** The poll out checks a pushed state that disagreed with the poll before it. */
  checking: boolean;
}

export const keyOf = (target: PollTarget): string => `${target.module}/${target.index}`;

export class Poller {
  readonly #o: PollerOptions;
  readonly #entries = new Map<string, Entry>();
  #running = false;
  #hidden = false;
  #fastUntil = 0;
  #linkLost = false;
  /** The live channel pushes (true) or the page polls everything (false, the default). */
  #push = false;

  constructor(options: PollerOptions) {
    this.#o = options;
  }

  get linkLost(): boolean {
    return this.#linkLost;
  }

  /**
   * Starts polling a module (idempotent); returns its key. `fresh`: its state was just read (to
   * build the layout), so the first poll waits one interval instead of repeating that request.
   */
  watch(target: PollTarget, fresh = false, everyMs?: number): string {
    const key = keyOf(target);
    const existing = this.#entries.get(key);
    if (existing) {
      if (existing.everyMs !== everyMs) {
        existing.everyMs = everyMs;
        this.#retime(existing);
      }
      return key;
    }
    const entry: Entry = {
      key,
      target: { ...target },
      timer: null,
      dueAt: 0,
      inFlight: false,
      hung: false,
      attempt: 0,
      again: false,
      failures: 0,
      lastOkAt: fresh ? this.#o.clock.now() : null,
      stale: false,
      holdUntil: 0,
      everyMs,
      pushed: false,
      awaitingPush: false,
      polled: null,
      checking: false,
    };
    this.#entries.set(key, entry);
    if (this.#active) this.#begin(entry);
    return key;
  }

  unwatch(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#clear(entry);
    this.#entries.delete(key);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    if (!this.#hidden) for (const entry of this.#entries.values()) this.#begin(entry);
  }

  stop(): void {
    this.#running = false;
    for (const entry of this.#entries.values()) this.#clear(entry);
  }

  /** Hidden pages poll nothing; on return every module is fetched at once, not at its next tick. */
  setHidden(hidden: boolean): void {
    if (hidden === this.#hidden) return;
    this.#hidden = hidden;
    for (const entry of this.#entries.values()) {
      if (hidden) this.#clear(entry);
      else if (this.#running) this.#run(entry);
    }
  }

  /** Someone touched the panel: poll fast for a while, since the room is about to change. */
  pressed(): void {
    const now = this.#o.clock.now();
    this.#fastUntil = now + this.#o.settings.fastForMs;
    if (!this.#active) return;
    for (const entry of this.#entries.values()) {
      if (entry.pushed || entry.awaitingPush) continue;
      if (!entry.inFlight && entry.failures === 0 && entry.dueAt > now + this.#o.settings.fastMs) {
        this.#schedule(entry, this.#o.settings.fastMs);
      }
    }
  }

  /**
   * Fetch this module now (after its exec returned); joins a request already in flight. A pushed
   * module is not fetched: its change arrives pushed, and that confirms the press.
   */
  refresh(key: string): void {
    const entry = this.#entries.get(key);
    if (entry && this.#active) this.#run(entry);
  }

  get push(): boolean {
    return this.#push;
  }

  /** Whether a module's values arrive pushed now (so it is not polled). */
  isPushed(key: string): boolean {
    return this.#entries.get(key)?.pushed === true;
  }

  /**
   * The live channel's mode. Push: each module stops being polled once its pushed state arrives.
   * Polling (the socket failed, or is switched off): every watched module is polled again at once,
   * so a change the channel missed while it was failing shows within a round trip.
   */
  setPush(push: boolean): void {
    if (push === this.#push) return;
    this.#push = push;
    if (push) return;
    for (const entry of this.#entries.values()) {
      entry.pushed = false;
      entry.awaitingPush = false;
      if (this.#active) this.#run(entry);
    }
  }

  /**
   * A module's whole state, pushed: it replaces any poll still out, and it is as fresh as a poll's
   * answer unless the page's last poll said otherwise (then a poll decides: see the top).
   */
  pushState(key: string, state: ModuleState): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    // A poll still out was asked before this value was current: its answer is dropped.
    entry.attempt += 1;
    entry.inFlight = false;
    entry.hung = false;
    entry.again = false;
    entry.awaitingPush = false;
    entry.checking = false;
    this.#clear(entry);
    const polled = entry.polled;
    entry.polled = null;
    if (polled !== null && !sameState(polled, state)) {
      // Which of the two is newer is not known. Nothing acts on the pushed one (a press waiting
      // for its confirmation could take an old value for it): the poll's stays shown, not as live,
      // until a poll asked now says.
      entry.pushed = false;
      entry.checking = true;
      this.#setStale(entry, true);
      if (this.#active) this.#run(entry);
      return;
    }
    entry.pushed = this.#push;
    this.#succeeded(entry, state, 'push');
  }

  /**
   * A pushed module's value can no longer be trusted (the channel is renewing its binding): shown
   * as unknown until its fresh state arrives, pushed or, if that takes too long, polled.
   */
  pushStale(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    entry.pushed = false;
    // The channel starts over: a poll still out answers as any poll (its answer checks the next push).
    entry.checking = false;
    this.#setStale(entry, true);
    if (!this.#active) return;
    if (!this.#push) {
      this.#run(entry);
      return;
    }
    const wait = this.#o.staleWaitMs ?? 10_000;
    const random = this.#o.random ?? Math.random;
    entry.awaitingPush = true;
    this.#schedule(entry, Math.round(wait / 2 + (random() * wait) / 2));
  }

  /**
   * A command got no answer for the link's sake: nothing shown can be trusted until it is read
   * again, now, pushed or not. An answer makes it live again (and a later push stops the polling);
   * a read that hangs too says the service is out of reach, within the hang's 2 s.
   */
  doubt(): void {
    for (const entry of this.#entries.values()) {
      entry.pushed = false;
      entry.awaitingPush = false;
      this.#setStale(entry, true);
      if (this.#active) this.#run(entry);
    }
  }

  /**
   * Its interval changed (the panel became active): if the next poll is now due sooner, bring it
   * forward, so a touched panel is up to date at once rather than at the end of a long idle wait.
   */
  #retime(entry: Entry): void {
    if (!this.#active || entry.inFlight || entry.failures > 0 || entry.pushed || entry.awaitingPush) return;
    const now = this.#o.clock.now();
    const due = (entry.lastOkAt ?? 0) + this.#interval(entry);
    if (due <= now) this.#run(entry);
    else if (due < entry.dueAt) this.#schedule(entry, due - now);
  }

  #begin(entry: Entry): void {
    if (entry.pushed) return;
    const primed = entry.lastOkAt !== null && this.#o.clock.now() - entry.lastOkAt < this.#interval(entry);
    if (this.#push) {
      // Its state is on its way pushed; polled only if it does not come.
      const wait = this.#o.pushWaitMs ?? 3_000;
      entry.awaitingPush = true;
      this.#schedule(entry, primed ? Math.max(wait, this.#interval(entry)) : wait);
    } else if (primed) this.#schedule(entry, this.#interval(entry));
    else this.#run(entry);
  }

  get #active(): boolean {
    return this.#running && !this.#hidden;
  }

  #interval(entry: Entry): number {
    const { fastMs, idleMs } = this.#o.settings;
    return this.#o.clock.now() < this.#fastUntil ? fastMs : (entry.everyMs ?? idleMs);
  }

  #backoff(failures: number): number {
    const base = Math.max(this.#o.settings.fastMs, 250);
    const ceiling = Math.min(this.#o.maxBackoffMs ?? 5_000, base * 2 ** (failures - 1));
    // "Equal jitter": never hammer, and never let every panel in a building retry in lockstep.
    const random = this.#o.random ?? Math.random;
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  #clear(entry: Entry): void {
    if (entry.timer !== null) this.#o.clock.clearTimeout(entry.timer);
    entry.timer = null;
  }

  #schedule(entry: Entry, ms: number): void {
    this.#clear(entry);
    entry.dueAt = this.#o.clock.now() + ms;
    entry.timer = this.#o.clock.setTimeout(() => {
      entry.timer = null;
      this.#run(entry);
    }, ms);
  }

  #run(entry: Entry): void {
    if (entry.pushed) return;
    entry.awaitingPush = false;
    // A request that hangs is not waited for: a new one goes out beside it (its answer is dropped).
    if (entry.inFlight && !entry.hung) {
      entry.again = true;
      return;
    }
    this.#clear(entry);
    entry.inFlight = true;
    entry.hung = false;
    entry.attempt += 1;
    const attempt = entry.attempt;
    const current = () => entry.attempt === attempt && this.#entries.get(entry.key) === entry;
    const watchdog = this.#o.clock.setTimeout(() => {
      if (current()) this.#hung(entry);
    }, this.#o.hungAfterMs ?? 2_000);
    let request: Promise<ModuleState>;
    try {
      request = this.#o.fetchState(entry.target);
    } catch (error) {
      request = Promise.reject(error);
    }
    request.then(
      (state) => {
        this.#o.clock.clearTimeout(watchdog);
        if (current()) this.#succeeded(entry, state, 'poll');
      },
      (error: unknown) => {
        this.#o.clock.clearTimeout(watchdog);
        if (current()) this.#failed(entry, error);
      },
    );
  }

  /** A poll that is still out: the service hangs. Every value is stale until one answers again. */
  #hung(entry: Entry): void {
    if (!entry.inFlight) return;
    entry.hung = true;
    entry.failures += 1;
    if (!this.#linkLost) {
      this.#linkLost = true;
      this.#o.events.link(
        this.#o.messageOf({
          code: ErrorCode.ROOMDECK_TIMEOUT,
          // i18n-ignore: the error's English for the log; people read error.timeout via messageOf
          message: 'The control service did not answer in time.',
        }),
      );
    }
    // A pushed value stays live: the channel, not this poll, says when it cannot be trusted.
    for (const other of this.#entries.values()) if (!other.pushed) this.#setStale(other, true);
    // Ask again soon, beside the hung request: the first answer after the service recovers counts.
    if (this.#active) this.#schedule(entry, this.#o.hungRetryMs ?? 1_000);
  }

  #succeeded(entry: Entry, state: ModuleState, from: 'poll' | 'push'): void {
    if (from === 'poll' && entry.checking) {
      // Asked after the disputed push arrived: newer than it, and the pushes that follow it are newer
      // still. Pushed from now on, if the channel pushes.
      entry.checking = false;
      entry.pushed = this.#push;
    } else if (from === 'poll') entry.polled = state;
    entry.inFlight = false;
    entry.hung = false;
    entry.failures = 0;
    entry.holdUntil = 0;
    entry.lastOkAt = this.#o.clock.now();
    this.#o.events.state(entry.key, state);
    this.#setStale(entry, false);
    if (this.#linkLost) {
      this.#linkLost = false;
      this.#o.events.link(null);
      // The service is back: bring every other module up to date now rather than at its next retry.
      for (const other of this.#entries.values()) if (other !== entry && this.#active) this.#run(other);
    }
    this.#next(entry);
  }

  #failed(entry: Entry, error: unknown): void {
    entry.inFlight = false;
    entry.hung = false;
    entry.failures += 1;
    const asked = this.#o.retryAfterMs?.(error);
    const probe = this.#entries.values().next().value === entry;
    entry.holdUntil = asked !== undefined && !probe ? this.#o.clock.now() + Math.min(asked, 60_000) : 0;
    const now = this.#o.clock.now();
    if (this.#o.isLinkLoss(error)) {
      if (!this.#linkLost) {
        this.#linkLost = true;
        this.#o.events.link(this.#o.messageOf(error));
      }
      for (const other of this.#entries.values()) if (!other.pushed) this.#setStale(other, true);
    } else if (entry.lastOkAt === null || now - entry.lastOkAt > 2 * this.#o.settings.idleMs) {
      // One failed poll is noise; failing for longer than two periods means the values are old.
      this.#setStale(entry, true);
    }
    this.#next(entry);
  }

  #next(entry: Entry): void {
    if (!this.#active || entry.pushed) return;
    if (entry.again) {
      entry.again = false;
      this.#run(entry);
      return;
    }
    const wait = entry.failures > 0 ? this.#backoff(entry.failures) : this.#interval(entry);
    this.#schedule(entry, Math.max(wait, entry.holdUntil - this.#o.clock.now()));
  }

  #setStale(entry: Entry, stale: boolean): void {
    if (entry.stale === stale) return;
    entry.stale = stale;
    this.#o.events.stale(entry.key, stale);
  }
}
