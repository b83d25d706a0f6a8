import type { ModuleState } from '#contract';
import type { Room } from '../room/room.svelte.ts';
import {
  type BookingView,
  bookingView,
  holdBeforeCounting,
  type LengthChoice,
  minutesToBook,
  nextMeetingStart,
} from './booking.ts';

/** How often the calendar is re-read while its no-show countdown runs. */
const COUNTDOWN_READ_MS = 3_000;

export type BookingVerb = 'book_now' | 'extend' | 'end_meeting' | 'check_in' | 'cancel';

export interface MeetingSources {
  room: Room;
  /** The panel's clock, ticking every second. */
  nowMs(): number;
}

/** The room's calendar as the panel uses it: the meeting now and next, booking, and checking in. */
export class MeetingDesk {
  readonly #from: MeetingSources;
  #busy = $state(false);
  // Kept as how to say it, not as words said once: a language switch re-says it.
  #problem = $state<(() => string) | null>(null);
  /** The meeting this panel last checked in to (or tried to): asked once, not every second. */
  #checkedIn: string | null = null;
  /** When the calendar was last re-read for a running no-show countdown (epoch ms). */
  #countdownReadAt = 0;

  constructor(from: MeetingSources) {
    this.#from = from;
  }

  #state(): ModuleState | undefined {
    const at = this.#from.room.plan?.bookings;
    return at ? this.#from.room.feed(at.module, at.index).state : undefined;
  }

  get view(): BookingView | null {
    const at = this.#from.room.plan?.bookings;
    return at ? bookingView(this.#state(), Math.floor(this.#from.nowMs() / 1000)) : null;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get problem(): string | null {
    return this.#problem?.() ?? null;
  }

  /** When the room's next meeting starts (epoch ms); null without one (or without a calendar). */
  nextMeetingAt(nowMs: number): number | null {
    const at = this.#from.room.plan?.bookings;
    const start = at ? nextMeetingStart(this.#state(), Math.floor(nowMs / 1000)) : null;
    return start === null ? null : start * 1000;
  }

  /** `length`: minutes, or one of the view's choices (Book now's "Until HH:MM" is counted at the press). */
  book(method: BookingVerb, length?: number | LengthChoice): Promise<boolean> {
    if (typeof length === 'object') return this.#send(method, () => this.#countAtPress(length));
    return this.#send(method, length === undefined ? [] : [length]);
  }

  async #countAtPress(choice: LengthChoice): Promise<unknown[]> {
    const { clock } = this.#from.room;
    const hold = holdBeforeCounting(choice, clock.now());
    if (hold > 0) await new Promise<void>((resolve) => clock.setTimeout(resolve, hold));
    return [minutesToBook(choice, clock.now())];
  }

  /** Cancel: the meeting booked here by mistake leaves the calendar, and the room is free again. */
  cancel(): Promise<boolean> {
    const mine = this.view?.bookedHere;
    return mine ? this.#send('cancel', [mine.id]) : Promise.resolve(false);
  }

  /** `args`, or how to work them out once the press is taken (the panel shows busy meanwhile). */
  async #send(method: BookingVerb, args: unknown[] | (() => Promise<unknown[]>)): Promise<boolean> {
    const { room } = this.#from;
    const at = room.plan?.bookings;
    if (!at || this.#busy) return false;
    this.#busy = true;
    this.#problem = null;
    try {
      const sent = Array.isArray(args) ? args : await args();
      await room.exec(at.module, at.index, { method, args: sent });
      room.feeds.refresh(at);
      return true;
    } catch (error) {
      this.#problem = () => room.messageOf(error, at);
      room.feeds.refresh(at);
      return false;
    } finally {
      this.#busy = false;
    }
  }

  /** "Check in": the person is here, so the calendar keeps the meeting it would release. */
  checkIn(): Promise<boolean> {
    const id = this.#waitingMeeting();
    if (id !== null) this.#checkedIn = id;
    return this.book('check_in');
  }

  /** Someone is using the room: a meeting waiting for its check-in is kept (asked once per meeting). */
  checkInIfWaiting(): void {
    const id = this.#waitingMeeting();
    if (id === null || id === this.#checkedIn || this.#busy) return;
    this.#checkedIn = id;
    void this.book('check_in');
  }

  /**
   * While the calendar counts down to releasing a meeting, the panel reads it every few seconds
   * rather than every 30: the release, or a check-in from elsewhere, shows at once, not half a
   * minute late. Only during a countdown, so an ordinary panel's load is unchanged.
   */
  followCountdown(): void {
    const at = this.#from.room.plan?.bookings;
    if (!at || this.view?.releaseAt == null) return;
    const now = this.#from.nowMs();
    if (now - this.#countdownReadAt < COUNTDOWN_READ_MS) return;
    this.#countdownReadAt = now;
    this.#from.room.feeds.refresh(at);
  }

  /** The id of the meeting under way that the calendar releases unless someone checks in. */
  #waitingMeeting(): string | null {
    const at = this.#from.room.plan?.bookings;
    const view = this.view;
    if (!at || view === null || view.releaseAt === null) return null;
    const current = this.#state()?.current;
    const id = typeof current === 'object' && current !== null ? (current as { id?: unknown }).id : null;
    return typeof id === 'string' ? id : null;
  }
}
