import type { ModuleState, PollSettings } from '#contract';
import type { Clock } from '../time/clock.ts';
import { type Address, type PageSpec, type PanelPlan, watchedModules } from '../plan/plan.ts';
import type { LiveFeeds } from '../live/poller.svelte.ts';
import type { Visibility } from './visibility.ts';

export interface PollingOptions {
  feeds: LiveFeeds;
  clock: Clock;
  poll: PollSettings;
  visibility?: Visibility | undefined;
  /** How often the module list (connection indicator) is refreshed (default: by activity). */
  modulesEveryMs?: number | undefined;
  /** The plan whose pages say what is polled (null: not loaded yet). */
  plan(): PanelPlan | null;
  /** Reads the module list again (the connection indicator). */
  refreshModules(): Promise<void>;
  /**
   * Tells the live channel what the shown page needs (the set polled here) and whether the panel is
   * active (touched lately, or a page of the room in use); absent: no channel.
   */
  watchLive?(targets: readonly Address[], active: boolean): void;
  /**
   * Under push, how often an idle panel reads the module list all the same (default: every two
   * minutes). The modules' states and the calendar come pushed, but not every service puts a
   * device's `connected` in its state (the simulator keeps it on the module record): the list is
   * what says a device went offline. A read of the room is two requests on the current generation
   * (the system and its settings), so every two minutes keeps an idle panel at 1/60 requests/s,
   * inside the issue's 0.02; a page in use reads it every 30 s, as a polling one does.
   */
  modulesPushedEveryMs?: number | undefined;
}

/**
 * What is polled (or watched on the live channel), and how often: what the screen shows and nothing
 * else, at the rates of a panel in use or left alone; and the module list behind the connection
 * indicator.
 */
export class RoomPolling {
  readonly #o: PollingOptions;
  #timer: unknown = null;
  #modulesDueAt = 0;
  #started = false;
  /** The page shown (null: the welcome screen, room off); what is polled follows it. */
  #page: PageSpec | null = null;
  /** When someone last touched the panel (null: not since it started). */
  #touchedAt: number | null = null;
  #quietTimer: unknown = null;
  #activity = $state<'idle' | 'active'>('idle');
  #stopVisibility: (() => void) | null = null;
  #disposed = false;
  /** The states read while loading, not yet handed to the feeds being watched. */
  #initial = new Map<string, ModuleState>();

  constructor(options: PollingOptions) {
    this.#o = options;
  }

  get activity(): 'idle' | 'active' {
    return this.#activity;
  }

  get touchedAt(): number | null {
    return this.#touchedAt;
  }

  /** The plan is there: the welcome screen is polled, from the states read while loading. */
  begin(initial: Map<string, ModuleState>): void {
    this.#initial = initial;
    this.show(null);
    this.#start();
  }

  /** Someone touched the panel: it is active until it has been left alone for `idleAfterMs`. */
  touched(): void {
    const { clock } = this.#o;
    this.#touchedAt = clock.now();
    if (this.#quietTimer !== null) clock.clearTimeout(this.#quietTimer);
    this.#quietTimer = clock.setTimeout(() => {
      this.#quietTimer = null;
      this.#retarget();
    }, this.#idleAfterMs);
    this.#retarget();
  }

  get #idleAfterMs(): number {
    return this.#o.poll.idleAfterMs ?? 120_000;
  }

  #activityNow(): 'idle' | 'active' {
    if (this.#page !== null) return 'active';
    const touchedAt = this.#touchedAt;
    return touchedAt !== null && this.#o.clock.now() - touchedAt < this.#idleAfterMs ? 'active' : 'idle';
  }

  /** Activity changed: what is polled, and how often, changes with it. */
  #retarget(): void {
    if (this.#disposed || this.#activityNow() === this.#activity) return;
    this.show(this.#page);
  }

  /** Polls the room's own state and the modules of `page` (null: the welcome screen), nothing else. */
  show(page: PageSpec | null): void {
    const { feeds, poll } = this.#o;
    const plan = this.#o.plan();
    this.#page = page;
    if (plan === null) return;
    const activity = this.#activityNow();
    this.#activity = activity;
    const wanted = watchedModules(plan, page);
    const keys = new Set(wanted.map((a) => `${a.module}/${a.index}`));
    for (const key of feeds.watched) {
      if (!keys.has(key)) {
        const [module, index] = key.split('/');
        feeds.unwatch({ module: module!, index: Number(index) });
      }
    }
    // The snapshot read while loading counts as fresh only once; a page opened later polls at once.
    const initial = this.#initial;
    this.#initial = new Map();
    const { probeMs = 2_500, rarelyMs = 60_000 } = poll;
    const calendar = plan.bookings;
    const isCalendar = (t: Address) =>
      calendar !== null && t.module === calendar.module && t.index === calendar.index;
    const probe = wanted.find((t) => !isCalendar(t)) ?? wanted[0];
    for (const target of wanted) {
      // Idle: the room's power state is the liveness probe (a lost link shows within 5 s) and the
      // rest is asked for rarely, so an idle panel costs under half a request a second whatever the
      // room's size. Active: today's rates, but the calendar (the panel works out "now" from the
      // clock) every 30 s.
      let every: number | undefined;
      if (activity === 'idle') every = target === probe ? probeMs : rarelyMs;
      else if (isCalendar(target)) every = 30_000;
      feeds.watch(target, initial.get(`${target.module}/${target.index}`), every);
    }
    this.#o.watchLive?.(wanted, activity === 'active');
    // Woken or in use: the module list (connection indicator) is brought forward from a longer wait.
    this.#modulesSooner();
  }

  /**
   * The live channel changed mode. Polling: the module list is read now and at today's rates again
   * (the fault may have hidden a device's change). Push: the next read waits the long interval.
   */
  modeChanged(push: boolean): void {
    if (!this.#started || this.#disposed) return;
    if (push) {
      this.#scheduleModules();
      return;
    }
    void this.#o.refreshModules();
    this.#modulesSooner();
  }

  #modulesSooner(): void {
    if (this.#started && this.#o.clock.now() + this.#modulesEveryMs() < this.#modulesDueAt)
      this.#scheduleModules();
  }

  dispose(): void {
    const { clock } = this.#o;
    this.#disposed = true;
    this.#stopVisibility?.();
    if (this.#timer !== null) clock.clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#quietTimer !== null) clock.clearTimeout(this.#quietTimer);
    this.#quietTimer = null;
  }

  #start(): void {
    if (this.#started) return;
    this.#started = true;
    const { feeds, visibility } = this.#o;
    if (visibility) {
      feeds.setHidden(visibility.hidden);
      this.#stopVisibility = visibility.onChange(() => {
        feeds.setHidden(visibility.hidden);
        if (!visibility.hidden) void this.#o.refreshModules();
      });
    }
    feeds.start();
    this.#scheduleModules();
  }

  #scheduleModules(): void {
    if (this.#disposed) return;
    const { clock } = this.#o;
    if (this.#timer !== null) clock.clearTimeout(this.#timer);
    const every = this.#modulesEveryMs();
    this.#modulesDueAt = clock.now() + every;
    this.#timer = clock.setTimeout(async () => {
      this.#timer = null;
      if (!this.#o.visibility?.hidden) await this.#o.refreshModules();
      if (this.#timer === null) this.#scheduleModules();
    }, every);
  }

  /**
   * Pushed: rarely (see modulesPushedEveryMs). Polling: idle, the connection indicator can wait;
   * touched, sooner; in use, devices matter now.
   */
  #modulesEveryMs(): number {
    if (this.#o.feeds.push) return this.#page !== null ? 30_000 : (this.#o.modulesPushedEveryMs ?? 120_000);
    if (this.#o.modulesEveryMs !== undefined) return this.#o.modulesEveryMs;
    if (this.#page !== null) return 10_000;
    return this.#activity === 'idle' ? (this.#o.poll.rarelyMs ?? 60_000) : 30_000;
  }
}
