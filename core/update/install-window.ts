/**
 * When a downloaded update may be installed. A panel restarts to install, so it must do that only
 * when nobody can notice: the room off, the panel untouched for a while, no meeting about to start,
 * never in the middle of a press. Pure: the caller passes what it knows and the time.
 */

export interface InstallPolicy {
  /** The panel must have been untouched this long (default 30 min). */
  idleMs: number;
  /** No meeting may start within this long (default 60 min). */
  meetingGuardMs: number;
}

export const DEFAULT_INSTALL_POLICY: InstallPolicy = { idleMs: 30 * 60_000, meetingGuardMs: 60 * 60_000 };

export interface PanelActivity {
  now: number;
  /** The room is on (RoomLogic power, or any display on when the room has no RoomLogic). */
  roomOn: boolean;
  /** A meeting is under way now. */
  inMeeting: boolean;
  /** Start of the next meeting today, epoch ms; null when none (or the room has no calendar). */
  nextMeetingAt: number | null;
  /** Last touch, key or pointer on the panel, epoch ms. */
  lastInteractionAt: number;
  /** A command sent from the panel has not been answered yet. */
  pressInFlight: boolean;
}

export type InstallDecision =
  | { install: true }
  | { install: false; reason: InstallBlock /** When to ask again, epoch ms. */; retryAt: number };

export type InstallBlock = 'room-on' | 'in-meeting' | 'recently-used' | 'meeting-soon' | 'press-in-flight';

/** A short pause before asking again when the blocker has no known end. */
const RECHECK_MS = 60_000;

export function installDecision(
  activity: PanelActivity,
  policy: InstallPolicy = DEFAULT_INSTALL_POLICY,
): InstallDecision {
  const { now } = activity;
  if (activity.pressInFlight) return { install: false, reason: 'press-in-flight', retryAt: now + 5_000 };
  if (activity.inMeeting) return { install: false, reason: 'in-meeting', retryAt: now + RECHECK_MS };
  if (activity.roomOn) return { install: false, reason: 'room-on', retryAt: now + RECHECK_MS };
  const idleUntil = activity.lastInteractionAt + policy.idleMs;
  if (now < idleUntil) return { install: false, reason: 'recently-used', retryAt: idleUntil };
  if (activity.nextMeetingAt !== null && activity.nextMeetingAt - now < policy.meetingGuardMs) {
    // Past that meeting's start the calendar will have moved on: ask again a little after it.
    const retryAt = activity.nextMeetingAt > now ? activity.nextMeetingAt + RECHECK_MS : now + RECHECK_MS;
    return { install: false, reason: 'meeting-soon', retryAt };
  }
  return { install: true };
}
