/**
 * A panel's screen stays on while the room is in use (on, or a meeting booked now) so nobody
 * has to wake it mid-meeting; an empty room's panel may let the display sleep like any screen.
 */

/** What the panel last reported about its room (only the parts this decision reads). */
export interface RoomActivity {
  /** Null: not known yet (a page still loading, e.g. just after a recovery). */
  roomOn: boolean | null;
  meetingUnderway: boolean | null;
}

/**
 * True: keep the display on; false: it may sleep; null: not known, so leave it as it is (a page
 * reloaded mid-meeting must not let the screen blank while it loads the room again).
 */
export function keepDisplayAwake(activity: RoomActivity | null): boolean | null {
  if (activity === null) return null;
  if (activity.roomOn === true || activity.meetingUnderway === true) return true;
  if (activity.roomOn === false && activity.meetingUnderway === false) return false;
  return null;
}

/** The parts of Electron's powerSaveBlocker this needs (a fake in tests). */
export interface PowerSaveBlockerLike {
  start(type: 'prevent-display-sleep'): number;
  stop(id: number): void;
}

/**
 * Applies the decision: starts the blocker once when the display must stay awake, stops it once
 * when it may sleep. Repeated reports of the same state (heartbeats) change nothing.
 */
export class DisplayAwake {
  readonly #blocker: PowerSaveBlockerLike;
  #id: number | null = null;

  constructor(blocker: PowerSaveBlockerLike) {
    this.#blocker = blocker;
  }

  get awake(): boolean {
    return this.#id !== null;
  }

  update(activity: RoomActivity | null): void {
    const awake = keepDisplayAwake(activity);
    if (awake !== null) this.set(awake);
  }

  set(awake: boolean): void {
    if (awake && this.#id === null) this.#id = this.#blocker.start('prevent-display-sleep');
    else if (!awake && this.#id !== null) {
      this.#blocker.stop(this.#id);
      this.#id = null;
    }
  }

  dispose(): void {
    this.set(false);
  }
}
