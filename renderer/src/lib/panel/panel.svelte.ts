import type { ModuleState, PanelTimers } from '#contract';
import type { Room } from '../room.svelte.ts';
import { type Transition, sameValue, transitionOf } from '../values.ts';
import { type BookingView, bookingView, nextMeetingStart } from './booking.ts';
import { callFor } from './help-contact.ts';
import { IdleWatch } from './idle.svelte.ts';

/** "No answer in time" only: the devices may have done it, and their state is the proof. */
const noAnswer = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ROOMDECK_TIMEOUT' || code === 'ROOMDECK_EXEC_TIMEOUT';
};
import type { PageSpec, PanelPlan, SourceTile, Watch } from './plan.ts';

/*
 * The panel's task logic over one Room: is the room on, which source shows, starting with a
 * source (locked until the devices agree), switching off, the page shown (and so what is polled),
 * the room's booking, and what an untouched panel does by itself.
 */

export type TileState = 'idle' | 'pending' | 'confirmed' | 'failed';
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
  #nowMs = $state(0);
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

  get activeTile(): SourceTile | null {
    if (!this.roomOn) return null;
    return this.plan?.home.find((t) => this.#holds(t.active)) ?? null;
  }

  tileState(tile: SourceTile): TileState {
    if (this.#startingTile === tile.id) return 'pending';
    if (this.#failedTile === tile.id) return 'failed';
    return this.activeTile?.id === tile.id ? 'confirmed' : 'idle';
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

  pageAfterStart(): void {
    if (this.view === 'in-use' && this.page === null) this.#pageId = 'sources';
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

  async book(method: 'book_now' | 'extend' | 'end_meeting', minutes?: number): Promise<boolean> {
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
      return false;
    } finally {
      this.#bookingBusy = false;
    }
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
      if (!this.#disposed) this.#everySecond();
    }, 1000);
  }
}
