/**
 * A panel's screen stays on while the room is in use (on, or a meeting booked now) so nobody
 * has to wake it mid-meeting; an empty room's panel may let the display sleep like any screen.
 */

/** What the panel last reported about its room (only the parts this decision reads). */
export interface RoomActivity {
  roomOn: boolean;
  meetingUnderway: boolean;
}

export function keepDisplayAwake(activity: RoomActivity | null): boolean {
  if (activity === null) return false;
  return activity.roomOn || activity.meetingUnderway;
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
    this.set(keepDisplayAwake(activity));
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
