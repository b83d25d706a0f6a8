import type { PanelTimers } from '#contract';
import type { Room } from '../room/room.svelte.ts';
import type { Transition } from '../control/values.ts';
import type { BookingView, LengthChoice } from './booking.ts';
import { IdleWatch } from './idle.svelte.ts';
import { type BookingVerb, MeetingDesk } from './meeting.svelte.ts';
import type { PageSpec, PanelPlan, SourceTile } from '../plan/plan.ts';
import { joinedPlans } from '../plan/joined-plan.ts';
import { type Phase, RoomPower } from './power.svelte.ts';
import type { RecorderView } from './recorder.ts';
import { type RecorderPress, RecorderDesk } from './recorder.svelte.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { CallDesk } from '../call/call-desk.svelte.ts';
import { callFor } from '../words/help-contact.ts';
import { type Fault, neededDevices } from './faults.ts';
import { type HeldChange, heldIn } from './held.ts';
import { nothingToUse, pictureMutes, startsWithRoomOn, transitionIn } from './plan-facts.ts';
import { type ScreenNote, screenNotes, screensOf } from './screens.ts';
import { DeviceTruth, type SourceTruth, type TileState } from './source-truth.ts';

/** How often a needed device reported down has its module record read again (see #faultRead). */
const FAULT_REREAD_MS = 5_000;

export type { SourceTruth, TileState } from './source-truth.ts';

/*
 * The panel's task logic over one Room: is the room on, which source shows (source-truth.ts),
 * starting with a source (locked until the devices agree), switching off, the page shown (and so
 * what is polled), the room's booking (meeting.svelte.ts), and what an untouched panel does by
 * itself.
 */

export class PanelModel {
  readonly room: Room;
  readonly idle: IdleWatch;
  /** The room's video calls (its codec): Join, the call page, an incoming call. */
  readonly calls: CallDesk;
  #pageId = $state('sources');
  #ending = $state(false);
  #nowMs = $state(0);
  readonly #truth: DeviceTruth;
  readonly #meeting: MeetingDesk;
  readonly #power: RoomPower;
  readonly #recorder: RecorderDesk;
  #tick: unknown = null;
  #disposed = false;
  readonly #stopRecovered: () => void;
  readonly #stopHeard: () => void;
  #faultReadAt = 0;
  /** On a combined room's panel, the room the panel stands in: its pages that do not merge. */
  readonly #own: Room | null;
  readonly #joined = joinedPlans();

  /** `startPage`: the page to show first (a recovered window returns to the page it showed). */
  constructor(room: Room, timers: PanelTimers, options: { startPage?: string | null; own?: Room } = {}) {
    this.room = room;
    this.#own = options.own ?? null;
    if (options.startPage) this.#pageId = options.startPage;
    this.#nowMs = room.clock.now();
    this.idle = new IdleWatch({ clock: room.clock, ...timers, switchOff: () => void this.off() });
    const nowMs = () => this.#nowMs;
    this.#truth = new DeviceTruth({
      room,
      nowMs,
      roomOn: () => this.roomOn,
      startingTile: () => this.#power.startingTile,
      failedTile: () => this.#power.failedTile,
      held: () => this.held,
      pictureMutes: () => pictureMutes(this.plan),
    });
    this.#meeting = new MeetingDesk({ room, nowMs });
    this.#recorder = new RecorderDesk({ room, nowMs });
    this.calls = new CallDesk({
      room,
      codecRoom: options.own,
      nowMs,
      roomOn: () => this.roomOn,
      warming: () => this.transition?.kind === 'warming',
      startRoom: () => this.#power.switchOn(),
      showCall: () => this.showPage('call'),
    });
    this.#power = new RoomPower({
      room,
      truth: this.#truth,
      roomOn: () => this.roomOn,
      transition: () => this.transition,
      held: () => this.held,
      someoneHere: () => this.#meeting.checkInIfWaiting(),
      started: () => this.pageAfterStart(),
      stopped: () => {
        this.#pageId = 'sources';
        this.room.show(this.page);
      },
    });
    // The service answers again: a failure that was only its silence clears by itself.
    this.#stopRecovered = room.onRecovered(() => this.#power.forgetLinkProblem());
    // A press the service did not answer (said before the panel knew the link was down) is
    // forgotten at the service's next answer, whichever way it comes.
    // Every state heard is also a chance for the devices' own word to put a failure right (a room
    // on for a moment and off again is seen, which a once-a-second look could miss).
    this.#stopHeard = room.onHeard(() => {
      this.#power.forgetLinkProblem();
      this.#power.settle();
    });
    this.#everySecond();
  }

  get plan(): PanelPlan | null {
    const plan = this.room.plan;
    return plan && this.#own ? this.#joined(plan, this.#own.plan) : plan;
  }
  get nowMs(): number {
    return this.#nowMs;
  }
  get busy(): boolean {
    return this.#power.phase !== 'ready';
  }
  /**
   * A press is waiting for the service: starting or switching off, a source, a booking, or any
   * control's command (a fader on a page, a light, a camera preset) not yet answered.
   */
  get pressInFlight(): boolean {
    return (
      this.busy ||
      this.#power.startingTile !== null ||
      this.#meeting.busy ||
      this.#recorder.busy !== null ||
      this.calls.busy !== null ||
      this.room.commandsInFlight > 0
    );
  }
  /** When the room's next meeting starts (epoch ms); null without one (or without a calendar). */
  nextMeetingAt(nowMs: number): number | null {
    return this.#meeting.nextMeetingAt(nowMs);
  }
  get phase(): Phase {
    return this.#power.phase;
  }
  /**
   * The last room-level failure (start, switch off), naming what let the room down; not when a
   * device it names is already said by the fault strip or the source's banner (one message per
   * fault, never a second copy over the tiles).
   */
  get problem(): string | null {
    const problem = this.#power.problem;
    if (problem === null) return null;
    return this.faults.some((f) => problem.includes(f.name)) ? null : problem;
  }

  /** The devices the room needs that are not answering, each said once in its kind's words. */
  get faults(): Fault[] {
    const { room } = this;
    const call = callFor(room.roomHelp.phone);
    const codec = this.calls.fault;
    const devices = neededDevices(this.plan).flatMap((device): Fault[] => {
      const silence = room.silence(device);
      if (silence === null) return [];
      const name = device.name ?? room.nameOf(device);
      const sentence =
        silence.why === 'stopped'
          ? t('room.failure.switchedOff', { count: 1, devices: name, call })
          : room.withinReach(name)
            ? t('room.failure.notResponding', { count: 1, devices: name, call })
            : t('room.failure.notRespondingCall', { count: 1, devices: name, call });
      return [{ device, name, sentence }];
    });
    return codec ? [...devices, codec] : devices;
  }

  /** On as the devices report it; a room with no power control is always in use. */
  get roomOn(): boolean {
    const power = this.plan?.power;
    if (!power) return true;
    return this.#truth.holds(power.on);
  }

  /**
   * Welcome (room off) or in use. Starting shows the welcome, locked, until the room is on.
   * Unknown: the room as remembered, the service not reached since the panel started, so whether
   * it is on cannot be said (never "off" from missing data).
   */
  get view(): 'welcome' | 'in-use' | 'unknown' {
    if (this.room.connecting && this.plan?.power) return 'unknown';
    // A room with nothing the panel can use stays on the welcome, which says so and whom to call:
    // never an empty page "in use".
    if (this.nothingToUse) return 'welcome';
    return this.roomOn ? 'in-use' : 'welcome';
  }

  /** No sources, no power, no volume and no control on any page: the room's panel is not set up. */
  get nothingToUse(): boolean {
    return nothingToUse(this.plan);
  }

  /** The source on the screens, as the devices report it now (not what was last asked for). */
  get activeTile(): SourceTile | null {
    if (!this.roomOn) return null;
    return this.plan?.home.find((t) => this.#truth.lit(t)) ?? null;
  }

  /** Who to call: see roomHelpOf (the room's own number, else the configured contact, else the room system's). */
  get helpNumber(): string | null {
    return this.room.roomHelp.phone;
  }

  truth(tile: SourceTile): SourceTruth {
    return this.#truth.truth(tile);
  }

  tileState(tile: SourceTile): TileState {
    return this.truth(tile).state;
  }

  /** The chosen source's story when it is not simply on the screens: for the full-width banner. */
  get story(): (SourceTruth & { tile: SourceTile }) | null {
    // Out of reach, the offline notice is the one message; a press's failure shows on its tile.
    if (this.room.unreachable) return null;
    for (const tile of this.plan?.home ?? []) {
      const truth = this.truth(tile);
      if (truth.state === 'warming' || truth.state === 'failed' || truth.state === 'waiting')
        return { ...truth, tile };
    }
    return null;
  }

  /** Warming up or cooling down, as the room logic or the displays report it. */
  get transition(): Transition | null {
    return transitionIn(this.plan, (device) => this.#truth.stateOf(device));
  }

  /** Power changes the room logic accepted but a screen cannot take yet (its state `held`). */
  get held(): HeldChange[] {
    const on = this.plan?.power?.on;
    return [...(on ? heldIn(this.#truth.stateOf(on)) : []), ...this.#power.held];
  }

  /** Room off, the screens still doing something: switching off when ready, cooling, still on. */
  get screenNotes(): ScreenNote[] {
    if (this.view !== 'welcome') return [];
    return screenNotes(screensOf(this.plan), {
      held: this.held,
      countdown: (screen) => this.#truth.countdown(screen),
      on: (screen) => this.#truth.holds(screen) && this.#truth.fresh(screen),
    });
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
    return this.#meeting.view;
  }
  get bookingBusy(): boolean {
    return this.#meeting.busy;
  }
  get bookingProblem(): string | null {
    return this.#meeting.problem;
  }

  /** Starts the room with a source (or switches to it); refuses a second start while one runs. */
  start(tile: SourceTile): Promise<void> {
    return this.#power.start(tile);
  }

  /** A room with no source tiles starts with Room on: what its power says starts it. */
  get canSwitchOn(): boolean {
    return startsWithRoomOn(this.plan);
  }

  /** Room on, for a room without source tiles; locked until the devices report on. */
  switchOn(): Promise<void> {
    return this.#power.switchOn();
  }

  pageAfterStart(): void {
    if (this.view === 'in-use' && !this.pages.some((p) => p.id === this.#pageId))
      this.#pageId = this.pages[0]?.id ?? 'sources';
    this.room.show(this.page);
  }

  /** Switches the room off (after the person confirmed). */
  off(): Promise<void> {
    return this.#power.off();
  }

  reset(): Promise<void> {
    return this.#power.reset();
  }

  dismissProblem(): void {
    this.#power.dismissProblem();
  }

  book(method: BookingVerb, length?: number | LengthChoice): Promise<boolean> {
    return this.#meeting.book(method, length);
  }

  /** End meeting (or Room off) is under way. */
  get ending(): boolean {
    return this.#ending || this.#power.phase === 'stopping';
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
      // The meeting is over for the far end too, whatever the room's own switching off does.
      if (this.calls.view?.active) await this.calls.leave();
      await this.off();
    } finally {
      this.#ending = false;
    }
  }

  /** "Check in": the person is here, so the calendar keeps the meeting it would release. */
  checkIn(): Promise<boolean> {
    return this.#meeting.checkIn();
  }

  /** The room's lecture recorder as it reports itself; null when the room has none. */
  get recorder(): RecorderView | null {
    return this.#recorder.view;
  }
  /** The recorder press waiting for its answer. */
  get recorderBusy(): RecorderPress | null {
    return this.#recorder.busy;
  }
  get recorderProblem(): string | null {
    return this.#recorder.problem;
  }
  pressRecorder(what: RecorderPress): Promise<boolean> {
    return this.#recorder.press(what);
  }

  /** Cancel the meeting booked at this panel (a mistaken Book now). */
  cancelBooking(): Promise<boolean> {
    return this.#meeting.cancel();
  }

  dispose(): void {
    this.#disposed = true;
    this.#stopRecovered();
    this.#stopHeard();
    this.#power.dispose();
    this.idle.dispose();
    if (this.#tick !== null) this.room.clock.clearTimeout(this.#tick);
  }

  /**
   * While the welcome says a device the room needs is down, its module record is read every few
   * seconds, not at the idle panel's rate of minutes: the record is what says it is back, and a
   * fault strip outliving the fault would send the next person to the phone for nothing.
   */
  #faultRead(): void {
    if (this.faults.length === 0 || this.#nowMs - this.#faultReadAt < FAULT_REREAD_MS) return;
    this.#faultReadAt = this.#nowMs;
    void this.room.rereadModules();
  }

  #everySecond(): void {
    this.#tick = this.room.clock.setTimeout(() => {
      this.#nowMs = this.room.clock.now();
      // Nothing is decided from values the service cannot confirm now (no switching off, no check-in).
      if (!this.room.unreachable) {
        // A call or a recording under way is a meeting under way, booked or not: no switching off under it.
        const inUse = this.calls.view?.active != null || this.#recorder.capturing;
        this.idle.update(this.roomOn, this.booking?.status === 'busy' || inUse);
        // The room is on (started here or anywhere else): someone is using it, so check in.
        if (this.roomOn && this.plan?.power) this.#meeting.checkInIfWaiting();
      }
      this.#meeting.followCountdown();
      this.#power.settle();
      this.#faultRead();
      if (!this.#disposed) this.#everySecond();
    }, 1000);
  }
}
