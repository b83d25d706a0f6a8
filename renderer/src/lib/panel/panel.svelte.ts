import { ErrorCode } from '#contract';
import type { ModuleState, PanelTimers } from '#contract';
import type { Room } from '../room.svelte.ts';
import { type Transition, sameValue, transitionOf } from '../values.ts';
import { type BookingView, bookingView, nextMeetingStart } from './booking.ts';
import { callFor, callWords } from './help-contact.ts';
import { IdleWatch } from './idle.svelte.ts';

/** How often the calendar is re-read while its no-show countdown runs. */
const COUNTDOWN_READ_MS = 3_000;

/** "No answer in time" only: the devices may have done it, and their state is the proof. */
const noAnswer = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === ErrorCode.ROOMDECK_TIMEOUT || code === ErrorCode.ROOMDECK_EXEC_TIMEOUT;
};
import type { PageSpec, PanelPlan, SourceTile, Watch } from './plan.ts';

/*
 * The panel's task logic over one Room: is the room on, which source shows, starting with a
 * source (locked until the devices agree), switching off, the page shown (and so what is polled),
 * the room's booking, and what an untouched panel does by itself.
 */

/**
 * A tile's state from the devices: `confirmed` (lit) only while every screen that shows the
 * source reports it, fresh; `warming` while a screen warms up; `failed` when a screen does not
 * answer (or the start failed); `waiting` when the source is chosen but a screen reports otherwise.
 */
export type TileState = 'idle' | 'pending' | 'warming' | 'waiting' | 'confirmed' | 'failed';

/** What the devices say about one source, for the tile and the in-use banner. */
export interface SourceTruth {
  state: TileState;
  /** One sentence: what is happening, with the time left or who to call. */
  status: string | null;
  /** The screen warming up, with the seconds left counted down on the panel between polls. */
  warming: { name: string; remaining: number; percent: number } | null;
  /** The screen that does not answer. */
  silent: string | null;
}
type Phase = 'ready' | 'starting' | 'stopping';

export class PanelModel {
  readonly room: Room;
  readonly idle: IdleWatch;
  #pageId = $state('sources');
  #phase = $state<Phase>('ready');
  #startingTile = $state<string | null>(null);
  #failedTile = $state<string | null>(null);
  #problem = $state<string | null>(null);
  #bookingBusy = $state(false);
  #bookingProblem = $state<string | null>(null);
  #ending = $state(false);
  /** The meeting this panel last checked in to (or tried to): asked once, not every second. */
  #checkedIn: string | null = null;
  /** When the calendar was last re-read for a running no-show countdown (epoch ms). */
  #countdownReadAt = 0;
  #nowMs = $state(0);
  /** When each transition report arrived here (by state snapshot), to count down between polls. */
  #heardAt = new WeakMap<object, number>();
  #tick: unknown = null;
  #disposed = false;

  /** `startPage`: the page to show first (a recovered window returns to the page it showed). */
  constructor(room: Room, timers: PanelTimers, options: { startPage?: string | null } = {}) {
    this.room = room;
    if (options.startPage) this.#pageId = options.startPage;
    this.#nowMs = room.clock.now();
    this.idle = new IdleWatch({ clock: room.clock, ...timers, switchOff: () => void this.off() });
    this.#everySecond();
  }

  get plan(): PanelPlan | null {
    return this.room.plan;
  }
  get nowMs(): number {
    return this.#nowMs;
  }
  get busy(): boolean {
    return this.#phase !== 'ready';
  }
  /**
   * A press is waiting for the service: starting or switching off, a source, a booking, or any
   * control's command (a fader on a page, a light, a camera preset) not yet answered.
   */
  get pressInFlight(): boolean {
    return this.busy || this.#startingTile !== null || this.#bookingBusy || this.room.commandsInFlight > 0;
  }
  /** When the room's next meeting starts (epoch ms); null without one (or without a calendar). */
  nextMeetingAt(nowMs: number): number | null {
    const at = this.plan?.bookings;
    const start = at ? nextMeetingStart(this.#stateOf(at), Math.floor(nowMs / 1000)) : null;
    return start === null ? null : start * 1000;
  }
  get phase(): Phase {
    return this.#phase;
  }
  /** The last room-level failure (start, switch off), naming what let the room down. */
  get problem(): string | null {
    return this.#problem;
  }

  #stateOf(w: { module: string; index: number }): ModuleState | undefined {
    return this.room.feed(w.module, w.index).state;
  }

  #holds(w: Watch): boolean {
    return sameValue(this.#stateOf(w)?.[w.key], w.value);
  }

  /** On as the devices report it; a room with no power control is always in use. */
  get roomOn(): boolean {
    const power = this.plan?.power;
    if (!power) return true;
    return this.#holds(power.on);
  }

  /** Welcome (room off) or in use. Starting shows the welcome, locked, until the room is on. */
  get view(): 'welcome' | 'in-use' {
    return this.roomOn ? 'in-use' : 'welcome';
  }

  /** The source on the screens, as the devices report it now (not what was last asked for). */
  get activeTile(): SourceTile | null {
    if (!this.roomOn) return null;
    return this.plan?.home.find((t) => this.#lit(t)) ?? null;
  }

  /** Who to call: see roomHelpOf (the room's own number, else the configured contact, else the room system's). */
  get helpNumber(): string | null {
    return this.room.roomHelp.phone;
  }

  /** A state read from the device and still live (not stale from a faltering link). */
  #fresh(w: Watch): boolean {
    const feed = this.room.feed(w.module, w.index);
    return feed.state !== undefined && !feed.stale;
  }

  /** Every screen reports the source, freshly, and answers: the only way a tile is lit. */
  #lit(tile: SourceTile): boolean {
    if (!this.#holds(tile.active) || !this.#fresh(tile.active)) return false;
    return tile.shownBy.every((p) => this.#fresh(p) && this.room.silence(p) === null && this.#holds(p));
  }

  /** The source asked for: being started here, failed here, or chosen as the room logic reports. */
  #chosen(tile: SourceTile): boolean {
    if (this.#startingTile === tile.id || this.#failedTile === tile.id) return true;
    if (!this.roomOn) return false;
    if (this.#holds(tile.active)) return true;
    // A room logic that did not get the source on the screens keeps it as `selected`, not `active`.
    return tile.active.key === 'active' && this.#holds({ ...tile.active, key: 'selected' });
  }

  /** Seconds left of a warm-up, counted down from when the report arrived until the next one. */
  #warming(state: Record<string, unknown> | undefined): { remaining: number; percent: number } | null {
    const t = transitionOf(state);
    if (!state || !t || t.kind !== 'warming') return null;
    let heard = this.#heardAt.get(state);
    if (heard === undefined) {
      heard = this.#nowMs;
      this.#heardAt.set(state, heard);
    }
    const remaining = Math.max(0, t.remaining - Math.floor((this.#nowMs - heard) / 1000));
    const percent =
      t.total > 0 ? Math.round((100 * Math.min(t.total, t.total - remaining)) / t.total) : t.percent;
    return { remaining, percent };
  }

  truth(tile: SourceTile): SourceTruth {
    const none = { warming: null, silent: null };
    if (this.#lit(tile)) return { state: 'confirmed', status: 'Showing now', ...none };
    if (!this.#chosen(tile)) return { state: 'idle', status: null, ...none };
    const proofs = tile.shownBy.length > 0 ? tile.shownBy : [tile.active];
    const quiet = proofs.find((p) => this.room.silence(p) !== null);
    const silent = quiet ? this.room.silence(quiet) : null;
    if (quiet && silent) {
      // The room's own name for it when it published one ("Display 1", as its messages say).
      const who = 'name' in quiet && typeof quiet.name === 'string' ? quiet.name : silent.name;
      return {
        state: 'failed',
        status: `${who} is ${silent.why === 'stopped' ? 'switched off at the system' : 'not answering'}. ${callWords(this.helpNumber)}`,
        warming: null,
        silent: who,
      };
    }
    for (const p of tile.shownBy) {
      const w = this.#warming(this.#stateOf(p));
      if (w)
        return {
          state: 'warming',
          status: `${p.name} warming up — ${w.remaining} s`,
          warming: { name: p.name, ...w },
          silent: null,
        };
    }
    if (this.#startingTile === tile.id)
      return { state: 'pending', status: this.roomOn ? 'Switching…' : 'Starting…', ...none };
    if (this.#failedTile === tile.id) return { state: 'failed', status: 'Did not start', ...none };
    const off = tile.shownBy.find((p) => !this.#holds(p) || !this.#fresh(p));
    const status = !off
      ? 'Waiting for the devices…'
      : !this.#fresh(off)
        ? `${off.name} not read yet`
        : off.key === 'power'
          ? `${off.name} is off`
          : `${off.name} shows something else`;
    return { state: 'waiting', status, ...none };
  }

  tileState(tile: SourceTile): TileState {
    return this.truth(tile).state;
  }

  /** The chosen source's story when it is not simply on the screens: for the full-width banner. */
  get story(): (SourceTruth & { tile: SourceTile }) | null {
    for (const tile of this.plan?.home ?? []) {
      const truth = this.truth(tile);
      if (truth.state === 'warming' || truth.state === 'failed' || truth.state === 'waiting')
        return { ...truth, tile };
    }
    return null;
  }

  /** Warming up or cooling down, as the room logic or the displays report it. */
  get transition(): Transition | null {
    const plan = this.plan;
    if (!plan) return null;
    const seen = [plan.power?.on, ...plan.home.map((t) => t.active)].filter((w) => w !== undefined);
    for (const w of seen) {
      const t = transitionOf(this.#stateOf(w));
      if (t) return t;
    }
    return null;
  }

  get pages(): PageSpec[] {
    return this.plan?.pages ?? [];
  }

  get page(): PageSpec | null {
    if (this.view !== 'in-use') return null;
    return this.pages.find((p) => p.id === this.#pageId) ?? this.pages[0] ?? null;
  }

  showPage(id: string): void {
    this.#pageId = id;
    this.room.show(this.page);
  }

  /** Re-targets polling when the view changes (welcome ⇄ in use). */
  syncPolling(): void {
    this.room.show(this.page);
  }

  get booking(): BookingView | null {
    const at = this.plan?.bookings;
    return at ? bookingView(this.#stateOf(at), Math.floor(this.#nowMs / 1000)) : null;
  }
  get bookingBusy(): boolean {
    return this.#bookingBusy;
  }
  get bookingProblem(): string | null {
    return this.#bookingProblem;
  }

  /** Starts the room with a source (or switches to it); refuses a second start while one runs. */
  async start(tile: SourceTile): Promise<void> {
    if (this.busy) return;
    // Someone is here: a meeting waiting for its check-in is kept, even while a projector warms.
    this.#checkInIfWaiting();
    this.#phase = 'starting';
    this.#startingTile = tile.id;
    this.#failedTile = null;
    this.#problem = null;
    try {
      const wasOn = this.roomOn;
      await this.room.run(tile.steps);
      const volume = this.plan?.volume;
      if (!wasOn && volume?.startLevel !== undefined) {
        await this.room.exec(volume.module, volume.index, {
          method: volume.method,
          args: [...volume.args, volume.startLevel],
        });
      }
      if (!(await this.#until(() => this.#holds(tile.active)))) {
        this.#failedTile = tile.id;
        this.#problem = `${tile.label} did not come up (the screens still show something else): try again, or ${callFor(this.room.roomHelp.phone)}.`;
      }
    } catch (error) {
      // A hung answer from a room that did start: the state says so, and that is what counts.
      if (!(noAnswer(error) && (await this.#until(() => this.#holds(tile.active))))) {
        this.#failedTile = tile.id;
        this.#problem = this.room.messageOf(error);
      }
    } finally {
      this.#startingTile = null;
      this.#phase = 'ready';
      this.pageAfterStart();
    }
  }

  /** A room with no source tiles starts with Room on: what its power says starts it. */
  get canSwitchOn(): boolean {
    return (this.plan?.home.length ?? 0) === 0 && (this.plan?.power?.start?.length ?? 0) > 0;
  }

  /** Room on, for a room without source tiles; locked until the devices report on. */
  async switchOn(): Promise<void> {
    const steps = this.plan?.power?.start;
    if (!steps || steps.length === 0 || this.busy) return;
    this.#phase = 'starting';
    this.#problem = null;
    try {
      await this.room.run(steps);
      if (!(await this.#until(() => this.roomOn))) {
        this.#problem =
          'The room did not switch on: the devices still report off. Try again, or call AV support.';
      }
    } catch (error) {
      if (!(noAnswer(error) && (await this.#until(() => this.roomOn)))) {
        this.#problem = this.room.messageOf(error);
      }
    } finally {
      this.#phase = 'ready';
      this.pageAfterStart();
    }
  }

  pageAfterStart(): void {
    if (this.view === 'in-use' && !this.pages.some((p) => p.id === this.#pageId))
      this.#pageId = this.pages[0]?.id ?? 'sources';
    this.room.show(this.page);
  }

  /** Switches the room off (after the person confirmed). */
  async off(): Promise<void> {
    const power = this.plan?.power;
    if (!power || this.#phase === 'stopping') return;
    this.#phase = 'stopping';
    this.#problem = null;
    try {
      await this.room.run(power.off);
      if (!(await this.#until(() => !this.roomOn))) {
        this.#problem = `The room did not switch off (its devices still report on): try again, or ${callFor(this.room.roomHelp.phone)}.`;
      }
    } catch (error) {
      if (!(noAnswer(error) && (await this.#until(() => !this.roomOn)))) {
        this.#problem = this.room.messageOf(error);
      }
    } finally {
      this.#phase = 'ready';
      this.#pageId = 'sources';
      this.room.show(this.page);
    }
  }

  async reset(): Promise<void> {
    const step = this.plan?.power?.reset;
    if (!step || this.busy) return;
    this.#problem = null;
    try {
      await this.room.run([step]);
      // A reset is "back to how the room starts": that is never silent, whatever the room logic did.
      const volume = this.plan?.volume;
      if (volume?.mute && this.room.feed(volume.module, volume.index).state?.[volume.mute.key] === true) {
        await this.room.run([
          {
            module: volume.module,
            index: volume.index,
            command: { method: volume.mute.method, args: [...volume.mute.args, false] },
          },
        ]);
      }
    } catch (error) {
      this.#problem = this.room.messageOf(error);
    }
  }

  dismissProblem(): void {
    this.#problem = null;
    this.#failedTile = null;
  }

  async book(method: 'book_now' | 'extend' | 'end_meeting' | 'check_in', minutes?: number): Promise<boolean> {
    const at = this.plan?.bookings;
    if (!at || this.#bookingBusy) return false;
    this.#bookingBusy = true;
    this.#bookingProblem = null;
    try {
      await this.room.exec(at.module, at.index, { method, args: minutes === undefined ? [] : [minutes] });
      this.room.feeds.refresh(at);
      return true;
    } catch (error) {
      this.#bookingProblem = this.room.messageOf(error, at);
      this.room.feeds.refresh(at);
      return false;
    } finally {
      this.#bookingBusy = false;
    }
  }

  /** End meeting (or Room off) is under way. */
  get ending(): boolean {
    return this.#ending || this.#phase === 'stopping';
  }

  /**
   * "End meeting": the calendar releases the rest of the meeting under way, and the room switches
   * off (after the person confirmed once). Both are done even if one fails, and each failure is
   * said: the booking's in the booking's words, the room's in the devices'.
   */
  async endMeeting(): Promise<void> {
    if (this.ending) return;
    this.#ending = true;
    try {
      if (this.booking?.status === 'busy') await this.book('end_meeting');
      await this.off();
    } finally {
      this.#ending = false;
    }
  }

  /** "Check in": the person is here, so the calendar keeps the meeting it would release. */
  checkIn(): Promise<boolean> {
    const id = this.#waitingMeeting();
    if (id !== null) this.#checkedIn = id;
    return this.book('check_in');
  }

  /** The id of the meeting under way that the calendar releases unless someone checks in. */
  #waitingMeeting(): string | null {
    const at = this.plan?.bookings;
    const view = this.booking;
    if (!at || view === null || view.releaseAt === null) return null;
    const current = this.#stateOf(at)?.current;
    const id = typeof current === 'object' && current !== null ? (current as { id?: unknown }).id : null;
    return typeof id === 'string' ? id : null;
  }

  /**
   * While the calendar counts down to releasing a meeting, the panel reads it every few seconds
   * rather than every 30: the release, or a check-in from elsewhere, shows at once, not half a
   * minute late. Only during a countdown, so an ordinary panel's load is unchanged.
   */
  #followCountdown(): void {
    const at = this.plan?.bookings;
    if (!at || this.booking?.releaseAt == null) return;
    if (this.#nowMs - this.#countdownReadAt < COUNTDOWN_READ_MS) return;
    this.#countdownReadAt = this.#nowMs;
    this.room.feeds.refresh(at);
  }

  #checkInIfWaiting(): void {
    const id = this.#waitingMeeting();
    if (id === null || id === this.#checkedIn || this.#bookingBusy) return;
    this.#checkedIn = id;
    void this.book('check_in');
  }

  dispose(): void {
    this.#disposed = true;
    this.idle.dispose();
    if (this.#tick !== null) this.room.clock.clearTimeout(this.#tick);
  }

  /** Resolves true once `ok()` holds, false after the confirm time (longer while warming up). */
  #until(ok: () => boolean): Promise<boolean> {
    if (ok()) return Promise.resolve(true);
    const { clock } = this.room;
    return new Promise((resolve) => {
      let waited = 0;
      const check = () => {
        if (this.#disposed) return resolve(false);
        if (ok()) return resolve(true);
        waited += 250;
        // A projector warming up takes its time: keep waiting while a device says it is on its way.
        if (waited >= this.room.confirmTimeoutMs && this.transition === null) return resolve(false);
        clock.setTimeout(check, 250);
      };
      clock.setTimeout(check, 250);
    });
  }

  #everySecond(): void {
    this.#tick = this.room.clock.setTimeout(() => {
      this.#nowMs = this.room.clock.now();
      this.idle.update(this.roomOn, this.booking?.status === 'busy');
      // The room is on (started here or anywhere else): someone is using it, so check in.
      if (this.roomOn && this.plan?.power) this.#checkInIfWaiting();
      this.#followCountdown();
      if (!this.#disposed) this.#everySecond();
    }, 1000);
  }
}
