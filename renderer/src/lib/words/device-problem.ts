/*
 * A device that let a room command down, structured so its sentence is composed in the page's
 * language (failure-words.ts). Here, below lib/room, so that room/outcome.ts (which reads the
 * room logic's warnings into it) and the words both build on it without a cycle.
 */

/** What went wrong with one device, as far as the room logic's warning tells. */
export type DeviceProblem = 'noAnswer' | 'warming' | 'stopped' | 'problem';

export interface PartialDevice {
  /** The room's own name for the device ("Display 1"): data, shown as is. */
  name: string;
  problem: DeviceProblem;
}
