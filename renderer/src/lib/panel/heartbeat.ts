import type { Clock } from '../time/clock.ts';

/*
 * The panel's word to the main process: which room and page it shows and whether the room is in
 * use, sent at once on every change and every few seconds as a heartbeat. The main process keeps
 * the display awake from it, returns a recovered window to the same page, and takes a silent
 * heartbeat for a hung page. Sending never blocks the panel: one report in flight at most, a
 * failure is simply the next heartbeat's to repair.
 */

export interface PanelState {
  systemId: string | null;
  page: string | null;
  /** Null while not known (the room still loading). */
  roomOn: boolean | null;
  meetingUnderway: boolean | null;
  /** Epoch ms of the last touch or key; absent when not known. */
  lastInteractionAt?: number;
  /** Epoch ms the next meeting starts, null when none; absent when not known. */
  nextMeetingAt?: number | null;
  /** A press is waiting for the service; absent when not known. */
  pressInFlight?: boolean;
  /** The combined room this room is part of and the room leading it; null when on its own. */
  combined?: CombinedIn | null;
}

export interface CombinedIn {
  systemId: string;
  masterId: string;
}

/** What the update window needs, read fresh for every report (touches are not reactive state). */
export type PanelActivityReport = Pick<PanelState, 'lastInteractionAt' | 'nextMeetingAt' | 'pressInFlight'>;

/** Before the app has decided what to show: nothing known. */
export const UNKNOWN: PanelState = { systemId: null, page: null, roomOn: null, meetingUnderway: null };
/** Sign-in or room choice: no room shown, nothing keeping the display awake. */
export const NO_ROOM: PanelState = { systemId: null, page: null, roomOn: false, meetingUnderway: false };

export const HEARTBEAT_MS = 5_000;

export interface HeartbeatOptions {
  send(state: PanelState): Promise<unknown>;
  clock: Clock;
  everyMs?: number;
}

const same = (a: PanelState, b: PanelState): boolean =>
  a.systemId === b.systemId &&
  a.page === b.page &&
  a.roomOn === b.roomOn &&
  a.meetingUnderway === b.meetingUnderway &&
  a.combined?.systemId === b.combined?.systemId &&
  a.combined?.masterId === b.combined?.masterId;

export class PanelHeartbeat {
  readonly #o: HeartbeatOptions;
  #state: PanelState = UNKNOWN;
  #sent: PanelState | null = null;
  #inFlight = false;
  /** A change arrived while a report was in flight: send it when that one settles. */
  #dirty = false;
  #timer: unknown = null;
  #stopped = true;
  #activity: (() => PanelActivityReport) | null = null;

  constructor(options: HeartbeatOptions) {
    this.#o = options;
  }

  get state(): PanelState {
    return this.#state;
  }
  get inFlight(): boolean {
    return this.#inFlight;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#beat();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Where each report reads the panel's activity from (null: the panel shown has none to tell). */
  useActivity(activity: (() => PanelActivityReport) | null): void {
    this.#activity = activity;
  }

  /** The activity changed (a touch, a press): report at once rather than at the next heartbeat. */
  refresh(): void {
    if (!this.#stopped) this.#send();
  }

  /** The panel's state now; a change goes out at once, a repeat waits for the next heartbeat. */
  set(state: PanelState): void {
    this.#state = { ...state };
    if (this.#stopped || (this.#sent !== null && same(this.#sent, this.#state))) return;
    this.#send();
  }

  #beat(): void {
    this.#send();
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      if (!this.#stopped) this.#beat();
    }, this.#o.everyMs ?? HEARTBEAT_MS);
  }

  #send(): void {
    if (this.#inFlight) {
      this.#dirty = true;
      return;
    }
    this.#inFlight = true;
    this.#dirty = false;
    const state: PanelState = { ...this.#state, ...this.#activity?.() };
    let sent: Promise<unknown>;
    try {
      sent = this.#o.send(state);
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        () => {
          this.#sent = state;
        },
        () => {
          // Not recorded as sent: the next change or heartbeat tries again.
          this.#sent = null;
        },
      )
      .finally(() => {
        this.#inFlight = false;
        if (this.#dirty && !this.#stopped) this.#send();
      });
  }
}

/** The page a recovered window was asked to show (`#page=lights`), or null. */
export function startPageFrom(hash: string): string | null {
  const match = /^#?page=([^&]+)/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
