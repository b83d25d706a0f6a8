import type { Clock } from '../time/clock.ts';

/*
 * What an untouched panel does on its own. Room off: after `screensaverAfterS` it dims to a
 * welcome screen (a touch only wakes it). Room on and no meeting booked: after `stillUsingAfterS`
 * it asks "Still using the room?" and, unanswered for `stillUsingAnswerS`, switches the room off.
 */

export type IdlePhase = 'active' | 'screensaver' | 'asking';

export interface IdleOptions {
  clock: Clock;
  screensaverAfterS: number;
  stillUsingAfterS: number;
  stillUsingAnswerS: number;
  /** Switches the room off when nobody answered. */
  switchOff(): void;
}

export class IdleWatch {
  readonly #o: IdleOptions;
  #phase = $state<IdlePhase>('active');
  #secondsLeft = $state(0);
  #roomOn = false;
  #meeting = false;
  #timer: unknown = null;
  #tick: unknown = null;

  constructor(options: IdleOptions) {
    this.#o = options;
    this.#arm();
  }

  get phase(): IdlePhase {
    return this.#phase;
  }

  /** Seconds left to answer "Still using the room?". */
  get secondsLeft(): number {
    return this.#secondsLeft;
  }

  /** Any touch, key or pointer movement. Returns true when it only woke the panel. */
  touched(): boolean {
    const waking = this.#phase === 'screensaver';
    if (this.#phase !== 'asking') {
      this.#phase = 'active';
      this.#arm();
    }
    return waking;
  }

  /** "Yes, still using it". */
  keep(): void {
    this.#stopTick();
    this.#phase = 'active';
    this.#arm();
  }

  /** The room's state changed: the timers that apply change with it. */
  update(roomOn: boolean, meetingUnderWay: boolean): void {
    if (roomOn === this.#roomOn && meetingUnderWay === this.#meeting) return;
    this.#roomOn = roomOn;
    this.#meeting = meetingUnderWay;
    if (this.#phase === 'asking' && (!roomOn || meetingUnderWay)) {
      this.#stopTick();
      this.#phase = 'active';
    }
    if (this.#phase === 'screensaver' && roomOn) this.#phase = 'active';
    this.#arm();
  }

  dispose(): void {
    this.#clear();
    this.#stopTick();
  }

  #arm(): void {
    this.#clear();
    if (this.#phase !== 'active') return;
    const { clock } = this.#o;
    if (!this.#roomOn) {
      this.#timer = clock.setTimeout(() => {
        this.#phase = 'screensaver';
      }, this.#o.screensaverAfterS * 1000);
    } else if (!this.#meeting) {
      this.#timer = clock.setTimeout(() => this.#ask(), this.#o.stillUsingAfterS * 1000);
    }
  }

  #ask(): void {
    this.#phase = 'asking';
    this.#secondsLeft = this.#o.stillUsingAnswerS;
    const step = () => {
      this.#secondsLeft -= 1;
      if (this.#secondsLeft <= 0) {
        this.#tick = null;
        this.#phase = 'active';
        this.#o.switchOff();
        this.#arm();
        return;
      }
      this.#tick = this.#o.clock.setTimeout(step, 1000);
    };
    this.#tick = this.#o.clock.setTimeout(step, 1000);
  }

  #clear(): void {
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #stopTick(): void {
    if (this.#tick !== null) this.#o.clock.clearTimeout(this.#tick);
    this.#tick = null;
  }
}
